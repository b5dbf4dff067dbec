"""The facts of the play and of a кон's end (C32-22 … C32-31, C32-36)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.domain.cards import Card
from app.domain.events import Event
from app.domain.kozel32.events.redact import laid_for
from app.domain.kozel32.options import Boast
from app.domain.kozel32.state import DealResult, DealSummary, Laid, TrickKind


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A card into a play-phase trick (the blind's, turned up by its controller, C32-34)."""

    TYPE = "card_played"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickTaken(Event):
    """A trick of the кон (C32-25) goes to `winner` (for a coffin, a seat of the winning
    team); every card is turned up but a coffin's face-down ones and its points (C32-20)."""

    TYPE = "trick_taken"
    kind: TrickKind
    leader: int
    plays: tuple[Laid, ...]
    winner: int
    points: int

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        if self.kind is not TrickKind.COFFIN:
            return self.payload()
        return {
            "kind": self.kind.value,
            "leader": self.leader,
            "plays": laid_for(self.plays),
            "winner": self.winner,
            "points": None,
        }


@dataclass(frozen=True, slots=True)
class QueenCaught(Event):
    """C32-26: 7♣ and Q♣ fell in one play-phase trick from opposite sides."""

    TYPE = "queen_caught"
    queen_seat: int
    shamok_seat: int


@dataclass(frozen=True, slots=True)
class DealScored(Event):
    """C32-27 … C32-30, C32-36: the кон's result; it turns up its face-down cards."""

    TYPE = "deal_scored"
    kon_no: int
    dealer: int
    boast: Boast | None
    result: DealResult
    points: tuple[int, ...]
    tricks: tuple[int, ...]
    winner: int | None
    gains: tuple[int, ...]
    reset: tuple[int, ...]
    lost: tuple[int, ...]
    boards: tuple[int, ...]
    eggs_pending: int
    caught_by: int | None
    tailed: bool
    shown: tuple[Card, ...]
    """The face-down cards the кон's end turns up: coffins, discards (C32-20, C32-35)."""

    def summary(self) -> DealSummary:
        return DealSummary(
            self.kon_no,
            self.dealer,
            self.boast,
            self.result,
            self.points,
            self.tricks,
            self.winner,
            self.gains,
            self.reset,
            self.lost,
            self.boards,
            self.eggs_pending,
            self.caught_by,
            self.tailed,
            saved=self.saved(),
        )

    def saved(self) -> tuple[int, ...]:
        """C32-27 result 6, C32-36: a кон won by one pair was lost with the спас."""
        if self.result is not DealResult.ONE_PAIR or self.winner is None:
            return ()
        return tuple(side for side in range(len(self.points)) if side != self.winner)


@dataclass(frozen=True, slots=True)
class SideResigned(Event):
    TYPE = "side_resigned"
    seat: int
    side: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """C32-31, C32-36: the losers are goats, with the titles they earned."""

    TYPE = "game_ended"
    winner: int | None
    loser: int | None
    boards: tuple[int, ...]
    titles: tuple[str, ...]
    titles_by_side: tuple[tuple[str, ...], ...]
    reason: str
