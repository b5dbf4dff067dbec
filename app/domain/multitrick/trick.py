"""A trick of several cards (K4-12, K4-13, B-10, B-11): a lead of `k` cards, then each other
seat in turn clockwise either beats the **top set** or discards `k` cards; the owner of the top
set takes all `n·k` cards.

The top set is the lead until someone beats, then the latest beat: each response is measured
against it, never against the lead.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from app.domain.cards import Card


class Response(Enum):
    """How a seat's cards went into the trick."""

    LEAD = "lead"
    BEAT = "beat"
    DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class TrickPlay:
    seat: int
    response: Response
    cards: tuple[Card, ...]
    face_up: bool
    """Leads and beats are face up; a discard is face down unless the table plays open
    discards (B-10 `open_discards`)."""


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    plays: tuple[TrickPlay, ...] = ()

    @property
    def led(self) -> bool:
        return bool(self.plays)

    @property
    def size(self) -> int:
        """`k`, the number of cards each seat plays (0 before the lead)."""
        return len(self.plays[0].cards) if self.plays else 0

    @property
    def top(self) -> TrickPlay:
        """The lead, or the latest beat (K4-12, B-10)."""
        return next(p for p in reversed(self.plays) if p.response is not Response.DISCARD)

    @property
    def owner(self) -> int:
        """The seat of the top set: the one that takes the trick (K4-13, B-11)."""
        return self.top.seat

    def next_seat(self, seats: int) -> int:
        return (self.leader + len(self.plays)) % seats

    def has_played(self, seat: int) -> bool:
        return any(play.seat == seat for play in self.plays)

    def is_complete(self, seats: int) -> bool:
        return len(self.plays) == seats

    def with_play(self, play: TrickPlay) -> Trick:
        return replace(self, plays=(*self.plays, play))

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for play in self.plays for card in play.cards)
