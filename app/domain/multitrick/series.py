"""A game of the family as a series of deals: its phases, the series itself (the deals dealt,
the penalty points per side, the eggs), and the part of the state both games keep alike.

A **side** is a team in Kozel with 4 cards and a player in Bura; everything here is per side.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar

from app.domain.events import Event
from app.domain.multitrick.board import Board
from app.domain.multitrick.events import (
    DealScored,
    DeckShuffled,
    GameEnded,
    GameStarted,
    SeatResigned,
)
from app.domain.multitrick.record import DealSummary
from app.domain.options import parse_options
from app.domain.ranking import Ranking

TARGET = 12
"""K4-20, B-21: the penalty points that lose the game."""


class Phase(Enum):
    SHUFFLE = "shuffle"
    """Chance: the engine waits for the server's seed of the next deal."""
    DEAL = "deal"
    """The shuffled deck is being dealt: only ever between two events of one move (the
    shuffle and the hands dealt, and the shown trump card of K4-8)."""
    DECISIONS = "decisions"
    """K4-10 `handoff`: offers, keeps and give-backs, before the first lead."""
    PLAY = "play"
    GAME_OVER = "game_over"


RUNNING = (Phase.DEAL, Phase.DECISIONS, Phase.PLAY)
"""The phases of a running deal: its seed and hidden cards stay hidden."""


@dataclass(frozen=True, slots=True)
class Series:
    """The game so far: the deals dealt, the penalties per side, the eggs."""

    seats: int
    first_dealer: int
    penalties: tuple[int, ...]
    deal_no: int = 0
    dealer: int | None = None
    """The dealer of the current (or last) deal; None before the first."""
    next_leader: int | None = None
    """The seat that took the last trick of the last deal (None: that deal had none)."""
    multiplier: int = 1
    """K4-19, B-19 `eggs_double`: what the next penalties are multiplied by."""
    eggs_played: bool = False
    """A deal of the game was eggs (K4-20: "goats with balls")."""
    seed: bytes = b""
    """The current (or last) deal's shuffle seed: secret while the deal runs."""

    @staticmethod
    def started(seats: int, sides: int, first_dealer: int) -> Series:
        return Series(seats, first_dealer, (0,) * sides)

    @property
    def next_dealer(self) -> int:
        """K4-6, B-5: the dealer of deal 1, then the next seat clockwise."""
        if self.dealer is None:
            return self.first_dealer
        return (self.dealer + 1) % self.seats

    def shuffled(self, deal_no: int, dealer: int, seed: bytes) -> Series:
        return replace(self, deal_no=deal_no, dealer=dealer, seed=seed)

    def scored(self, deal: DealScored, eggs_double: bool, last_taker: int | None) -> Series:
        """After a deal: its penalties added; after eggs the multiplier doubles (with
        `eggs_double`), after a write it returns to 1."""
        multiplier = self.multiplier * 2 if deal.eggs and eggs_double else 1
        return replace(
            self,
            penalties=tuple(a + b for a, b in zip(self.penalties, deal.penalties, strict=True)),
            next_leader=last_taker,
            multiplier=multiplier,
            eggs_played=self.eggs_played or deal.eggs,
        )

    def losers(self, target: int = TARGET) -> tuple[int, ...]:
        """K4-20, B-21: the sides at the target or above."""
        return tuple(side for side, total in enumerate(self.penalties) if total >= target)


class DealLike(Protocol):
    """What both games' deals have: the board, and the ranking of their trumps."""

    @property
    def board(self) -> Board: ...

    @property
    def ranking(self) -> Ranking: ...


D = TypeVar("D", bound=DealLike)


@dataclass(frozen=True, slots=True, kw_only=True)
class FamilyState(Generic[D]):
    """What both games keep of a game: the series, the phase, the running deal (or the last
    one, between deals), the last deal's summary and the game's end. Each game's state adds
    its options, and names its own deal type again for the codec."""

    series: Series
    phase: Phase = Phase.SHUFFLE
    deal: D | None = None
    last_deal: DealSummary | None = None
    ended: GameEnded | None = None

    @property
    def running(self) -> D:
        """The deal being played (only asked while there is one)."""
        assert self.deal is not None
        return self.deal


F = TypeVar("F", bound=FamilyState[Any])


def evolve_series(state: F, event: Event, eggs_double: bool) -> F | None:
    """The state after a fact of the series, which both games state alike (None for any
    other fact): a new deal's shuffle, a deal scored, a resignation, the game's end.
    `eggs_double` is the table's K4-19 / B-19 option."""
    match event:
        case DeckShuffled(deal_no=deal_no, dealer=dealer, seed=seed):
            series = state.series.shuffled(deal_no, dealer, seed)
            return replace(state, series=series, phase=Phase.DEAL, deal=None)
        case DealScored():
            last = None if state.deal is None else state.deal.board.last_trick
            taker = None if last is None else last.owner
            series = state.series.scored(event, eggs_double, taker)
            return replace(
                state, series=series, phase=Phase.SHUFFLE, last_deal=DealSummary.of(event)
            )
        case SeatResigned():
            return state
        case GameEnded():
            return replace(state, phase=Phase.GAME_OVER, ended=event)
    return None


def started(cls: Callable[..., F], options_type: type, event: Event, teams: int | None) -> F:
    """The state a game's first event starts: its options, and a series of `teams` sides
    (None: a side per seat)."""
    assert isinstance(event, GameStarted)
    options: object = parse_options(options_type, event.options)
    sides = event.seats if teams is None else teams
    return cls(options=options, series=Series.started(event.seats, sides, event.first_dealer))


def fold(evolve: Callable[[F | None, Event], F], state: F | None, events: Iterable[Event]) -> F:
    """The state after `events`, one by one."""
    for event in events:
        state = evolve(state, event)
    assert state is not None
    return state
