"""What a partner may give back in an exchange between partners (K-9, C32-13).

The partner gives as many cards as he receives. They must be non-trumps while he holds any;
he gives trumps only when he has too few non-trumps (K-9 with one card, C32-13 with one or
two). The set he gives is his choice among those.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from app.domain.cards import Card


def gives(
    hand: Sequence[Card], count: int, is_trump: Callable[[Card], bool]
) -> tuple[tuple[Card, ...], ...]:
    """Every set of `count` cards of `hand` that may be given, each in the hand's order."""
    plain = [card for card in hand if not is_trump(card)]
    trumps = [card for card in hand if is_trump(card)]
    if len(plain) >= count:
        return tuple(combinations(plain, count))
    order = {card: i for i, card in enumerate(hand)}
    return tuple(
        tuple(sorted((*plain, *extra), key=order.__getitem__))
        for extra in combinations(trumps, count - len(plain))
    )
