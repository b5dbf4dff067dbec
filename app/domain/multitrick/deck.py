"""The 36-card deck of Bura and Kozel with 4 cards (K4-2, B-2), its card points (K4-5, B-4)
and its natural order (K4-3, B-3).

`DECK` is the canonical order: the suits ♣ ♠ ♥ ♦, each from the ace down. Chance shuffles it
(`shuffled_order(seed, 36)` over `DECK`), and every set of cards the engine lists or records
(a hand, a lead, a beat, a discard) is in this order, so that each set has one spelling.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from app.domain.cards import Card, Rank, Suit
from app.domain.chance import shuffled_order
from app.domain.ranking import SUIT_ORDER, Ranking, trump_suit_ranking

RANKS: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
    Rank.SIX,
)
"""Within a suit, from the highest down: A > 10 > K > Q > J > 9 > 8 > 7 > 6."""

DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUIT_ORDER for rank in RANKS)
HAND_SIZE = 4
TOTAL_POINTS = 120

_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
_INDEX = {card: i for i, card in enumerate(DECK)}


def card_points(card: Card) -> int:
    """A = 11, 10 = 10, K = 4, Q = 3, J = 2, the rest 0."""
    return _POINTS.get(card.rank, 0)


def points(cards: Iterable[Card]) -> int:
    return sum(map(card_points, cards))


def canonical(cards: Iterable[Card]) -> tuple[Card, ...]:
    """`cards` in the order of `DECK`: the one spelling of a set."""
    return tuple(sorted(cards, key=_INDEX.__getitem__))


@lru_cache(maxsize=4)
def natural_ranking(trump: Suit) -> Ranking:
    """Four suits in the natural order, `trump` above the others (K4-3, B-3)."""
    return trump_suit_ranking(RANKS, trump)


def shuffled(seed: bytes) -> tuple[Card, ...]:
    """The deck a deal is dealt from, top first: position `i` holds
    `DECK[shuffled_order(seed, 36)[i]]`. There is no cut (K4-7, B-6)."""
    return tuple(DECK[i] for i in shuffled_order(seed, len(DECK)))
