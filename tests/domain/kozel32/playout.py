"""Random complete games through the game interface, checking the conformance invariants at
every step (STYLE.md, "A conformance suite every registered game passes")."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import pytest

from app.domain.codec import decode, encode
from app.domain.commands import Command, Resign, ShuffleDeck
from app.domain.errors import DomainError
from app.domain.events import Event
from app.domain.kozel32 import GAME
from app.domain.kozel32.commands import (
    COMMANDS,
    Cut,
    Discard,
    GiveCards,
    PlayBlind,
    PlayCard,
)
from app.domain.kozel32.deck import DEAL_POINTS, DECK
from app.domain.kozel32.events import DealScored, DeckShuffled
from app.domain.kozel32.options import Options
from app.domain.kozel32.state import DealResult, State
from app.domain.options import parse_options
from tests.domain.cardscan import whereabouts
from tests.domain.kozel32.cards_seen import cards_in

MAX_STEPS = 20_000
FULL_DEALS = {DealResult.EGGS, DealResult.LYUSYA, DealResult.ONE_PAIR, DealResult.TWO_PAIRS}


@dataclass
class Playout:
    state: State
    log: list[Event] = field(default_factory=list)
    deals: int = 0
    steps: int = 0


class Check(Enum):
    """How much a playout checks at each step."""

    NONE = "none"
    LIGHT = "light"
    """Conservation at every step; the snapshot, the record and the points at every deal's
    end; the replay of the log at the game's end."""
    FULL = "full"
    """Besides: every view and event payload against the hidden zones, refusals of commands
    not offered, the wire form of each command, the replay at every deal's end."""


def play_random_game(
    rng: random.Random, raw_options: dict[str, Any], players: int, check: Check = Check.FULL
) -> Playout:
    options = parse_options(Options, raw_options)
    seating = GAME.seating(players, options)
    start = GAME.start_game(options, players, rng.choice(list(seating.seats)))
    state = _fold(None, start)
    game = Playout(state, list(start))
    while not GAME.is_terminal(game.state):
        game.steps += 1
        assert game.steps < MAX_STEPS, "the game does not end"
        if GAME.is_chance_node(game.state):
            _step(game, ShuffleDeck(rng.randbytes(16)), check)
            continue
        acting = GAME.to_act(game.state)
        assert acting, "a running game always has someone to act"
        assert not set(acting) & set(seating.dummies), "a blind never acts"
        seat = rng.choice(acting)
        actions = GAME.legal_actions(game.state, seat)
        assert actions, f"seat {seat} must act but has no legal action"
        if check is Check.FULL:
            _check_refusals(game.state, seat, actions, rng)
        if rng.random() < 0.0003:
            _step(game, Resign(rng.choice(seating.players)), check)
            break
        _step(game, rng.choice(actions), check)
    assert game.state.result is not None
    if check is not Check.NONE:
        assert _fold(None, game.log) == game.state, "the log does not replay to the state"
    return game


def _fold(state: State | None, events: list[Event]) -> State:
    for event in events:
        state = GAME.evolve(state, event)
    assert state is not None
    return state


def _step(game: Playout, command: Command, check: Check) -> None:
    full = check is Check.FULL
    if full and command in COMMANDS:
        body = COMMANDS.body(command)
        assert COMMANDS.parse(command.seat, body) == command
    events = GAME.decide(game.state, command)
    for event in events:
        game.state = GAME.evolve(game.state, event)
        if full:
            _check_payloads(game.state, event)
    game.log += events
    scored = [e for e in events if isinstance(e, DealScored)]
    game.deals += len(scored)
    if check is Check.NONE:
        return
    _check_conservation(game.state)
    if full:
        _check_views(game.state, every=bool(scored) or game.steps % 3 == 0)
    if scored or (full and game.steps % 11 == 0):
        assert decode(State, encode(game.state)) == game.state, "the snapshot does not round-trip"
    for event in scored:
        if event.result in FULL_DEALS:
            assert sum(event.points) == DEAL_POINTS, f"{event.points} after a full deal"
        _check_record(game.log)
    if scored and full:
        assert _fold(None, game.log) == game.state, "the log does not replay to the state"


def _check_conservation(state: State) -> None:
    zones = GAME.zones(state)
    if not zones:
        return
    cards = Counter(card for zone in zones for card in zone.cards)
    assert set(cards) == set(DECK), cards
    assert set(cards.values()) == {1}, cards


def _hidden(state: State) -> dict[int | None, set[str]]:
    """For each viewer, the cards lying where it may not see them (less what it was shown)."""
    zones = GAME.zones(state)
    hidden: dict[int | None, set[str]] = {}
    for viewer in _viewers(state):
        cards = {
            str(card)
            for zone in zones
            if zone.seen_by is not None and viewer not in zone.seen_by
            for card in zone.cards
        }
        if viewer is not None:
            cards -= {str(card) for card in GAME.revealed_to(state, viewer)}
        hidden[viewer] = cards
    return hidden


def _viewers(state: State) -> list[int | None]:
    return [*GAME.seating(state.players, state.options).seats, None]


def _check_views(state: State, every: bool) -> None:
    """No view shows a card hidden from its viewer; each seat's view offers its actions."""
    hidden = _hidden(state)
    seating = GAME.seating(state.players, state.options)
    for viewer in _viewers(state):
        if not every and viewer not in GAME.to_act(state):
            continue
        view = GAME.view_for(state, viewer)
        leaked = cards_in(whereabouts(view)) & hidden[viewer]
        assert not leaked, f"the view of {viewer} shows {leaked}"
        if viewer is not None and viewer not in seating.dummies:
            assert view.legal_actions == GAME.legal_actions(state, viewer)
            assert set(view.to_act) <= set(GAME.to_act(state))
        if viewer is None:
            assert view.hand is None
            assert view.legal_actions == ()


def _check_payloads(state: State, event: Event) -> None:
    """No event shows a seat a card hidden from it (judged on the state it leads to)."""
    hidden = _hidden(state)
    for viewer in _viewers(state):
        payload = event.payload_for(viewer)
        if payload is not None:
            leaked = cards_in(payload) & hidden[viewer]
            assert not leaked, f"{event.TYPE} shows {viewer} {leaked}"


def _check_record(log: list[Event]) -> None:
    start = max(
        i
        for i, event in enumerate(log)
        if isinstance(event, DeckShuffled)
        and not any(isinstance(x, DeckShuffled) and x.deal_no == event.deal_no for x in log[:i])
    )
    record = GAME.deal_record(log[start:])
    options = parse_options(Options, record.game.options)
    assert record.deck == GAME.deck_after_cut(options, record.seed, record.cut)
    assert GAME.redeal(record) == record.hands, "the record does not redeal to its hands"
    assert GAME.deal_record(log) == record


def _check_refusals(
    state: State, seat: int, actions: tuple[Command, ...], rng: random.Random
) -> None:
    """`decide` accepts an offered action and refuses, with a code, what is not offered."""
    GAME.decide(state, rng.choice(actions))
    seating = GAME.seating(state.players, state.options)
    others = [s for s in seating.seats if s not in GAME.to_act(state)]
    attempts: list[Command] = [PlayCard(seat, rng.choice(DECK)), Cut(seat, rng.randrange(-1, 40))]
    if others:
        attempts.append(dataclasses.replace(rng.choice(actions), seat=rng.choice(others)))
    attempts.append(GiveCards(seat, tuple(rng.sample(DECK, rng.randrange(0, 3)))))
    attempts.append(Discard(seat, tuple(rng.sample(DECK, 2))))
    attempts.append(PlayBlind(seat, rng.randrange(-1, 12)))
    attempts.append(PlayCard(seat, "AS"))
    attempts.append(PlayCard(True, rng.choice(DECK)))
    attempts.append(ShuffleDeck(b"x"))
    for command in rng.sample(attempts, 4):
        if not _offered(command, actions):
            _check_refused(state, command)


def _check_refused(state: State, command: Command) -> None:
    with pytest.raises(DomainError) as refused:
        GAME.decide(state, command)
    assert refused.value.code != "domain_error", refused.value
    assert str(refused.value)


def _offered(command: Command, actions: tuple[Command, ...]) -> bool:
    """Whether `command` is one of `actions`, a set of cards in any order."""
    if isinstance(command, GiveCards | Discard):
        cards = command.cards
        return len(set(cards)) == len(cards) and any(
            type(a) is type(command) and set(a.cards) == set(cards) for a in actions
        )
    return command in actions
