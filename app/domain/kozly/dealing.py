"""The shuffle, the cut and the two ways of dealing (KZ-9, KZ-10 to KZ-12).

The shuffled deck holds `DECK[order[i]]` at position `i`, top first, for
`order = shuffled_order(seed, 32)`; the cut puts the top `cut` cards under the rest.
"""

from __future__ import annotations

from app.domain.cards import Card
from app.domain.chance import shuffled_order
from app.domain.kozly.deck import DECK
from app.domain.kozly.state import SEATS

HAND_SIZE = 4
HALF = SEATS * HAND_SIZE
"""KZ-8: 16 cards, a half of the deck in `halves`, the cards dealt in `stock`."""
TRICKS_PER_HALF = 4
TRICKS_PER_DEAL = 8
"""KZ-8: four tricks a half, eight a deal, in either mode."""


def shuffled(seed: bytes) -> tuple[Card, ...]:
    return tuple(DECK[i] for i in shuffled_order(seed, len(DECK)))


def cut(deck: tuple[Card, ...], position: int | None) -> tuple[Card, ...]:
    """KZ-9: the top `position` cards go under the bottom part."""
    if not position:
        return deck
    return deck[position:] + deck[:position]


def deck_after_cut(seed: bytes, position: int | None) -> tuple[Card, ...]:
    return cut(shuffled(seed), position)


def deal_half(cards: tuple[Card, ...], dealer: int) -> tuple[tuple[Card, ...], ...]:
    """KZ-10, KZ-11: a half, one card at a time counter-clockwise from its dealer: card `k`
    to seat `(dealer - k) mod 4`, so the last card, the 16th, goes to `dealer + 1`."""
    return tuple(
        tuple(card for k, card in enumerate(cards) if (dealer - k) % SEATS == seat)
        for seat in range(SEATS)
    )


def deal_stock(deck: tuple[Card, ...], dealer: int) -> tuple[tuple[Card, ...], ...]:
    """KZ-12: 16 cards one at a time clockwise from `L = dealer + 1`: card `k` to seat
    `(dealer + 1 + k) mod 4`."""
    return tuple(
        tuple(card for k, card in enumerate(deck[:HALF]) if (dealer + 1 + k) % SEATS == seat)
        for seat in range(SEATS)
    )


def stock_after_turn(rest: tuple[Card, ...]) -> tuple[Card, ...]:
    """KZ-12: the first card after the hands is turned and put face up at the bottom; the
    stock is drawn from the top, the trump card last."""
    return rest[1:] + rest[:1]
