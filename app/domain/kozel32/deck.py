"""The 32 cards, their points and the trumps of a deal (C32-2 … C32-5).

The trumps of a deal are the preset's permanent trumps in their order, then the cards of the
deal's trump suit that are not permanent trumps (C32-5). The preset itself is one such suit:
clubs in `shamok` (7♣, the queens, the jacks, then A 10 K 9 8 of clubs) and diamonds in
`diamonds` (the queens, the jacks, then A 10 K 9 8 7 of diamonds), so a deal's trumps are
always `trumps(preset, suit)`, with `suit` None for the permanent trumps alone («бескозырка»,
and every comparison made before a suit is named).
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from app.domain.cards import Card, Rank, Suit
from app.domain.ranking import SUIT_ORDER, Ranking

Preset = Literal["shamok", "diamonds"]

RANKS = (
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)
PLAIN_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
"""A plain suit, and the trump suit's tail, from the highest (C32-3: A > 10 > K > 9 > 8 > 7)."""

DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUIT_ORDER for rank in RANKS)
"""C32-2: the canonical order of the 32 cards, which the seeded shuffle permutes."""
DECK_SIZE = len(DECK)

POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
DEAL_POINTS = 120
SPAS = 31
"""C32-4: the «спас»."""

SHAMOK = Card(Rank.SEVEN, Suit.CLUBS)
QUEEN_OF_CLUBS = Card(Rank.QUEEN, Suit.CLUBS)
QUEEN_OF_SPADES = Card(Rank.QUEEN, Suit.SPADES)
NINES = frozenset(Card(Rank.NINE, suit) for suit in SUIT_ORDER)
QUEENS = frozenset(Card(Rank.QUEEN, suit) for suit in SUIT_ORDER)

PRESET_SUIT: dict[str, Suit] = {"shamok": Suit.CLUBS, "diamonds": Suit.DIAMONDS}
"""The trump suit of each preset (C32-3)."""


def points(card: Card) -> int:
    return POINTS.get(card.rank, 0)


def card_points(cards: tuple[Card, ...] | list[Card]) -> int:
    return sum(POINTS.get(card.rank, 0) for card in cards)


def permanent_trumps(preset: Preset) -> tuple[Card, ...]:
    """C32-3: the шамок (in `shamok`), then the queens, then the jacks, each ♣ ♠ ♥ ♦."""
    queens_and_jacks = tuple(
        Card(rank, suit) for rank in (Rank.QUEEN, Rank.JACK) for suit in SUIT_ORDER
    )
    return ((SHAMOK,) if preset == "shamok" else ()) + queens_and_jacks


@cache
def ranking(preset: Preset, suit: Suit | None) -> Ranking:
    """The classes of a deal whose trump suit is `suit` (None: the permanent trumps only):
    class 0 is the trumps, then the plain suits that remain, ♣ ♠ ♥ ♦."""
    permanent = permanent_trumps(preset)
    tail = () if suit is None else tuple(c for c in _suit(suit) if c not in permanent)
    plain = tuple(
        tuple(card for card in _suit(s) if card not in permanent) for s in SUIT_ORDER if s != suit
    )
    return Ranking((permanent + tail, *plain), trump=0)


def preset_ranking(preset: Preset) -> Ranking:
    return ranking(preset, PRESET_SUIT[preset])


def lowest_trump(preset: Preset) -> Card:
    """C32-7: 8♣ in `shamok`, 7♦ in `diamonds`."""
    return preset_ranking(preset).classes[0][-1]


def plain_suit(card: Card, trumps: Ranking) -> Suit | None:
    """The plain suit `card` belongs to under `trumps`; None for a trump (a queen or jack is
    never a card of its printed suit, C32-3)."""
    return None if trumps.is_trump(card) else card.suit


def is_good(card: Card, trumps: Ranking) -> bool:
    """C32-15: a good card is an ace or a trump of the deal."""
    return card.rank is Rank.ACE or trumps.is_trump(card)


def _suit(suit: Suit) -> tuple[Card, ...]:
    return tuple(Card(rank, suit) for rank in PLAIN_RANKS)
