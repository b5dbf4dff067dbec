"""What a seat (or chance) asks the engine to do. Commands are imperative; `decide` checks them.

Every seat command names its seat; `legal_actions(state, seat)` lists exactly the commands
that seat may give now, and `decide` refuses any other.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.domain.cards import Card


@dataclass(frozen=True, slots=True)
class ShuffleDeck:
    """Chance: the server's secret seed for the next deal (K-5)."""

    seed: bytes


@dataclass(frozen=True, slots=True)
class CutDeck:
    """K-5: the player counter-clockwise of the dealer cuts at `position` (1..23)."""

    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class DecideExchange:
    """K-9: the holder of a lone trump exchanges it with the partner (`True`) or keeps it."""

    seat: int
    exchange: bool


@dataclass(frozen=True, slots=True)
class GiveCard:
    """K-9: the partner's card in return for the lone trump."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class ClaimNoQueens:
    """K-10: the team holds no queen and voids the deal."""

    seat: int


@dataclass(frozen=True, slots=True)
class PlayOn:
    """K-10: the team holds no queen but plays the deal."""

    seat: int


@dataclass(frozen=True, slots=True)
class PlayCard:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class PostMessage:
    """K-16: a short text to the whole table."""

    seat: int
    text: str


@dataclass(frozen=True, slots=True)
class Resign:
    """K-18: the seat's team gives up the game."""

    seat: int


SeatCommand = (
    CutDeck | DecideExchange | GiveCard | ClaimNoQueens | PlayOn | PlayCard | PostMessage | Resign
)
Command = ShuffleDeck | SeatCommand
