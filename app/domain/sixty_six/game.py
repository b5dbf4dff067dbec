"""Sixty-six as the service plays it: the `app.domain.game.Game` of the variant `sixty_six`."""

from __future__ import annotations

import typing
from collections.abc import Mapping, Sequence
from typing import Any

from app.domain import options as table_options
from app.domain.cards import Card
from app.domain.commands import Command, CommandSet
from app.domain.errors import InvalidOption
from app.domain.events import Event, EventRegistry
from app.domain.game import DealRecord, GameInfo, Sealed, Zone
from app.domain.seats import Seating
from app.domain.sixty_six import clock, legal, record, views, zones
from app.domain.sixty_six.commands import MOVES
from app.domain.sixty_six.decide import decide, deck_after_cut
from app.domain.sixty_six.events import REGISTRY, GameStarted, SixtySixEvent
from app.domain.sixty_six.evolve import END_REASONS, TITLES, evolve
from app.domain.sixty_six.options import DeckKind, Options
from app.domain.sixty_six.state import PLAYING, GameState, Phase
from app.domain.view import View

VARIANT = "sixty_six"
SEATS = 2
_EVENT_TYPES = typing.get_args(SixtySixEvent)


class SixtySix:
    """Two seats, each for himself (S66-1); scores are the game points of the match."""

    @property
    def info(self) -> GameInfo:
        return GameInfo(
            variant=VARIANT,
            title={"ru": "Шестьдесят шесть", "en": "Sixty-six"},
            seat_counts=(SEATS,),
            rules="sixty-six.md",
            rule_prefix="S66",
            options_type=Options,
            end_reasons=END_REASONS,
            titles=TITLES,
        )

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
        """2: a result holds every side's place."""
        return 2

    # The table

    def parse_options(self, raw: Mapping[str, Any], seats: int) -> Options:
        if seats != SEATS:
            raise InvalidOption(f"Sixty-six is played by 2, not {seats!r} (S66-1)")
        return table_options.parse_options(Options, raw)

    def encode_options(self, options: Options) -> dict[str, Any]:
        return table_options.encode_options(options)

    def seating(self, seats: int, options: Options) -> Seating:
        return Seating(SEATS)

    def start_game(self, options: Options, seats: int, first_dealer: int) -> list[Event]:
        """S66-1: the first dealer is picked (at random) by the table."""
        if seats != SEATS:
            raise InvalidOption(f"Sixty-six is played by 2, not {seats!r} (S66-1)")
        if first_dealer not in (0, 1) or isinstance(first_dealer, bool):
            raise InvalidOption(f"the first dealer is seat 0 or 1, not {first_dealer!r}")
        return [GameStarted(self.encode_options(options), seats, first_dealer)]

    # Decide and evolve

    def evolve(self, state: GameState | None, event: Event) -> GameState:
        if not isinstance(event, _EVENT_TYPES):
            raise TypeError(f"not a Sixty-six event: {type(event).__name__}")
        return evolve(state, event)

    def decide(self, state: GameState, command: Command) -> list[Event]:
        return list(decide(state, command))

    def is_chance_node(self, state: GameState) -> bool:
        return state.phase is Phase.SHUFFLE

    def to_act(self, state: GameState) -> tuple[int, ...]:
        return legal.to_act(state)

    def legal_actions(self, state: GameState, seat: int) -> tuple[Command, ...]:
        return legal.legal_actions(state, seat)

    def is_terminal(self, state: GameState) -> bool:
        return state.is_terminal

    def messages_allowed(self, state: GameState) -> bool:
        return legal.messages_allowed(state)

    # Deals and scores

    def deal_no(self, state: GameState) -> int:
        return 0 if state.deal is None else state.deal.deal_no

    def deal_running(self, state: GameState) -> bool:
        return state.phase is Phase.CUT or state.phase in PLAYING

    def sealed_by(self, event: Event) -> Sealed | None:
        """Nothing: when a deal ends, all its cards are shown to both players (S66-26)."""
        return None

    def scores(self, state: GameState) -> tuple[int, ...]:
        return state.game_points

    def returns(self, state: GameState) -> tuple[float, ...]:
        result = state.result
        if result is None or result.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if result.winner == 0 else (-1.0, 1.0)

    def deal_outcome(self, state: GameState) -> tuple[float, ...] | None:
        """The last deal's game points: positive for the seat that scored them."""
        last = state.last_deal
        if last is None:
            return None
        if last.winner is None:
            return (0.0, 0.0)
        won = float(last.game_points)
        return (won, -won) if last.winner == 0 else (-won, won)

    # What seats see

    def view_for(self, state: GameState, seat: int | None) -> View[Any]:
        return views.view_for(state, seat)

    def hands(self, state: GameState) -> tuple[tuple[Card, ...], ...]:
        return views.hands(state)

    def deal_record(self, events: Sequence[Event]) -> DealRecord:
        return record.deal_record(events)

    def redeal(self, record_: DealRecord) -> tuple[tuple[Card, ...], ...]:
        return record.redeal(record_)

    def deck_after_cut(self, options: Options, seed: bytes, cut: int | None) -> tuple[Card, ...]:
        return deck_after_cut(DeckKind(options.deck), seed, cut)

    # The move clock

    def clock_default(self, state: GameState, seat: int, chance: int) -> Command | None:
        return clock.clock_default(state, seat, chance)

    # For the conformance suite

    def zones(self, state: GameState) -> Sequence[Zone]:
        return zones.zones(state)

    def revealed_to(self, state: GameState, seat: int) -> frozenset[Card]:
        return zones.revealed_to(state, seat)


GAME = SixtySix()
