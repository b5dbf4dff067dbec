"""Two versions of the server at the same moment: which spends less CPU per move.

This host's speed swings by a third within minutes, so two versions of the code measured one
after the other differ by the host as much as by the code. Here both run at once, each a
server process on a fresh PostgreSQL database with its own `--tables` tables, followed the
same way at the same paced rate by one client process: whatever the host does, it does to
both. Each round prints each server's CPU per move over the same measured seconds, and their
ratio; the rounds alternate which version starts first.

    python bench/side_by_side.py OTHER_CHECKOUT [--follow turns] [--variant sixty_six]
        [--tables 25] [--rate 200] [--seconds 10] [--rounds 3]

OTHER_CHECKOUT is a checkout of another version (`git worktree add ../before <commit>`); it is
"A", this checkout "B". The same code on both sides gave ratios within 1 % of 1 here.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.api.server import tune_gc  # noqa: E402
from bench.api import (  # noqa: E402
    DEFAULT_POSTGRES,
    Run,
    fresh_postgres,
    percentile,
    play_tables,
    serve,
    servers,
)


async def both(
    bases: dict[str, tuple[list[str], list[int]]], args: argparse.Namespace
) -> dict[str, Run]:
    runs = await asyncio.gather(
        *(
            play_tables(urls, args.tables, args.seconds, args.follow, args.rate, pids, args.variant)
            for urls, pids in bases.values()
        )
    )
    return dict(zip(bases, runs, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="the checkout of version A")
    parser.add_argument("--follow", default="turns", help="stream, poll or turns")
    parser.add_argument("--variant", default="sixty_six")
    parser.add_argument("--tables", type=int, default=25, help="for each version")
    parser.add_argument("--rate", type=float, default=200.0, help="moves/s for each version")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--postgres", default=os.environ.get("KOZEL_TEST_POSTGRES_URL", DEFAULT_POSTGRES)
    )
    args = parser.parse_args()
    tune_gc()
    roots = {"A": args.other.resolve(), "B": ROOT}
    print(f"A: {roots['A']}\nB: {roots['B']}")
    print(f"{args.follow}, {args.variant}, {args.tables} tables and {args.rate:.0f} moves/s each")
    ratios = []
    for round_no in range(args.rounds):
        order = "AB" if round_no % 2 == 0 else "BA"
        with ExitStack() as stack:
            bases = {}
            for side in order:
                url = stack.enter_context(fresh_postgres(args.postgres, "kozel_side"))
                env = {
                    **os.environ,
                    "DATABASE_URL": url,
                    "KOZEL_LOG_LEVEL": "warning",
                    "KOZEL_RATE_MOVES_PER_S": "1000",
                    "KOZEL_RATE_POLLS_PER_S": "1000",
                }
                bases[side] = stack.enter_context(servers(serve, env, 1, root=roots[side]))
            runs = asyncio.run(both(bases, args))
        per_move = {side: runs[side].cpu_per_request("server") * 1000 for side in "AB"}
        for side in "AB":
            ms = [v * 1000 for v in runs[side].latencies]
            print(
                f"round {round_no + 1} {side}: {runs[side].rate:6.0f}/s, p99 "
                f"{percentile(ms, 0.99):6.1f} ms, server CPU {per_move[side]:.2f} ms a move"
            )
        ratios.append(per_move["B"] / per_move["A"])
        print(f"round {round_no + 1}: B ÷ A = {ratios[-1]:.3f}")
    print(
        f"B ÷ A, server CPU a move: median {statistics.median(ratios):.3f}, rounds "
        + ", ".join(f"{r:.3f}" for r in ratios)
    )


if __name__ == "__main__":
    main()
