"""The append path with each wake-up channel: PostgreSQL's NOTIFY or NATS (issue 31).

    python bench/wakeups.py [--tables 50] [--seconds 10] [--nats nats://127.0.0.1:4222]

For each channel at one and at two instances (`kozel serve` on a fresh PostgreSQL database),
`--tables` tables play as fast as their players can (`bench/api.py`'s players, who long-poll
their own tables), and it prints the committed moves per second, their latency, and the CPU a
move costs the servers and PostgreSQL. With NOTIFY each commit notifies in its transaction
(PostgreSQL serializes notifying commits on its queue's lock) and every instance hears every
commit; with NATS each commit is published after it lands, and an instance hears only the
tables and players its own clients follow.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.api import DEFAULT_POSTGRES, fresh_postgres, play_tables, serve, servers  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--nats", default="nats://127.0.0.1:4222")
    parser.add_argument(
        "--postgres", default=os.environ.get("KOZEL_BENCH_POSTGRES", DEFAULT_POSTGRES)
    )
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    for instances in (1, 2):
        for channel in ("notify", "nats"):
            with fresh_postgres(args.postgres, "kozel_wakeups") as url:
                env = {
                    **os.environ,
                    "KOZEL_DATABASE_URL": url,
                    "KOZEL_LOG_LEVEL": "warning",
                    "KOZEL_WAKEUP": channel,
                    "KOZEL_NATS_URL": args.nats,
                    "KOZEL_RATE_POLLS_PER_S": "1000000",
                    "KOZEL_RATE_MOVES_PER_S": "1000000",
                }
                with servers(serve, env, instances) as (bases, pids):
                    run = asyncio.run(
                        play_tables(bases, args.tables, args.seconds, "poll", None, pids)
                    )
                    run.report(f"{channel}, {instances} instance{'s' if instances > 1 else ''}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
