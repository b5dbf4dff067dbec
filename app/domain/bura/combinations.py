"""The combinations of a four-card hand (B-15): bura, четыре конца, молодка and Москва, and
the priority of a claim (B-17).

A combination is a property of a hand of exactly four cards. With `T` the trump suit:
bura is four trumps; четыре конца four aces (or four tens with `four_ends_tens`); молодка four
cards of one suit other than `T`; Москва three of the hand's aces (including the trump ace
with `moscow_trump_ace`). Ranked bura > четыре конца > молодка > Москва.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from itertools import combinations

from app.domain.bura.options import Options
from app.domain.cards import Card, Rank, Suit
from app.domain.multitrick.deck import HAND_SIZE, RANKS, canonical


class Combination(Enum):
    BURA = "bura"
    FOUR_ENDS = "four_ends"
    MOLODKA = "molodka"
    MOSCOW = "moscow"

    @property
    def rank(self) -> int:
        """B-15: bura > четыре конца > молодка > Москва."""
        return _RANK[self]


NAMES = {
    Combination.BURA: "бура",
    Combination.FOUR_ENDS: "четыре конца",
    Combination.MOLODKA: "молодка",
    Combination.MOSCOW: "Москва",
}
"""B-15: the combinations by the rules' own names (in English text too)."""

_RANK = {
    Combination.BURA: 4,
    Combination.FOUR_ENDS: 3,
    Combination.MOLODKA: 2,
    Combination.MOSCOW: 1,
}


def is_bura(hand: Sequence[Card], trump: Suit) -> bool:
    """B-15, B-16: four cards, all trumps."""
    return len(hand) == HAND_SIZE and all(card.suit is trump for card in hand)


def bura_winner(buras: Sequence[tuple[int, Sequence[Card]]]) -> int:
    """B-16: of the buras shown (each a seat and its four trumps), the one holding the
    highest trump wins the deal."""
    power = {rank: -i for i, rank in enumerate(RANKS)}
    return max(buras, key=lambda bura: max(power[card.rank] for card in bura[1]))[0]


def claimable(
    hand: Sequence[Card], trump: Suit, options: Options
) -> tuple[tuple[Combination, tuple[Card, ...]], ...]:
    """Every combination a claim may name from `hand`, with the cards it shows (B-15, B-17);
    a bura is never claimed (it ends the deal by itself, B-16)."""
    if len(hand) != HAND_SIZE:
        return ()
    found: list[tuple[Combination, tuple[Card, ...]]] = []
    ends = {Rank.ACE, Rank.TEN} if options.four_ends_tens else {Rank.ACE}
    if len({card.rank for card in hand}) == 1 and hand[0].rank in ends:
        found.append((Combination.FOUR_ENDS, canonical(hand)))
    if len({card.suit for card in hand}) == 1 and hand[0].suit is not trump:
        found.append((Combination.MOLODKA, canonical(hand)))
    aces = [card for card in canonical(hand) if card.rank is Rank.ACE]
    for three in combinations(aces, 3):
        if not options.moscow_trump_ace or any(card.suit is trump for card in three):
            found.append((Combination.MOSCOW, three))
    return tuple(found)


def combination_of(
    cards: Sequence[Card], hand: Sequence[Card], trump: Suit, options: Options
) -> Combination | None:
    """The combination `cards` show from `hand`, if they show one."""
    return next(
        (c for c, shown in claimable(hand, trump, options) if shown == canonical(cards)), None
    )
