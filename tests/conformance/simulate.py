"""Random simulation of any registered game through the game interface only, checking at
every step what every game must keep (STYLE.md: "A conformance suite every registered game
passes", as OpenSpiel runs a random simulation test on every game).

A game is played from its first event to its end by choosing random legal actions (now and
then a resignation). At every event, while a deal runs, every card of the deck lies in exactly
one of the game's zones; every view, of each seat and of a spectator, shows no card of a zone
hidden from it unless the rules reveal it; no event's redaction shows one either. At every step
the legal actions are accepted, other commands are refused with a coded error, what the move
clock plays for each seat that must act (the game's default, else its heuristic bot) is
accepted, the state round-trips through the snapshot codec, and the wire bodies read back to
the same commands. What a view tells beside the cards holds too (`telling`): the same trumps
for every viewer and the hand in their order, each trick with a trump taken by the strongest
of them, each refused card refused by `decide` in the very words the view gives, the size of
a move of several cards. At each deal's end its record re-deals exactly from its seed and cut
and its points add up, and its summary shows no card its deal kept hidden; the replay of the
log equals the state; and the game ends, with every side's place and nothing of a deal left
on view. The table's log, as the service folds and lists it, is read by every viewer at each
deal's end, now and then inside a deal, and at the game's end (`logs.LogWitness`).
"""

from __future__ import annotations

import dataclasses
import random
import typing
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import pytest

from app.bots.clock import clock_default
from app.domain import codec
from app.domain.cards import Card
from app.domain.chance import commitment
from app.domain.commands import Command, Resign, ShuffleDeck
from app.domain.errors import DomainError
from app.domain.events import Event
from app.domain.game import Game, Zone
from app.domain.options import options_schema
from app.domain.shuffle_check import check_deal
from app.domain.view import View
from tests.conformance import telling
from tests.conformance.logs import LogWitness

DECK_POINTS = 120
"""Every deck here holds 120 card points (K-4, C32-4, K4-5, B-4, KZ-3, S66-4)."""
MAX_EVENTS = 200_000
LOG_EVERY = 97
"""Inside a deal, the log is read by every viewer after every so many events."""
ERROR_CODES = {
    "illegal_move",
    "not_your_turn",
    "game_over",
    "invalid_command",
    "invalid_card",
    "messages_disabled",
    "invalid_message",
}


@dataclass(frozen=True)
class Config:
    variant: str
    seats: int
    options: Mapping[str, Any]

    def __str__(self) -> str:
        shown = ",".join(f"{k}={v}" for k, v in self.options.items()) or "defaults"
        return f"{self.variant}-{self.seats}-{shown}"


def configs(game: Game[Any, Any]) -> Iterator[Config]:
    """The configurations a registered game is simulated in: its defaults at every seat
    count, and each other value of each option alone (an integer option at its lowest)."""
    info = game.info
    for seats in info.seat_counts:
        yield Config(info.variant, seats, {})
    default_seats = info.seat_counts[0]
    for name, schema in options_schema(info.options_type)["properties"].items():
        for value in _values(schema):
            if value != schema["default"]:
                yield Config(info.variant, default_seats, {name: value})


def _values(schema: Mapping[str, Any]) -> list[Any]:
    if "anyOf" in schema:
        return [value for part in schema["anyOf"] for value in _values(part)]
    if "enum" in schema:
        return list(schema["enum"])
    kind = schema.get("type")
    if kind == "boolean":
        return [True, False]
    if kind == "null":
        return [None]
    if kind == "integer" and "minimum" in schema:
        return [schema["minimum"]]
    return []


@dataclass
class Simulation:
    game: Game[Any, Any]
    config: Config
    rng: random.Random
    strict: bool = True
    """Check views, refusals and the codec at every step (else at deal ends only)."""
    state: Any = None
    options: Any = None
    log: list[Event] = field(default_factory=list)
    deal_events: list[Event] = field(default_factory=list)
    deals: int = 0
    deck: Counter[Card] = field(default_factory=Counter)
    witness: LogWitness | None = None
    discarded: bool = False
    """A seat could discard into the trick being played: its strongest card may not win."""

    def run(self) -> None:
        game, config = self.game, self.config
        self.options = game.parse_options(config.options, config.seats)
        seating = game.seating(config.seats, self.options)
        self.deck = Counter(game.deck_after_cut(self.options, b"deck", None))
        first = self.rng.choice(range(seating.count))
        self.witness = LogWitness(game, config.variant, self._viewers())
        self.witness.open(config.seats, dict(config.options), first)
        self._apply(game.start_game(self.options, config.seats, first))
        while not game.is_terminal(self.state):
            assert len(self.log) < MAX_EVENTS, f"{config}: the game does not end"
            if game.is_chance_node(self.state):
                self._step(ShuffleDeck(self.rng.randbytes(16)))
                continue
            acting = game.to_act(self.state)
            assert acting, f"{config}: nobody acts in a running game"
            assert not set(acting) & set(seating.dummies), "a dummy seat never acts itself"
            for seat in acting:
                assert game.legal_actions(self.state, seat), f"seat {seat} must act but cannot"
            if self.rng.random() < 0.0005:
                self._step(Resign(self.rng.choice(seating.players)))
                break
            movers = [s for s in seating.players if game.legal_actions(self.state, s)]
            seat = self.rng.choice(movers)
            actions = game.legal_actions(self.state, seat)
            if self.strict:
                self._check_actions(seat, actions)
                self._check_clock(acting)
            self._step(self.rng.choice(actions))
        self._check_replay()
        assert self.witness is not None
        self.witness.check(over=True)
        self.witness.check_sealed_records()
        view = game.view_for(self.state, None)
        assert view.result is not None, "a finished game's view has its result"
        sides = game.seating(config.seats, self.options).sides
        telling.check_result(game, game.view_for(self.state, None), sides)
        for viewer in self._viewers():
            telling.check_finished(game.view_for(self.state, viewer))

    def _step(self, command: Command) -> None:
        before = self.game.view_for(self.state, None) if self.strict else None
        if before is not None:
            self.discarded = self.discarded or self._may_discard(command)
        self._apply(self.game.decide(self.state, command))
        if self.strict:
            self._check_snapshot()
            self._check_views()
        if before is not None:
            taken = self.game.view_for(self.state, None).last_trick
            if taken is not None and taken.winner is not None and taken != before.last_trick:
                if not self.discarded:  # a card discarded (face up too) never takes a trick
                    telling.check_trick_winner(before.trumps, taken)
                self.discarded = False

    def _may_discard(self, command: Command) -> bool:
        """Whether `command`'s seat could discard its cards rather than beat (K4-12, B-10)."""
        seat = getattr(command, "seat", None)
        if type(seat) is not int or seat not in self._viewers():
            return False
        pick = self.game.view_for(self.state, seat).pick
        return pick is not None and pick.discard is not None

    def _apply(self, events: list[Event]) -> None:
        assert events, "an accepted command states at least one fact"
        for event in events:
            running = self.state is not None and self.game.deal_running(self.state)
            self.state = self.game.evolve(self.state, event)
            self.log.append(event)
            now_running = self.game.deal_running(self.state)
            assert self.witness is not None
            self.witness.add(event, self.state, running and not now_running)
            if now_running or running:
                self.deal_events.append(event)
            if now_running:
                self._check_zones()
                if self.strict:
                    self._check_event(event)
                if len(self.log) % LOG_EVERY == 0:
                    self.witness.check(over=self.game.is_terminal(self.state))
            if running and not now_running:
                self._check_deal()
                over = self.game.is_terminal(self.state)  # a resignation ends deal and game
                self.witness.check(over=over)
                self.witness.check_record(self.game.deal_no(self.state), over=over)
                self.deal_events = []

    # What every step keeps

    def _check_zones(self) -> None:
        zones = self.game.zones(self.state)
        found = Counter(card for zone in zones for card in zone.cards)
        assert found == self.deck, f"{self.config}: cards lost or doubled: {found - self.deck}"

    def _hidden(self, viewer: int | None) -> set[Card]:
        """Cards in zones that `viewer` may not see, less those the rules reveal to it."""
        zones: list[Zone] = list(self.game.zones(self.state))
        hidden = {
            card
            for zone in zones
            if zone.seen_by is not None and (viewer is None or viewer not in zone.seen_by)
            for card in zone.cards
        }
        seats = self.game.seating(self.config.seats, self.options).seats
        if viewer is None:
            revealed = set.intersection(*(set(self.game.revealed_to(self.state, s)) for s in seats))
        else:
            revealed = set(self.game.revealed_to(self.state, viewer))
        return hidden - revealed

    def _viewers(self) -> list[int | None]:
        return [*self.game.seating(self.config.seats, self.options).players, None]

    def _check_views(self) -> None:
        game, state = self.game, self.state
        views: dict[int | None, View[Any]] = {}
        hands = game.hands(state)  # a finished game's replay shows them all
        for viewer in self._viewers():
            view = views[viewer] = game.view_for(state, viewer)
            if viewer is None:
                assert view.hand is None
                assert view.legal_actions == ()
            else:
                assert view.hand == hands[viewer], f"{self.config}: hands() of {viewer}"
                assert set(view.legal_actions) == set(game.legal_actions(state, viewer))
                telling.check_refusals(game, state, view)
                telling.check_pick(view)
            if game.deal_running(state):
                leaked = set(cards_in(telling.whereabouts(view))) & self._hidden(viewer)
                assert not leaked, f"{self.config}: the view of {viewer} shows {leaked}"
        telling.check_trumps(views)
        running = game.deal_running(state) and not game.is_terminal(state)
        for zone in game.zones(state) if running else ():
            if zone.name.startswith("hand "):  # every hand, a blind's too
                assert set(zone.cards) == set(hands[int(zone.name[5:])]), f"{self.config}"

    def _check_event(self, event: Event) -> None:
        for viewer in self._viewers():
            payload = event.payload_for(viewer)
            if payload is None:
                continue
            shown = {c for c in codes_in(payload) if c in self.deck}
            leaked = shown & self._hidden(viewer)
            assert not leaked, f"{self.config}: {event.TYPE} shows {leaked} to {viewer}"

    def _check_snapshot(self) -> None:
        state = self.state
        restored = codec.decode(self.game.state_type, codec.encode(state))
        assert restored == state, f"{self.config}: the snapshot does not round-trip"

    def _check_actions(self, seat: int, actions: tuple[Command, ...]) -> None:
        game, state = self.game, self.state
        moves = game.commands
        for action in actions:
            if action in moves:
                assert moves.parse(seat, moves.body(action)) == action, "the wire body differs"
        seats = [s for s in self._viewers() if s is not None]
        legal = {_normal(a) for s in seats for a in game.legal_actions(state, s)}
        for mutant in _mutants(self.rng.choice(actions), self, 4):
            if _normal(mutant) in legal:
                continue
            with pytest.raises(DomainError) as refused:
                game.decide(state, mutant)  # not legal: it must be refused
            assert refused.value.code in ERROR_CODES, f"{mutant}: {refused.value.code}"

    def _check_clock(self, acting: tuple[int, ...]) -> None:
        """The move clock can play every step for a late seat: what it plays is accepted."""
        for seat in acting:
            command = clock_default(self.game, self.state, seat, self.rng)
            assert self.game.decide(self.state, command), f"{self.config}: {command}"

    def _check_deal(self) -> None:
        # The summary against what the deal showed before its last fact (which shows all).
        telling.check_last_deal(self.game.view_for(self.state, None), self.deal_events[:-1])
        record = self.game.deal_record(self.deal_events)
        self.deals += 1
        assert record.commitment == commitment(record.seed)
        assert check_deal(self.game, self.options, record).verified
        assert record.deck == self.game.deck_after_cut(self.options, record.seed, record.cut)
        assert Counter(record.deck) == self.deck
        dealt = [Counter(hand) for hand in record.hands]
        if any(record.hands):  # a deal resigned before its cards were dealt has none to redeal
            assert [Counter(hand) for hand in self.game.redeal(record)] == dealt
        for trick in record.tricks:
            assert all(play.cards is not None for play in trick.plays), "a record shows all"
        if record.points is not None:
            assert sum(record.points) == DECK_POINTS, f"{self.config}: {record.points}"
        self._check_replay()

    def _check_replay(self) -> None:
        replayed = None
        for event in self.log:
            replayed = self.game.evolve(replayed, event)
        assert replayed == self.state, f"{self.config}: the replay differs from the state"


def _normal(command: Command) -> tuple[Any, ...]:
    """A command with its card sets as sets (a set of cards is one move in any order)."""
    values = []
    for f in dataclasses.fields(command):  # type: ignore[arg-type]
        value = getattr(command, f.name)
        if isinstance(value, tuple) and all(isinstance(v, Card) for v in value):
            value = frozenset(value)
        values.append(value)
    return (type(command), *values)


def _mutants(command: Command, sim: Simulation, count: int) -> Iterator[Command]:
    """Commands like `command` with one field changed at random: another seat, another card,
    another set of cards, another number, the other answer."""
    rng = sim.rng
    deck = list(sim.deck)
    seats = list(sim.game.seating(sim.config.seats, sim.options).seats)
    hints = typing.get_type_hints(type(command))
    fields = [f.name for f in dataclasses.fields(command)]  # type: ignore[arg-type]
    for _ in range(count):
        name = rng.choice(fields)
        value = getattr(command, name)
        kind = hints[name]
        if name == "seat":
            new: Any = rng.choice(seats)
        elif isinstance(value, Card):
            new = rng.choice(deck)
        elif isinstance(value, tuple) and all(isinstance(v, Card) for v in value):
            new = tuple(rng.sample(deck, max(1, len(value) + rng.choice((-1, 0, 0, 1)))))
        elif isinstance(value, bool):
            new = not value
        elif isinstance(value, int):
            new = value + rng.choice((-40, -1, 1, 40))
        elif isinstance(value, Enum):
            new = rng.choice(list(type(value)))
        elif typing.get_origin(kind) is not None or value is None:
            continue
        else:
            continue
        yield dataclasses.replace(command, **{name: new})  # type: ignore[type-var]


def cards_in(value: object) -> Iterator[Card]:
    """Every card inside a view (dataclasses, tuples, frozensets and dicts, recursively)."""
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from cards_in(getattr(value, f.name))
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from cards_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from cards_in(item)


def codes_in(payload: object, key: str = "") -> Iterator[Card]:
    """Every card code inside an event payload (a table message's text is not a card)."""
    if isinstance(payload, str) and key != "text":
        try:
            yield Card.parse(payload)
        except DomainError:
            return
    elif isinstance(payload, list):
        for item in payload:
            yield from codes_in(item, key)
    elif isinstance(payload, dict):
        for name, item in payload.items():
            yield from codes_in(item, name)
