"""The 32-card Kozel behind the one game interface (`app.domain.game.Game`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.domain.cards import Card
from app.domain.commands import Command, CommandSet
from app.domain.errors import InvalidOption
from app.domain.events import Event, EventRegistry
from app.domain.game import DealRecord, GameInfo, Sealed, Zone
from app.domain.kozel32 import clock, legal, record, scoring, table, views, zones
from app.domain.kozel32.commands import COMMANDS
from app.domain.kozel32.decide import decide, is_chance_node
from app.domain.kozel32.events import REGISTRY, GameStarted
from app.domain.kozel32.evolve import evolve
from app.domain.kozel32.options import Options
from app.domain.kozel32.state import Phase, State
from app.domain.kozel32.views import Kozel32View
from app.domain.options import encode_options, parse_options
from app.domain.seats import Seating
from app.domain.view import View

VARIANT = "kozel32"
STATE_SCHEMA = 3
"""2: a кон's summary names its boaster and soloist; 3: and the sides saved by the спас
(C32-27)."""

INFO = GameInfo(
    variant=VARIANT,
    title={"ru": "Козёл на 32 карты, хвалёнки", "en": "Kozel, 32 cards, with boasts"},
    seat_counts=table.PLAYER_COUNTS,
    rules="kozel32.md",
    rule_prefix="C32",
    options_type=Options,
    end_reasons=scoring.END_REASONS,
    titles=scoring.TITLES,
)


class Kozel32:
    @property
    def info(self) -> GameInfo:
        return INFO

    @property
    def events(self) -> EventRegistry:
        return REGISTRY

    @property
    def commands(self) -> CommandSet:
        return COMMANDS

    @property
    def state_type(self) -> type[State]:
        return State

    @property
    def state_schema(self) -> int:
        return STATE_SCHEMA

    def parse_options(self, raw: Mapping[str, Any], seats: int) -> Options:
        if seats not in table.PLAYER_COUNTS:
            raise InvalidOption(f"the 32-card Kozel is played by 4, 3 or 2 players, not {seats}")
        return parse_options(Options, raw)

    def encode_options(self, options: Options) -> dict[str, Any]:
        return encode_options(options)

    def seating(self, seats: int, options: Options) -> Seating:
        return table.seating_for(seats, options)

    def start_game(self, options: Options, seats: int, first_dealer: int) -> list[Event]:
        """C32-6: the first dealer is any seat (the table's choice or the server's draw)."""
        seating = self.seating(seats, options)
        if not seating.is_seat(first_dealer):
            raise InvalidOption(f"no seat {first_dealer!r} to deal first")
        return [GameStarted(encode_options(options), seats, first_dealer)]

    def evolve(self, state: State | None, event: Event) -> State:
        return evolve(state, event)

    def decide(self, state: State, command: Command) -> list[Event]:
        return decide(state, command)

    def is_chance_node(self, state: State) -> bool:
        return is_chance_node(state)

    def to_act(self, state: State) -> tuple[int, ...]:
        return legal.to_act(state)

    def legal_actions(self, state: State, seat: int) -> tuple[Command, ...]:
        if seat in table.seats_of(state).dummies:
            return ()
        return legal.legal_actions(state, seat)

    def is_terminal(self, state: State) -> bool:
        return state.phase is Phase.GAME_OVER

    def messages_allowed(self, state: State) -> bool:
        return legal.messages_allowed(state)

    def deal_no(self, state: State) -> int:
        return state.kon_no

    def deal_running(self, state: State) -> bool:
        return legal.deal_running(state)

    def sealed_by(self, event: Event) -> Sealed | None:
        return record.sealed_by(event)

    def scores(self, state: State) -> tuple[int, ...]:
        """Pairs on each side's board (C32-30)."""
        return state.boards

    def returns(self, state: State) -> tuple[float, ...]:
        result = state.result
        if result is None:
            return (0.0,) * len(state.boards)
        return tuple(
            1.0 if side == result.winner else -1.0 if result.titles_by_side[side] else 0.0
            for side in range(len(state.boards))
        )

    def deal_outcome(self, state: State) -> tuple[float, ...] | None:
        """Pairs gained, less the pairs a Люся took off the board."""
        last = state.last_deal
        if last is None:
            return None
        return tuple(float(g - lost) for g, lost in zip(last.gains, last.lost, strict=True))

    def view_for(self, state: State, seat: int | None) -> View[Kozel32View]:
        return views.view_for(state, seat)

    def hands(self, state: State) -> tuple[tuple[Card, ...], ...]:
        return views.hands(state)

    def deal_record(self, events: Sequence[Event]) -> DealRecord:
        return record.deal_record(events)

    def redeal(self, record_: DealRecord) -> tuple[tuple[Card, ...], ...]:
        return record.redeal(record_)

    def deck_after_cut(self, options: Options, seed: bytes, cut: int | None) -> tuple[Card, ...]:
        return record.deck_after_cut(seed, cut)

    def clock_default(self, state: State, seat: int, chance: int) -> Command | None:
        return clock.clock_default(state, seat, chance)

    def zones(self, state: State) -> Sequence[Zone]:
        return zones.zones(state)

    def revealed_to(self, state: State, seat: int) -> frozenset[Card]:
        return zones.revealed_to(state, seat)


GAME = Kozel32()
