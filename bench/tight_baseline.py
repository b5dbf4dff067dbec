"""The reference point for `bench/engine.py`: a tight hand-written bitmask playout of random
deals, in plain Python with no engine, no events and no checks beyond following suit.

    python bench/tight_baseline.py [--seconds 10]

It shuffles, deals, plays six tricks with random legal cards and counts points, as fast as
plain Python allows; the engine is expected to reach a quarter of its rate.
"""

from __future__ import annotations

import argparse
import os
import random
import time

# Index order: 12 trumps from the highest, then spades, hearts, diamonds (A 10 K 6).
CLASS = [0] * 12 + [1] * 4 + [2] * 4 + [3] * 4
CLASS_MASK = [sum(1 << i for i in range(24) if CLASS[i] == c) for c in range(4)]
POINTS = [0, 3, 3, 3, 3, 2, 2, 2, 2, 11, 10, 4] + [11, 10, 4, 0] * 3
LOWEST_BIT = {1 << i: i for i in range(24)}


def random_card(mask: int, rng: random.Random) -> int:
    """A uniformly random set bit of `mask`."""
    n = rng.randrange(mask.bit_count())
    for _ in range(n):
        mask &= mask - 1
    return LOWEST_BIT[mask & -mask]


def play_deal(rng: random.Random) -> tuple[int, int]:
    deck = list(range(24))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for i, card in enumerate(deck):
        hands[i & 3] |= 1 << card
    leader, points = 0, [0, 0]
    for _ in range(6):
        seat = leader
        led = random_card(hands[seat], rng)
        hands[seat] ^= 1 << led
        best, best_seat, total, cls = led, seat, POINTS[led], CLASS[led]
        for step in (1, 2, 3):
            seat = (leader + step) & 3
            hand = hands[seat]
            card = random_card(hand & CLASS_MASK[cls] or hand, rng)
            hands[seat] = hand ^ (1 << card)
            total += POINTS[card]
            if card < best and (card < 12 or CLASS[card] == cls):
                best, best_seat = card, seat
        points[best_seat & 1] += total
        leader = best_seat
    return points[0], points[1]


def deals_per_second(seconds: float, rng: random.Random, batch: int = 1000) -> float:
    """Play random deals in batches until `seconds` have passed; their rate."""
    deals, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(batch):
            assert sum(play_deal(rng)) == 120
        deals += batch
    return deals / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    print(f"tight baseline deals/s {deals_per_second(args.seconds, random.Random(1)):>10,.0f}")


if __name__ == "__main__":
    main()
