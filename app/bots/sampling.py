"""Dealing the cards a seat cannot see, consistently with what it has seen: the shared part of
every game's sampler for the search (`app.bots.search`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from app.domain.cards import Card

Fits = Callable[[int, Card], bool]
"""Whether a card may lie with a seat (not in a suit it has shown void in, say)."""


def deal_hidden(
    pool: Sequence[Card],
    needs: Mapping[int, int],
    fits: Fits,
    rng: random.Random,
    tries: int = 40,
) -> dict[int, list[Card]] | None:
    """`needs[seat]` cards of `pool` for each seat, every card with a seat it fits, at random.
    The cards left over (a stock, say) are under the key -1. The last try ignores `fits`
    rather than fail; None only if the pool is too small."""
    if sum(needs.values()) > len(pool):
        return None
    cards = list(pool)
    for attempt in range(tries):
        strict = attempt < tries - 1
        rng.shuffle(cards)
        # The most constrained cards first: those that fit the fewest seats.
        order = sorted(cards, key=lambda c: sum(fits(s, c) for s in needs)) if strict else cards
        wanted = dict(needs)
        dealt: dict[int, list[Card]] = {seat: [] for seat in needs}
        rest: list[Card] = []
        spare = len(cards) - sum(needs.values())
        ok = True
        for card in order:
            seats = [s for s, n in wanted.items() if n and (not strict or fits(s, card))]
            if spare and (not seats or rng.random() < spare / (spare + sum(wanted.values()))):
                rest.append(card)
                spare -= 1
                continue
            if not seats:
                ok = False
                break
            seat = max(seats, key=lambda s: wanted[s] + rng.random())
            dealt[seat].append(card)
            wanted[seat] -= 1
        if ok:
            dealt[-1] = rest
            return dealt
    return None
