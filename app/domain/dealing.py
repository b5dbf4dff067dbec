"""The seeded shuffle, the cut and the round-robin deal, shared by the games that deal from a
whole deck (K-5, K-6, C32-6, C32-9, C32-35).

A deck is a game's canonical card tuple. The shuffled deck holds `deck[order[i]]` at position
`i`, top first, where `order = shuffled_order(seed, len(deck))` (`app.domain.chance`). A cut at
`position` puts the top `position` cards under the rest. A round-robin deal gives one card at
a time clockwise from the seat after the dealer.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.domain.cards import Card
from app.domain.chance import shuffled_order


def shuffled_deck(deck: Sequence[Card], seed: bytes) -> tuple[Card, ...]:
    """The order the seed gives `deck`, top first."""
    return tuple(deck[i] for i in shuffled_order(seed, len(deck)))


def cut_deck(cards: tuple[Card, ...], position: int) -> tuple[Card, ...]:
    """K-5: the top `position` cards go under the bottom part."""
    return cards[position:] + cards[:position]


def deal_round_robin(
    cards: Sequence[Card], first: int, seats: int, per_seat: int
) -> tuple[tuple[Card, ...], ...]:
    """`per_seat` cards to each of `seats` seats, one at a time clockwise from `first`, from the
    top of `cards` (K-6, C32-9)."""
    hands: list[list[Card]] = [[] for _ in range(seats)]
    for i, card in enumerate(cards[: seats * per_seat]):
        hands[(first + i) % seats].append(card)
    return tuple(map(tuple, hands))
