"""What one seat (or a spectator) may know of a game: the envelope every game's view shares.

A game's `view_for(state, seat)` is the only thing clients and bots receive. The common part
is the same in every game (`shared/api/contract.md`, The View): the seat's hand, everyone's
hand sizes, the trick as plays (a face-down play shows its count, never its cards, to anyone
but its player), the stock, the scores per side, the legal actions. What only one game has
is its `game` part, a frozen dataclass of that game's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

from app.domain.cards import Card
from app.domain.commands import Command

G = TypeVar("G")


class Face(Enum):
    UP = "up"
    DOWN = "down"


@dataclass(frozen=True, slots=True)
class Play:
    """One seat's cards in a trick: one card, several, or a face-down discard."""

    seat: int
    cards: tuple[Card, ...] | None
    """None for a face-down play that is not the viewer's own."""
    count: int
    face: Face

    @staticmethod
    def up(seat: int, *cards: Card) -> Play:
        return Play(seat, cards, len(cards), Face.UP)

    @staticmethod
    def down(seat: int, cards: tuple[Card, ...], shown: bool) -> Play:
        """A face-down play, with its cards only where the viewer may see them."""
        return Play(seat, cards if shown else None, len(cards), Face.DOWN)


@dataclass(frozen=True, slots=True)
class TrickView:
    leader: int
    plays: tuple[Play, ...]
    winner: int | None = None
    """The seat that took it, once it is taken."""
    points: int | None = None
    """Its card points, once taken, where the game shows them."""


@dataclass(frozen=True, slots=True)
class StockView:
    size: int
    trump_card: Card | None
    """The face-up trump card, while it shows (S66-7, B-7, K4-8, KZ-12)."""


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: the winning and losing side (None where there is none), the final
    scores per side, the titles of the rules file and why it ended."""

    winner: int | None
    loser: int | None
    scores: tuple[int, ...]
    titles: tuple[str, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class View(Generic[G]):
    seat: int | None
    """The viewer's seat; None for a spectator (the public view)."""
    phase: Enum
    deal_no: int
    dealer: int | None
    to_act: tuple[int, ...]
    """The seats that must act now, as far as the viewer may know it."""
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    """Per side, in the game's own unit (written points, pairs, game points, marks…)."""
    trick: TrickView | None
    last_trick: TrickView | None
    commitment: str | None
    """The SHA-256 of the running deal's shuffle seed (K-5)."""
    legal_actions: tuple[Command, ...]
    last_deal: object | None
    """The game's summary of the last finished deal (a frozen dataclass of its own)."""
    result: Result | None
    stock: StockView | None
    messages_allowed: bool
    game: G
    """What only this game shows."""
