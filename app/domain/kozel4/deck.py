"""The deal's trumps (K4-3, K4-4, K4-8) and the молодка (K4-14).

By default the trump suit is the suit of a card shown from the middle of the stock: its
position comes from the deal's seed (`shown_position`), so a replay shows the same card. With
`ladder` the trumps are fixed: every club, every queen and every jack, 7♣ on top.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from app.domain.cards import Card, Rank, Suit, parse_cards
from app.domain.multitrick.deck import HAND_SIZE, natural_ranking
from app.domain.multitrick.sets import one_class
from app.domain.ranking import Ranking

STOCK_SIZE = 20
"""K4-7: 36 cards less four hands of four."""

LADDER_TRUMPS = parse_cards("7C QC QS QH QD JC JS JH JD AC 10C KC 9C 8C 6C")
"""K4-4, from the highest down (6♣, which seed 001 does not list, is the lowest: Decision)."""
_PLAIN = (Rank.ACE, Rank.TEN, Rank.KING, Rank.NINE, Rank.EIGHT, Rank.SEVEN, Rank.SIX)
LADDER = Ranking(
    (
        LADDER_TRUMPS,
        *(
            tuple(Card(rank, suit) for rank in _PLAIN)
            for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
        ),
    ),
    trump=0,
)
"""K4-4: the trump class, then the plain suits ♠ ♥ ♦, each A > 10 > K > 9 > 8 > 7 > 6."""

_SHOWN_TAG = b"kozel4-shown-trump-v1"
_SHOWN_CHOICES = STOCK_SIZE - 2
_WORD_RANGE = 1 << 32
_LIMIT = _WORD_RANGE - _WORD_RANGE % _SHOWN_CHOICES


def shown_position(seed: bytes) -> int:
    """K4-8: the position in the stock (0 = its top) of the card shown as trump, uniform over
    1..18, never the top or the bottom card.

    Read SHAKE-256(b"kozel4-shown-trump-v1" || seed) as unsigned 32-bit big-endian words; the
    first word `w` below 2**32 - 2**32 % 18 gives the position `1 + w % 18`.
    """
    words = 8
    while True:
        stream = hashlib.shake_256(_SHOWN_TAG + seed).digest(4 * words)
        for i in range(0, len(stream), 4):
            word = int.from_bytes(stream[i : i + 4], "big")
            if word < _LIMIT:
                return 1 + word % _SHOWN_CHOICES
        words *= 2


def ranking_for(trump_card: Card | None) -> Ranking:
    """The deal's ranking: the suit of the shown card is trump, or the ladder (no card)."""
    return LADDER if trump_card is None else natural_ranking(trump_card.suit)


def is_molodka(hand: Sequence[Card], ranking: Ranking) -> bool:
    """K4-14: four cards, all of one suit (the trump suit too; under `ladder`, one class)."""
    return len(hand) == HAND_SIZE and one_class(hand, ranking)


def trumps_in(hand: Sequence[Card], ranking: Ranking) -> tuple[Card, ...]:
    return tuple(card for card in hand if ranking.is_trump(card))
