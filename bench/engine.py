"""Engine benchmark: random legal games through the public engine API, on one core.

Prints full deals per second (shuffle, cut, decisions and every card, through `apply`), moves
per second, and legal-action queries per second over states taken from those games. Then it
sets the engine beside the tight playout of `bench/tight_baseline.py` (#2 asks for a quarter
of its rate): the two take turns in short slices, so that both meet the same machine (on a
shared host the rate of either swings by 20 % from one minute to the next), and the share is
the median over the pairs of slices.

    python bench/engine.py [--seconds 10] [--seed 1] [--pairs 20]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.domain import kozel24 as k
from bench.tight_baseline import deals_per_second

SLICE_S = 0.5
"""How long each side plays in one turn of the comparison."""


def play_games(
    seconds: float, rng: random.Random, max_deals: float = float("inf")
) -> tuple[int, int, int, float, list[k.GameState]]:
    """Play whole random games until `seconds` have passed (or the game that reaches
    `max_deals` is over); returns deals, moves, games."""
    deals = moves = games = 0
    samples: list[k.GameState] = []
    # A uniform pick among the legal actions: int(random() * n) is `random.choice` without its
    # per-call overhead (its bias, below n / 2**53, is far beyond what a benchmark can see).
    uniform = rng.random
    apply, to_act, legal_actions, is_chance_node = (
        k.apply,
        k.to_act,
        k.legal_actions,
        k.is_chance_node,
    )
    start = time.perf_counter()
    while time.perf_counter() - start < seconds and deals < max_deals:
        state = k.replay(k.start_game(k.Options(), rng.randrange(4)))
        while True:
            seats = to_act(state)
            if not seats:  # no seat acts: the game is over, or the server shuffles
                if state.is_terminal:
                    break
                assert is_chance_node(state)
                state, _ = apply(state, k.ShuffleDeck(rng.randbytes(16)))
                deals += 1
                continue
            actions = legal_actions(state, seats[0])
            state, _ = apply(state, actions[int(uniform() * len(actions))])
            moves += 1
            if moves % 97 == 0 and len(samples) < 20_000:
                samples.append(state)
        games += 1
    return deals, moves, games, time.perf_counter() - start, samples


def legal_queries(states: list[k.GameState], seconds: float) -> tuple[int, float]:
    pairs = [(state, seat) for state in states for seat in range(4)]
    queries = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for state, seat in pairs:
            k.legal_actions(state, seat)
        queries += len(pairs)
    return queries, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", type=int, default=20, help="slices of the comparison")
    args = parser.parse_args()
    if args.pairs < 2:
        parser.error("--pairs needs at least 2 (the quartiles of the shares)")
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    print(f"python {platform.python_version()} on {platform.machine()}, one core")
    rng = random.Random(args.seed)
    play_games(1.0, rng)  # warm-up
    deals, moves, games, elapsed, samples = play_games(args.seconds, rng)
    print(f"games       {games:>10,}")
    print(f"deals/s     {deals / elapsed:>10,.0f}")
    print(f"moves/s     {moves / elapsed:>10,.0f}")
    queries, spent = legal_queries(samples, args.seconds / 2)
    print(f"legal-action queries/s {queries / spent:>10,.0f}")
    engine, tight = compare(rng, args.pairs)
    shares = sorted(e / t for e, t in zip(engine, tight, strict=True))
    print(
        f"beside the tight playout, {args.pairs} pairs of {SLICE_S} s slices: engine "
        f"{statistics.median(engine):,.0f} deals/s, tight {statistics.median(tight):,.0f} "
        f"deals/s (medians)"
    )
    quartiles = statistics.quantiles(shares, n=4)
    print(
        f"engine as a share of the tight playout: median {statistics.median(shares):.1%} "
        f"(quartiles {quartiles[0]:.1%} .. {quartiles[2]:.1%}; the goal is 25 %)"
    )


def compare(rng: random.Random, pairs: int) -> tuple[list[float], list[float]]:
    """Deals/s of the engine and of the tight playout, in `pairs` turns of one slice each."""
    engine, tight = [], []
    tight_rng = random.Random(rng.random())
    for _ in range(pairs):
        deals, _, _, elapsed, _ = play_games(SLICE_S, rng)
        engine.append(deals / elapsed)
        tight.append(deals_per_second(SLICE_S, tight_rng, batch=100))
    return engine, tight


if __name__ == "__main__":
    main()
