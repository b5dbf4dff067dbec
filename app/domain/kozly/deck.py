"""The 32-card deck of Kozly, its card points and the three tiers of strength (KZ-2 to KZ-5).

The jacks are a tier of their own above the trumps (`Ranking.top`): J♣ > J♠ > J♥ > J♦, and
they belong to no suit when a trick is decided, so the jack of the trump suit is a jack, not
a trump, and the jack of a plain suit does not follow that suit (KZ-4).
"""

from __future__ import annotations

from collections.abc import Iterable

from app.domain.cards import Card, Rank, Suit
from app.domain.ranking import SUIT_ORDER, Ranking

RANKS: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)
"""KZ-2: the ranks of the deck (no sixes)."""

DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUIT_ORDER for rank in RANKS)
"""The canonical order the seeded shuffle permutes: ♣ ♠ ♥ ♦, each A 10 K Q J 9 8 7."""

POINTS: dict[Rank, int] = {
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.JACK: 2,
    Rank.NINE: 0,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}
"""KZ-3: the card points; a deal holds 120."""

DEAL_POINTS = 120

JACKS: tuple[Card, ...] = tuple(Card(Rank.JACK, suit) for suit in SUIT_ORDER)
"""KZ-4: J♣ > J♠ > J♥ > J♦, the top tier."""

SUIT_RANKS: tuple[Rank, ...] = tuple(rank for rank in RANKS if rank is not Rank.JACK)
"""KZ-4: the order inside a suit once the jack is taken out: A 10 K Q 9 8 7."""


def points(card: Card) -> int:
    return POINTS[card.rank]


def card_points(cards: Iterable[Card]) -> int:
    return sum(POINTS[card.rank] for card in cards)


def _ranking(trump: Suit) -> Ranking:
    suits = tuple(tuple(Card(rank, suit) for rank in SUIT_RANKS) for suit in SUIT_ORDER)
    return Ranking((JACKS, *suits), trump=1 + SUIT_ORDER.index(trump), top=0)


RANKINGS: dict[Suit, Ranking] = {suit: _ranking(suit) for suit in SUIT_ORDER}
"""KZ-4, KZ-5: the ranking of a deal, by its trump suit (made once for each suit)."""


def ranking(trump: Suit) -> Ranking:
    return RANKINGS[trump]


def clock_card(hand: Iterable[Card], trump: Suit) -> Card:
    """KZ-20: the card the server plays when the move clock runs out: the fewest points;
    among those the weakest (plain below trump below jack, then by rank); between equal plain
    cards the first in the suit order ♣ ♠ ♥ ♦. `lowest_first` sorts by the last two, and `min`
    keeps the first of the cards with the fewest points."""
    return min(ranking(trump).lowest_first(hand), key=points)
