"""The 24-card deck of Kozel: its cards (K-2), the permanent trumps (K-3) and points (K-4).

Inside the engine a card is an index `0..23` and a hand is a bitmask of indices. The order is
chosen so that strength is simple: the twelve trumps come first from the highest (6♣) down,
then each plain suit from its ace down. Within a class a lower index beats a higher one, and
every trump beats every plain card.
"""

from __future__ import annotations

from app.domain.cards import Card, parse_cards
from app.domain.ranking import Ranking

# K-3: 6C > QC > QS > QH > QD > JC > JS > JH > JD > AC > 10C > KC; then A > 10 > K > 6 per suit.
CARDS: tuple[Card, ...] = parse_cards(
    "6C QC QS QH QD JC JS JH JD AC 10C KC  AS 10S KS 6S  AH 10H KH 6H  AD 10D KD 6D"
)
DECK_SIZE = len(CARDS)
HAND_SIZE = 6
TRICKS_PER_DEAL = 6
DEAL_POINTS = 120

INDEX: dict[Card, int] = {card: i for i, card in enumerate(CARDS)}
INDEX_BY_CODE: dict[str, int] = {str(card): i for i, card in enumerate(CARDS)}
"""Indices by wire code: a string's hash is cached, so this is the cheap look-up."""
BITS: tuple[int, ...] = tuple(1 << i for i in range(DECK_SIZE))
"""The mask of each card index alone."""
ALONE: tuple[tuple[int], ...] = tuple((i,) for i in range(DECK_SIZE))
"""Each card index as a one-card tuple, made once: `trick + ALONE[card]` adds a card to a
trick with one new tuple rather than two."""
_BIT_BY_CODE: dict[str, int] = {str(card): 1 << i for i, card in enumerate(CARDS)}

TRUMP = 0
"""The class of a trump; the plain suits are classes 1 (spades), 2 (hearts), 3 (diamonds)."""

CLASS_OF: tuple[int, ...] = tuple(0 if i < 12 else 1 + (i - 12) // 4 for i in range(DECK_SIZE))
CLASS_MASK: tuple[int, ...] = tuple(
    sum(1 << i for i in range(DECK_SIZE) if CLASS_OF[i] == cls) for cls in range(4)
)
TRUMP_MASK = CLASS_MASK[TRUMP]
FOLLOWING: tuple[int, ...] = tuple(CLASS_MASK[CLASS_OF[i]] for i in range(DECK_SIZE))
"""K-11: the cards that follow a lead of card `i` (its class)."""
FULL_MASK = (1 << DECK_SIZE) - 1

# K-4: A = 11, 10 = 10, K = 4, Q = 3, J = 2, 6 = 0.
_RANK_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "6": 0}
POINTS: tuple[int, ...] = tuple(_RANK_POINTS[card.rank.value] for card in CARDS)

SIX_OF_CLUBS = INDEX[Card.parse("6C")]
QUEEN_OF_CLUBS = INDEX[Card.parse("QC")]
ACE_OF_DIAMONDS = INDEX[Card.parse("AD")]
QUEENS_MASK = sum(1 << i for i, card in enumerate(CARDS) if card.rank.value == "Q")


RANKING = Ranking((CARDS[:12], CARDS[12:16], CARDS[16:20], CARDS[20:]), trump=TRUMP)
"""K-3 in the shared terms (`app.domain.ranking`): the trumps, then ♠ ♥ ♦. The engine decides
tricks on the indices (`winning_position`); the view names the trumps and orders a hand by
this, and a test holds the two to the same order."""


def index_of(card: Card) -> int | None:
    """The card's index in this deck, or None for a card the deck does not hold (e.g. 7S)."""
    return INDEX_BY_CODE.get(card.code)


def mask_of(cards: tuple[Card, ...] | list[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= _BIT_BY_CODE[card.code]
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a hand mask, strongest class first (trumps in their order, then suits)."""
    return (
        _BYTE_CARDS[0][mask & 0xFF] + _BYTE_CARDS[1][mask >> 8 & 0xFF] + _BYTE_CARDS[2][mask >> 16]
    )


# The cards of every subset of each byte of a mask (3 x 256 tuples), so `cards_of` is cheap.
_BYTE_CARDS = tuple(
    tuple(tuple(CARDS[8 * part + i] for i in range(8) if subset >> i & 1) for subset in range(256))
    for part in range(3)
)


def is_trump(card: Card) -> bool:
    return CLASS_OF[INDEX[card]] == TRUMP


def points_of(cards: tuple[Card, ...] | list[Card]) -> int:
    return sum(POINTS[INDEX[card]] for card in cards)


def trick_points(played: tuple[int, ...]) -> int:
    """K-4: the card points of a trick (its four cards)."""
    first, second, third, fourth = played
    return POINTS[first] + POINTS[second] + POINTS[third] + POINTS[fourth]


def caught_queen(played: tuple[int, ...]) -> tuple[int, int] | None:
    """K-13: the positions of Q♣ and 6♣ in a trick where players of opposite teams played
    them (positions of different parity); None when the queen is not caught."""
    if QUEEN_OF_CLUBS not in played or SIX_OF_CLUBS not in played:
        return None
    queen_at, six_at = played.index(QUEEN_OF_CLUBS), played.index(SIX_OF_CLUBS)
    return (queen_at, six_at) if (queen_at - six_at) % 2 else None


def winning_position(played: tuple[int, ...]) -> int:
    """K-12: the position in `played` of the winning card: the highest trump, else the highest
    card of the led suit. Trumps have the lowest indices, so the winner is the smallest index
    among the trumps and the led suit."""
    led_class = CLASS_OF[played[0]]
    best, best_card = 0, played[0]
    for position, card in enumerate(played):
        if card < best_card and (CLASS_OF[card] == TRUMP or CLASS_OF[card] == led_class):
            best, best_card = position, card
    return best
