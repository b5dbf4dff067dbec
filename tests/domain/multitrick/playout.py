"""Random complete games of a game of the family, through the one game interface, checking
the conformance invariants at every step (STYLE.md, "Many games, one seam"):

- every card of the deck lies in exactly one zone while a deal runs;
- a deal played out scores the deck's 120 points;
- the log replays to the state, and the state round-trips through the codec;
- every offered legal action is accepted by `decide`, and random others are refused with a
  `DomainError` that has a code;
- no view, and no event payload, shows a seat a card in a zone hidden from it unless the
  game's `revealed_to` lets it know that card;
- each finished deal's record holds the deck of its seed and re-deals to its hands;
- the game ends.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import pytest

from app.domain import codec
from app.domain.cards import Card
from app.domain.commands import Command, Resign, ShuffleDeck
from app.domain.errors import DomainError
from app.domain.events import Event
from app.domain.game import Game
from app.domain.multitrick.commands import Beat, Claim, Discard, Lead
from app.domain.multitrick.deck import DECK, TOTAL_POINTS
from app.domain.multitrick.events import DealScored, DeckShuffled
from tests.domain.cardscan import whereabouts

MAX_STEPS = 20_000
ALL_CODES = {str(card) for card in DECK}
SORTED_CODES = sorted(ALL_CODES)
FULL_DEAL_REASONS = {"points", "eggs"}


@dataclass
class Playout:
    game: Game[Any, Any]
    seats: int
    state: Any
    log: list[Event] = field(default_factory=list)
    deals: int = 0
    steps: int = 0
    commands: list[Command] = field(default_factory=list)


Chooser = Callable[[Playout, random.Random], Command]


def random_choice(game: Playout, rng: random.Random) -> Command:
    """A legal action of a seat that must act, now and then an out-of-turn claim."""
    acting = game.game.to_act(game.state)
    claims = [
        action
        for seat in range(game.seats)
        if seat not in acting
        for action in game.game.legal_actions(game.state, seat)
        if isinstance(action, Claim)
    ]
    if claims and rng.random() < 0.3:
        return rng.choice(claims)
    seat = rng.choice(acting)
    actions = game.game.legal_actions(game.state, seat)
    rare = [a for a in actions if a.TYPE in RARE]
    if rare and (len(rare) == len(actions) or rng.random() < 0.03):
        return rng.choice(rare)
    return rng.choice([a for a in actions if a.TYPE not in RARE])


RARE = {"declare"}
"""Moves a random player makes only now and then, so that deals are played on."""


def play_game(
    game: Game[Any, Any],
    options: Any,
    seats: int,
    rng: random.Random,
    *,
    checks: bool = True,
    choose: Chooser = random_choice,
) -> Playout:
    first = game.start_game(options, seats, rng.randrange(seats))
    play = Playout(game, seats, _fold(game, None, first), list(first))
    checker = random.Random(rng.random())  # the checks do not change the game played
    while not game.is_terminal(play.state):
        assert play.steps < MAX_STEPS, "the game does not end"
        if game.is_chance_node(play.state):
            command: Command = ShuffleDeck(rng.randbytes(8))
        else:
            acting = game.to_act(play.state)
            assert acting, "a running game always has someone to act"
            for seat in acting:
                assert game.legal_actions(play.state, seat), f"seat {seat} must act, cannot"
            if checks:
                _check_offered(play, checker)
                _check_refusals(play, checker)
            command = choose(play, rng)
            if rng.random() < 0.0003:
                command = Resign(rng.choice(acting))
        _step(play, command, checks)
    if checks:
        assert _fold(game, None, play.log) == play.state, "the log does not replay to the state"
    return play


def _fold(game: Game[Any, Any], state: Any, events: Sequence[Event]) -> Any:
    for event in events:
        state = game.evolve(state, event)
    return state


def _step(play: Playout, command: Command, checks: bool) -> None:
    game = play.game
    events = game.decide(play.state, command)
    play.commands.append(command)
    play.steps += 1
    for event in events:
        play.state = game.evolve(play.state, event)
        play.log.append(event)
        if isinstance(event, DeckShuffled):
            play.deals += 1
    if checks:  # one command's events are judged against the state they lead to
        known = _knowledge(play)
        for event in events:
            _check_event(play, event, known)
        _check_state(play, known)


def _check_event(play: Playout, event: Event, known: dict[int | None, set[str]]) -> None:
    game, state = play.game, play.state
    if isinstance(event, DealScored):
        if event.reason in FULL_DEAL_REASONS:
            assert sum(event.points) == TOTAL_POINTS, f"{event.points} after a full deal"
        record = game.deal_record(play.log)
        assert record.deck == game.deck_after_cut(None, record.seed, None)
        assert game.redeal(record) == record.hands
        assert record.deal_no == event.deal_no
    assert cards_in(event.payload()) <= ALL_CODES
    if not game.deal_running(state):
        return
    for viewer, may_know in known.items():
        payload = event.payload_for(viewer)
        if payload is not None:
            leaked = cards_in(payload) - may_know
            assert not leaked, f"{event.TYPE} shows {viewer} {leaked}"


def _check_state(play: Playout, known: dict[int | None, set[str]]) -> None:
    game, state = play.game, play.state
    snapshot = codec.encode(state)
    assert codec.decode(game.state_type, snapshot) == state, "the snapshot does not round-trip"
    running = game.deal_running(state)
    if running:
        placed = [str(card) for zone in game.zones(state) for card in zone.cards]
        assert sorted(placed) == SORTED_CODES, "a card is lost or doubled"
    for viewer, may_know in known.items():
        view = game.view_for(state, viewer)
        assert view.legal_actions == (() if viewer is None else game.legal_actions(state, viewer))
        if running:
            leaked = cards_in(whereabouts(view)) - may_know
            assert not leaked, f"the view of {viewer} shows {leaked}"
        assert set(view.to_act) <= set(game.to_act(state))


def _knowledge(play: Playout) -> dict[int | None, set[str]]:
    """What each seat, and a spectator, may know of the cards now: the zones it sees, and
    what `revealed_to` tells it (a spectator: what it tells every seat)."""
    game, state = play.game, play.state
    if not game.deal_running(state):
        return {viewer: set() for viewer in (*range(play.seats), None)}
    public: set[str] = set()
    seen: dict[int, set[str]] = {seat: set() for seat in range(play.seats)}
    for zone in game.zones(state):
        codes = set(map(str, zone.cards))
        if zone.seen_by is None:
            public |= codes
        for seat in zone.seen_by or ():
            seen[seat] |= codes
    revealed = {seat: set(map(str, game.revealed_to(state, seat))) for seat in seen}
    known: dict[int | None, set[str]] = {
        seat: public | seen[seat] | revealed[seat] for seat in seen
    }
    known[None] = public | set.intersection(*revealed.values())
    return known


def _check_offered(play: Playout, rng: random.Random) -> None:
    """A few offered actions of every seat are accepted (the state is not changed)."""
    for seat in range(play.seats):
        actions = play.game.legal_actions(play.state, seat)
        assert len(set(actions)) == len(actions), "an action is listed twice"
        for action in rng.sample(actions, min(2, len(actions))):
            assert play.game.decide(play.state, action)


def _check_refusals(play: Playout, rng: random.Random) -> None:
    """Commands that are not offered are refused with a code: a wrong seat, a card not in
    hand, a wrong set of cards."""
    game, state = play.game, play.state
    for _ in range(3):
        seat = rng.randrange(play.seats)
        size = rng.randint(0, 5)
        cards = tuple(rng.sample(DECK, size))
        kind = rng.choice((Lead, Beat, Discard, Claim))
        command = kind(seat, cards)
        offered = {_spelling(a) for a in game.legal_actions(state, seat)}
        if _spelling(command) in offered:
            continue
        _refused(game, state, command, REFUSAL_CODES)
    for bad in (Lead("0", ()), Beat(0, ("AS",)), Lead(True, ()), Discard(9, ())):  # type: ignore[arg-type]
        _refused(game, state, bad, {"invalid_command", "illegal_move"})


REFUSAL_CODES = {"invalid_command", "illegal_move", "not_your_turn"}


def _refused(game: Game[Any, Any], state: Any, command: Command, codes: set[str]) -> None:
    with pytest.raises(DomainError) as refusal:
        game.decide(state, command)
    assert refusal.value.code in codes, refusal.value
    assert str(refusal.value), "a refusal says why"


def _spelling(command: Command) -> tuple[object, ...]:
    cards = getattr(command, "cards", None)
    key = None if cards is None else frozenset(cards) if len(set(cards)) == len(cards) else cards
    return (type(command), getattr(command, "seat", None), key)


def cards_in(value: Any) -> set[str]:
    """Every card inside a view or a payload: `Card`s, and strings that are card codes."""
    found: set[str] = set()
    _walk(value, found)
    return found


_FIELDS: dict[type, tuple[str, ...]] = {}


def _walk(value: Any, found: set[str]) -> None:
    kind = type(value)
    if kind is Card:
        found.add(value.code)
    elif kind is str:
        if value in ALL_CODES:
            found.add(value)
    elif kind in (list, tuple, set, frozenset):
        for item in value:
            _walk(item, found)
    elif kind is dict:
        for item in value.values():
            _walk(item, found)
    elif kind not in (int, bool, float, bytes, type(None)) and not isinstance(value, Enum):
        names = _FIELDS.get(kind)
        if names is None:
            names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(value))
        for name in names:
            _walk(getattr(value, name), found)


def cards(codes: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes.split())
