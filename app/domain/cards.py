"""Cards of the French-suited deck and their wire codes (K-2): rank then suit, `AS`, `10H`.

A card is a value; `Card.parse(str(card)) == card` always holds. Which cards a game uses, how
they rank and what they score belong to that game's module, not here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from app.domain.errors import MalformedCard


class Suit(Enum):
    CLUBS = "C"
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"


class Rank(Enum):
    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    TEN = "10"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    rank: Rank
    suit: Suit
    code: str = field(init=False, repr=False)
    """The wire code, kept so that hashing and comparing a card are cheap (engine hot path)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", self.rank.value + self.suit.value)

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Card) and self.code == other.code)

    def __hash__(self) -> int:
        return hash(self.code)

    @staticmethod
    def parse(code: str) -> Card:
        """Parse a wire code such as `AS` or `10H`; raise `MalformedCard` otherwise."""
        card = _BY_CODE.get(code) if isinstance(code, str) else None
        if card is None:
            raise MalformedCard(
                f"not a card code: {code!r} (expected rank then suit, e.g. AS, 10H)"
            )
        return card

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self})"


_BY_CODE: dict[str, Card] = {
    rank.value + suit.value: Card(rank, suit) for rank in Rank for suit in Suit
}


def parse_cards(codes: str) -> tuple[Card, ...]:
    """Parse a space-separated list of codes, `"AS 10H QC"`; handy in tests and golden files."""
    return tuple(Card.parse(code) for code in codes.split())
