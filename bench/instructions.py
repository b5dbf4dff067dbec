"""Instructions per deal, counted by valgrind: the engine against the tight playout.

    python bench/instructions.py [--deals 300]

Wall-clock figures of `bench/engine.py` swing with the machine (another tenant, a slower
host); instruction counts do not. Each side plays the same seeded random deals under
`valgrind --tool=callgrind` (with a fixed hash seed), once with no deals to count the start-up,
and the difference is divided by the deals played. Slow (valgrind runs Python some fifty times
slower), but the same code gives the same figure every time, so a change of 1 % shows. It is a
proxy: instructions, not time (the engine allocates more, so its time share is a little below
its instruction share).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import engine  # noqa: E402  (bench/engine.py)
import tight_baseline  # noqa: E402


def play(side: str, deals: int) -> int:
    """Play about `deals` seeded deals; the number actually played."""
    rng = random.Random(1)
    if side == "tight":
        for _ in range(deals):
            tight_baseline.play_deal(rng)
        return deals
    played, *_ = engine.play_games(float("inf"), rng, max_deals=deals) if deals else (0,)
    return played


def counted(side: str, deals: int) -> tuple[int, int]:
    """Instructions of a whole run of `play(side, deals)`, and the deals it played."""
    valgrind = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    run = subprocess.run(
        [*valgrind, sys.executable, __file__, "--child", side, "--deals", str(deals)],
        env={**os.environ, "PYTHONHASHSEED": "0"},
        capture_output=True,
        text=True,
        check=True,
    )
    instructions = re.search(r"Collected : (\d+)", run.stderr)
    played = re.search(r"played (\d+)", run.stdout)
    if instructions is None or played is None:
        raise RuntimeError(run.stderr[-2000:])
    return int(instructions.group(1)), int(played.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--child", choices=["engine", "tight"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(f"played {play(args.child, args.deals)}")
        return
    per_deal = {}
    for side, deals in (("engine", args.deals), ("tight", 10 * args.deals)):
        start_up, _ = counted(side, 0)
        total, played = counted(side, deals)
        per_deal[side] = (total - start_up) / played
        print(f"{side:<8} {per_deal[side]:>12,.0f} instructions per deal ({played:,} deals)")
    print(f"engine as a share of the tight playout: {per_deal['tight'] / per_deal['engine']:.1%}")


if __name__ == "__main__":
    main()
