"""Random playouts of every option combination (deck, strictness and auto_out, with the match
target and `marriages_when_closed` drawn per game), checking the conformance invariants of
`playout` at every step. The default run plays fifty games per combination (four hundred in
all), half of them with every view and event payload checked for leaks; the slow run plays
a thousand per combination, all checked."""

from __future__ import annotations

import json

import pytest

from app.domain.sixty_six import GAME, Options, replay
from app.domain.sixty_six.events import CardsDealt, DealScored
from tests.domain.cardscan import cards_in as shared_cards_in
from tests.domain.sixty_six.leaks import cards_in
from tests.domain.sixty_six.playout import ALL_OPTIONS, play_checked_game, variants

GAMES = 50
WITH_VIEWS = 25
SLOW_GAMES = 400


def label(options: Options) -> str:
    return f"{options.deck}-{options.strictness}-{'auto' if options.auto_out else 'claims'}"


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=label)
def test_random_games_keep_every_invariant(options: Options) -> None:
    deals = full = closed = 0
    for seed in range(GAMES):
        game = play_checked_game(seed, variants(options, seed), views=seed < WITH_VIEWS)
        deals, full, closed = deals + game.deals, full + game.full_deals, closed + game.closed_deals
    # The playouts reach what they are meant to check.
    assert deals > GAMES
    assert full > 0
    assert closed > 0


@pytest.mark.slow
@pytest.mark.parametrize("options", ALL_OPTIONS, ids=label)
def test_thousands_of_random_games_keep_every_invariant(options: Options) -> None:
    for seed in range(GAMES, GAMES + SLOW_GAMES):
        play_checked_game(seed, variants(options, seed))


def test_the_log_replays_through_json() -> None:
    game = play_checked_game(7, variants(ALL_OPTIONS[0], 7))
    stored = [(e.TYPE, json.loads(json.dumps(e.payload())), e.SCHEMA) for e in game.log]
    decoded = [GAME.events.decode(kind, payload, schema) for kind, payload, schema in stored]
    assert replay(decoded) == game.state  # type: ignore[arg-type]
    assert any(isinstance(e, CardsDealt) for e in decoded)
    assert any(isinstance(e, DealScored) for e in decoded)


def test_the_fast_card_scan_agrees_with_the_shared_one() -> None:
    game = play_checked_game(3, variants(ALL_OPTIONS[5], 3), views=False)
    for event in game.log:
        assert cards_in(event.payload()) == shared_cards_in(event.payload())
    view = GAME.view_for(game.state, 0)
    assert cards_in(view) == shared_cards_in(view)
