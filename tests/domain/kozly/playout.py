"""Random complete Kozly games through the `Game` interface, checking invariants at every step.

At every step: every card of the deck in exactly one zone; every offered legal action
accepted, and other commands (a wrong seat, a card not in the hand, a cut out of turn, a
shuffle in play) refused with a coded `DomainError`; each trick's winner and points as an
independent oracle of KZ-4/KZ-5 has them; no view and no event payload showing a seat a
card hidden from it unless `revealed_to` lists it; the snapshot round-trip. After each deal:
120 points, the deal record's deck and re-deal. At the end: replay (also through JSON)
equals the state. Used by the playout tests and the golden-game recorder.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

import pytest

from app.domain.cards import Card
from app.domain.codec import decode, encode
from app.domain.commands import Command, Resign, ShuffleDeck
from app.domain.errors import DomainError
from app.domain.events import Event
from app.domain.kozly import GAME, CutDeck, GameState, Options, Phase, PlayCard
from app.domain.kozly.deck import DECK
from app.domain.kozly.events import DealScored, DeckShuffled, TrickTaken
from tests.domain.cardscan import cards_in, whereabouts

MAX_DEALS = 400
DECK_CODES = frozenset(card.code for card in DECK)
ORDER = ["A", "10", "K", "Q", "9", "8", "7"]
JACKS = ["JC", "JS", "JH", "JD"]
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def oracle(codes: list[str], trump: str) -> tuple[int, int]:
    """KZ-4, KZ-5 written out again: (the winning position, the trick's points)."""

    def strength(code: str) -> int:
        if code in JACKS:
            return 300 - JACKS.index(code)
        rank, suit = code[:-1], code[-1]
        if suit == trump:
            return 200 - ORDER.index(rank)
        if codes[0] not in JACKS and suit == codes[0][-1]:
            return 100 - ORDER.index(rank)
        return 0

    best = max(range(4), key=lambda i: strength(codes[i]))
    return best, sum(POINTS[code[:-1]] for code in codes)


@dataclass
class Playout:
    state: GameState
    log: list[Event] = field(default_factory=list)
    deal_start: int = 0
    deals: int = 0
    commands: list[Command] = field(default_factory=list)


def play_random_game(
    rng: random.Random,
    options: Options,
    first_dealer: int,
    *,
    full_checks: float = 1.0,
    resign_rate: float = 0.0005,
) -> Playout:
    """A seeded random game; `full_checks` is the share of steps whose views, payloads,
    refusals, offered actions and snapshot are checked (conservation always is)."""
    start = GAME.start_game(options, 4, first_dealer)
    state: GameState | None = None
    for event in start:
        state = GAME.evolve(state, event)
    assert state is not None
    game = Playout(state, list(start))
    while not GAME.is_terminal(game.state):
        assert game.deals <= MAX_DEALS, "the game does not end"
        full = rng.random() < full_checks
        if GAME.is_chance_node(game.state):
            assert GAME.to_act(game.state) == ()
            _step(game, ShuffleDeck(rng.randbytes(16)), full)
            continue
        acting = GAME.to_act(game.state)
        assert len(acting) == 1, "one seat acts at a time"
        (seat,) = acting
        actions = GAME.legal_actions(game.state, seat)
        assert actions, f"seat {seat} must act but has no legal action"
        if full:
            _check_offered(game.state, actions)
            _check_refusals(game.state, seat, rng)
        if rng.random() < resign_rate:
            _step(game, Resign(rng.randrange(4)), full)
            break
        _step(game, rng.choice(actions), full)
    _check_replay(game)
    return game


def _step(game: Playout, command: Command, full: bool) -> None:
    events = GAME.decide(game.state, command)
    game.commands.append(command)
    for event in events:
        game.state = GAME.evolve(game.state, event)
        game.log.append(event)
        if isinstance(event, DeckShuffled):
            game.deals += 1
            game.deal_start = len(game.log) - 1
        if isinstance(event, TrickTaken):
            _check_trick(game, event)
        if isinstance(event, DealScored):
            _check_deal(game, event)
    _check_zones(game.state)
    if full:
        _check_secrets(game.state, events)
        snapshot = json.loads(json.dumps(encode(game.state)))
        assert decode(GAME.state_type, snapshot) == game.state


def _check_zones(state: GameState) -> None:
    if not GAME.deal_running(state):
        return
    held = [card.code for zone in GAME.zones(state) for card in zone.cards]
    assert len(held) == len(DECK_CODES), "each card in one zone"
    assert set(held) == DECK_CODES, "each card in one zone"


def _check_trick(game: Playout, taken: TrickTaken) -> None:
    deal = game.state.deal
    assert deal is not None
    assert deal.trump is not None
    trick = deal.tricks[-1]
    at, points = oracle([c.code for c in trick.cards], deal.trump.value)
    assert (taken.winner, taken.points) == ((trick.leader + at) % 4, points)


def _check_deal(game: Playout, scored: DealScored) -> None:
    assert sum(scored.points) == 120, "a deal holds 120 points"
    record = GAME.deal_record(game.log[game.deal_start :])
    assert record.deck == GAME.deck_after_cut(game.state.options, record.seed, record.cut)
    assert GAME.redeal(record) == record.hands
    assert all(len(hand) == (8 if game.state.options.halves else 4) for hand in record.hands)
    assert len(record.tricks) == 8
    assert record.outcome == game.state.last_deal


def _visible(state: GameState, viewer: int | None) -> set[str]:
    """The cards `viewer` may know of now: its zones' and those revealed to it."""
    if viewer is None:
        revealed = frozenset.intersection(*(GAME.revealed_to(state, s) for s in range(4)))
    else:
        revealed = GAME.revealed_to(state, viewer)
    seen = {
        str(card)
        for zone in GAME.zones(state)
        if zone.seen_by is None or viewer in zone.seen_by
        for card in zone.cards
    }
    return seen | {str(card) for card in revealed}


def _check_secrets(state: GameState, events: list[Event]) -> None:
    running = GAME.deal_running(state)
    for viewer in (0, 1, 2, 3, None):
        visible = _visible(state, viewer)
        view = GAME.view_for(state, viewer)
        assert view.legal_actions == (() if viewer is None else GAME.legal_actions(state, viewer))
        if view.phase is Phase.PLAY and viewer is not None:
            assert [p is None for p in view.game.points].count(False) == 1  # KZ-15
        leaked = cards_in(json.loads(json.dumps(encode(whereabouts(view))))) - visible
        assert not leaked, f"view of {viewer} shows {leaked}"
        if not running and state.deal is not None:
            continue  # a finished deal's events are shown whole
        for event in events:
            payload = event.payload_for(viewer)
            shown = cards_in(payload) - visible
            assert not shown, f"{event.TYPE} shows {viewer} {shown}"
            if isinstance(event, DeckShuffled):
                assert payload is not None
                assert "seed" not in payload


def _check_offered(state: GameState, actions: tuple[Command, ...]) -> None:
    for action in actions:
        assert GAME.decide(state, action), f"{action} was offered but refused"


def _check_refusals(state: GameState, seat: int, rng: random.Random) -> None:
    deal = state.deal
    assert deal is not None
    other = rng.choice([s for s in range(4) if s != seat])
    held = set(sum(deal.hands, ()))
    absent = [card for card in DECK if card not in deal.hands[seat]]
    wrong: list[Command] = [
        PlayCard(seat, rng.choice(absent)),
        CutDeck(other, rng.randrange(1, 32)),
        CutDeck(seat, rng.choice([0, 32, -1])),
        ShuffleDeck(b"not now"),
    ]
    if deal.hands[other]:
        wrong.append(PlayCard(other, rng.choice(deal.hands[other])))
    if held:
        wrong.append(PlayCard(seat, Card.parse(str(rng.choice(sorted(held, key=str))))))
    for command in wrong:
        if command in GAME.legal_actions(state, seat):
            continue
        with pytest.raises(DomainError) as refused:
            GAME.decide(state, command)
        assert refused.value.code != DomainError.code, f"{command}: no stable code"


def _check_replay(game: Playout) -> None:
    replayed: GameState | None = None
    for event in game.log:
        stored = json.loads(json.dumps(event.payload()))
        replayed = GAME.evolve(replayed, GAME.events.decode(event.TYPE, stored, event.SCHEMA))
    assert replayed == game.state
