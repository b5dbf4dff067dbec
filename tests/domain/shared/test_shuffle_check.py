"""The shuffle check of a finished deal (`app.domain.shuffle_check`): a true record passes, and
each thing a record could get wrong (the seed, the deck, a hand) fails its own check."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from app.domain.commands import ShuffleDeck
from app.domain.events import Event
from app.domain.game import DealRecord, Game
from app.domain.registry import GAMES
from app.domain.shuffle_check import check_deal


def first_deal(game: Game[Any, Any]) -> tuple[Any, DealRecord]:
    """Deal 1 of a random game of `game` at its first seat count, played to its end."""
    rng = random.Random(7)
    seats = game.info.seat_counts[0]
    options = game.parse_options({}, seats)
    state = None
    deal: list[Event] = []  # the events the service files under deal 1
    new = game.start_game(options, seats, 0)
    while True:
        for event in new:
            state = game.evolve(state, event)
            if game.deal_no(state) == 1:
                deal.append(event)
        if game.deal_no(state) == 1 and not game.deal_running(state):
            return options, game.deal_record(deal)
        if game.is_chance_node(state):
            new = game.decide(state, ShuffleDeck(rng.randbytes(16)))
        else:
            seat = game.to_act(state)[0]
            new = game.decide(state, rng.choice(game.legal_actions(state, seat)))


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_a_true_record_is_verified_and_a_false_one_is_not(variant: str) -> None:
    game = GAMES[variant]
    options, record = first_deal(game)
    assert check_deal(game, options, record).verified

    other_seed = dataclasses.replace(record, seed=bytes(32))
    found = check_deal(game, options, other_seed)
    assert not found.commitment
    assert not found.deck
    assert not found.verified

    swapped = (record.deck[1], record.deck[0], *record.deck[2:])
    found = check_deal(game, options, dataclasses.replace(record, deck=swapped))
    assert found.commitment
    assert not found.deck
    assert not found.verified

    hands = [list(hand) for hand in record.hands]
    first, second = [seat for seat, hand in enumerate(hands) if hand][:2]
    hands[first][0], hands[second][0] = hands[second][0], hands[first][0]
    stolen = dataclasses.replace(record, hands=tuple(map(tuple, hands)))
    found = check_deal(game, options, stolen)
    assert found.deck
    assert not found.hands
    assert not found.verified
