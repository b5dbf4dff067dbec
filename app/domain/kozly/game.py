"""Kozly as the service plays it: the `app.domain.game.Game` interface over this package."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.domain.cards import Card
from app.domain.commands import Command, CommandSet
from app.domain.errors import InvalidOption
from app.domain.events import Event, EventRegistry
from app.domain.game import DealRecord, GameInfo, Sealed, Zone
from app.domain.kozly import dealing, deck, legal, record, scoring, views, zones
from app.domain.kozly.commands import CUT_POSITIONS, MOVES, CutDeck, PlayCard
from app.domain.kozly.decide import decide
from app.domain.kozly.events import REGISTRY, GameStarted, KozlyEvent
from app.domain.kozly.evolve import evolve
from app.domain.kozly.options import Options
from app.domain.kozly.state import SEATS, GameState, Phase
from app.domain.options import encode_options, parse_options
from app.domain.seats import Seating
from app.domain.view import View

INFO = GameInfo(
    variant="kozly",
    title={"ru": "Козлы", "en": "Kozly"},
    seat_counts=(SEATS,),
    rules="kozly.md",
    rule_prefix="KZ",
    options_type=Options,
    end_reasons=scoring.END_REASONS,
    titles=(scoring.TITLE,),
)


class Kozly:
    """KZ-1 … KZ-20."""

    @property
    def info(self) -> GameInfo:
        return INFO

    @property
    def events(self) -> EventRegistry:
        return REGISTRY

    @property
    def commands(self) -> CommandSet:
        return MOVES

    @property
    def state_type(self) -> type[GameState]:
        return GameState

    @property
    def state_schema(self) -> int:
        return 1

    # The table

    def parse_options(self, raw: Mapping[str, Any], seats: int) -> Options:
        _check_seats(seats)
        return parse_options(Options, raw)

    def encode_options(self, options: Options) -> dict[str, Any]:
        return encode_options(options)

    def seating(self, seats: int, options: Options) -> Seating:
        _check_seats(seats)
        return Seating(SEATS)

    def start_game(self, options: Options, seats: int, first_dealer: int) -> list[Event]:
        """KZ-7: the first dealer is drawn by lot by the server or set by the table."""
        _check_seats(seats)
        if type(first_dealer) is not int or not 0 <= first_dealer < SEATS:
            raise InvalidOption(f"the first dealer is a seat from 0 to 3, not {first_dealer!r}")
        return [GameStarted(encode_options(options), seats, first_dealer)]

    # Decide and evolve

    def evolve(self, state: GameState | None, event: Event) -> GameState:
        return evolve(state, _ours(event))

    def decide(self, state: GameState, command: Command) -> list[Event]:
        return list(decide(state, command))

    def is_chance_node(self, state: GameState) -> bool:
        return state.phase is Phase.SHUFFLE

    def to_act(self, state: GameState) -> tuple[int, ...]:
        return legal.to_act(state)

    def legal_actions(self, state: GameState, seat: int) -> tuple[Command, ...]:
        return legal.legal_actions(state, seat)

    def is_terminal(self, state: GameState) -> bool:
        return state.phase is Phase.GAME_OVER

    def messages_allowed(self, state: GameState) -> bool:
        return legal.messages_allowed(state)

    # Deals and scores

    def deal_no(self, state: GameState) -> int:
        return 0 if state.deal is None else state.deal.no

    def deal_running(self, state: GameState) -> bool:
        return state.phase in (Phase.CUT, Phase.PLAY)

    def sealed_by(self, event: Event) -> Sealed | None:
        """Nothing: every deal is played to its end, every card face up (KZ-15, KZ-16)."""
        return None

    def scores(self, state: GameState) -> tuple[int, ...]:
        """KZ-18: each player's marks."""
        return state.marks

    def returns(self, state: GameState) -> tuple[float, ...]:
        """+1 for the winner, -1 for each goat (the resigner after a resignation)."""
        outcome = state.outcome
        if outcome is None:
            return (0.0,) * SEATS
        return tuple(
            1.0 if s == outcome.winner else -1.0 if s in outcome.goats else 0.0
            for s in range(SEATS)
        )

    def deal_outcome(self, state: GameState) -> tuple[float, ...] | None:
        """The marks the last deal moved: the winner's gain, the others' payments."""
        last = state.last_deal
        if last is None:
            return None
        return tuple(
            float(last.gained if s == last.winner else -last.paid[s]) for s in range(SEATS)
        )

    # What seats see

    def view_for(self, state: GameState, seat: int | None) -> View[views.KozlyView]:
        return views.view_for(state, seat)

    def hands(self, state: GameState) -> tuple[tuple[Card, ...], ...]:
        return views.hands(state)

    def deal_record(self, events: Sequence[Event]) -> DealRecord:
        return record.deal_record(events)

    def redeal(self, record_: DealRecord) -> tuple[tuple[Card, ...], ...]:
        return record.redeal(record_)

    def deck_after_cut(self, options: Options, seed: bytes, cut: int | None) -> tuple[Card, ...]:
        return dealing.deck_after_cut(seed, cut)

    # The move clock

    def clock_default(self, state: GameState, seat: int, chance: int) -> Command | None:
        """KZ-9: a random cut; KZ-20: the card of the fewest points, the weakest of those."""
        if seat not in legal.to_act(state):
            return None
        deal = state.deal
        assert deal is not None
        if state.phase is Phase.CUT:
            return CutDeck(seat, CUT_POSITIONS[chance % len(CUT_POSITIONS)])
        assert deal.trump is not None
        return PlayCard(seat, deck.clock_card(deal.hands[seat], deal.trump))

    # For the conformance suite

    def zones(self, state: GameState) -> Sequence[Zone]:
        return zones.zones(state)

    def revealed_to(self, state: GameState, seat: int) -> frozenset[Card]:
        return zones.revealed_to(state, seat)


def _check_seats(seats: int) -> None:
    if seats != SEATS:
        raise InvalidOption(f"Kozly is played by exactly 4 players, not {seats!r} (KZ-1)")


def _ours(event: Event) -> KozlyEvent:
    if not isinstance(event, KozlyEvent):
        raise TypeError(f"not an event of kozly: {event.TYPE}")
    return event


GAME = Kozly()
