"""The 36 cards of the family as bits of an int (bit `i` is `DECK[i]`), and one deal's ranking
read into masks: which cards each card beats, the classes a lead may be drawn from, and what a
card is worth keeping. The search's model plays on these (`app.bots.multitrick.model`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations

from app.domain.cards import Card
from app.domain.multitrick.deck import DECK, card_points
from app.domain.ranking import Ranking

INDEX = {card: i for i, card in enumerate(DECK)}
POINTS = tuple(card_points(card) for card in DECK)
_SUIT = (1 << 9) - 1
_SUIT_POINTS = tuple(sum(POINTS[i] for i in range(9) if m >> i & 1) for m in range(1 << 9))
"""The points of each set of one suit's nine cards (every suit has the same ranks)."""
TRUMP_KEEP = 15.0
"""What holding a trump is worth, in card points, when choosing what to give up."""


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << INDEX[card]
    return mask


@lru_cache(maxsize=1 << 16)
def bits(mask: int) -> tuple[int, ...]:
    """The cards of `mask`, lowest first (remembered: the model asks for the same hands)."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return tuple(found)


def cards_of(mask: int) -> tuple[Card, ...]:
    return tuple(DECK[i] for i in bits(mask))


def points(mask: int) -> int:
    """The card points of `mask`, a suit (nine bits of `DECK`) at a time."""
    return (
        _SUIT_POINTS[mask & _SUIT]
        + _SUIT_POINTS[mask >> 9 & _SUIT]
        + _SUIT_POINTS[mask >> 18 & _SUIT]
        + _SUIT_POINTS[mask >> 27 & _SUIT]
    )


def sum_of(masks: Iterable[int]) -> int:
    """The union of `masks`."""
    union = 0
    for mask in masks:
        union |= mask
    return union


def submasks(mask: int, size: int) -> Iterator[int]:
    """Every subset of `mask` with `size` cards."""
    for chosen in combinations(bits(mask), size):
        yield sum(1 << i for i in chosen)


class Ranks:
    """One deal's ranking as masks, with the answers the model asks again and again cached."""

    def __init__(self, ranking: Ranking, rank_leads: bool = False) -> None:
        self.beaten = tuple(mask_of(c for c in DECK if ranking.beats(x, c)) for x in DECK)
        """Per card, the cards it beats."""
        self.beaters = tuple(mask_of(c for c in DECK if ranking.beats(c, x)) for x in DECK)
        """Per card, the cards that beat it."""
        self.classes = tuple(
            mask_of(DECK[i] for i in range(36) if ranking.class_of(DECK[i]) == cls)
            for cls in sorted({ranking.class_of(c) for c in DECK})
        )
        self.trumps = mask_of(c for c in DECK if ranking.is_trump(c))
        self.keep = tuple(
            POINTS[i] + (TRUMP_KEEP if ranking.is_trump(c) else 0.0) + ranking.power(c) / 4
            for i, c in enumerate(DECK)
        )
        """Per card, what it is worth in the hand: its points, a trump's worth, its power."""
        self.highest_trump = {INDEX[c]: ranking.power(c) for c in DECK if ranking.is_trump(c)}
        self.groups = self.classes
        if rank_leads:
            by_rank = {c.rank for c in DECK}
            self.groups += tuple(mask_of(c for c in DECK if c.rank is r) for r in by_rank)
        self.rank_leads = rank_leads
        self._beats: dict[tuple[int, int], bool] = {}
        self._leads: dict[int, tuple[int, ...]] = {}
        self._beat_sets: dict[tuple[int, int], tuple[int, ...]] = {}
        self._cheapest: dict[tuple[int, int], int] = {}

    def beats(self, response: int, top: int) -> bool:
        """Whether `response` beats `top` card by card under some pairing (K4-12, B-10)."""
        key = (response, top)
        known = self._beats.get(key)
        if known is None:
            known = self._beats[key] = _pairs(bits(response), bits(top), self.beaten)
        return known

    def leads(self, hand: int) -> tuple[int, ...]:
        """Every lead from `hand`: each non-empty set of one class (and with `rank_leads`, each
        set of two or more of one rank)."""
        known = self._leads.get(hand)
        if known is None:
            found: set[int] = set()
            for group in self.classes:
                held = hand & group
                found.update(m for n in range(1, held.bit_count() + 1) for m in submasks(held, n))
            if self.rank_leads:
                for group in self.groups[len(self.classes) :]:
                    held = hand & group
                    found.update(
                        m for n in range(2, held.bit_count() + 1) for m in submasks(held, n)
                    )
            known = self._leads[hand] = tuple(sorted(found))
        return known

    def beat_sets(self, hand: int, top: int) -> tuple[int, ...]:
        """Every set of `hand` that beats `top`, the one least worth keeping first."""
        if top & (top - 1) == 0:  # one card: each card of the hand that beats it
            beaters = bits(hand & self.beaters[top.bit_length() - 1])
            return tuple(1 << c for c in sorted(beaters, key=self.keep.__getitem__))
        key = (hand, top)
        known = self._beat_sets.get(key)
        if known is None:
            useful = hand & sum_of(self.beaters[t] for t in bits(top))
            found = [m for m in submasks(useful, top.bit_count()) if self.beats(m, top)]
            known = self._beat_sets[key] = tuple(sorted(found, key=self.cost))
        return known

    def cheapest(self, hand: int, size: int) -> int:
        """The `size` cards of `hand` least worth keeping."""
        key = (hand, size)
        known = self._cheapest.get(key)
        if known is None:
            order = sorted(bits(hand), key=self.keep.__getitem__)
            known = self._cheapest[key] = sum(1 << i for i in order[:size])
        return known

    def cost(self, mask: int) -> float:
        return sum(self.keep[i] for i in bits(mask))


def _pairs(response: Sequence[int], top: Sequence[int], beaten: Sequence[int]) -> bool:
    if not top:
        return True
    first, rest = top[0], top[1:]
    return any(
        beaten[card] >> first & 1 and _pairs([*response[:i], *response[i + 1 :]], rest, beaten)
        for i, card in enumerate(response)
    )
