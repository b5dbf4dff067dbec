"""Seeks benchmark: seekers arriving at random over a time span, on two server instances over
one PostgreSQL database; how long a seek waits for its match, and what a match costs.

    python bench/seeks.py [--seekers 1000] [--seconds 60] [--variants sixty_six,kozel24]
        [--instances 2] [--bots-after S]

Each seeker is a player account (registered before the clock starts) that sends
`POST /v1/seeks` (`rated`, its variant taken in turn from `--variants`) to one of the
instances at a random moment of the span, then long-polls `GET /v1/seeks/{id}?wait=30` on
the same instance until the seek is matched (at most until `GRACE_S` after the span).
Prints the time from the POST to the answer that says `matched` (p50/p90/p99), the tables
made per variant, the seeks left waiting at the end (the odd ones out: with `--bots-after`,
server bots fill their seats), and the CPU seconds per table made of the server processes
and of PostgreSQL over the span (from /proc; client, servers and PostgreSQL share the
machine).

Then it checks in the database that no seek was matched twice and no player seated twice:
every matched seek names one table, every table made holds exactly the players of the seeks
matched into it, each in the seat its seek names.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psycopg
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.api import (  # noqa: E402
    DEFAULT_POSTGRES,
    CpuMeter,
    fresh_postgres,
    percentile,
    serve,
    servers,
)

GRACE_S = 15.0
"""How long after the last arrival the seekers still wait for a match."""


@dataclass
class Outcome:
    waits: dict[str, list[float]] = field(default_factory=dict)
    """Seconds from the POST to `matched`, per variant."""
    unmatched: Counter[str] = field(default_factory=Counter)
    errors: int = 0
    resent: int = 0
    """Requests sent again after a dropped connection."""


async def seeker(
    http: httpx.AsyncClient,
    token: str,
    variant: str,
    at: float,
    until: float,
    bots_after: int | None,
    outcome: Outcome,
) -> None:
    """Seek at `at` seconds from now; wait for the match until `until` (then cancel)."""
    start = time.monotonic()
    await asyncio.sleep(at)
    headers = {"Authorization": f"Bearer {token}"}
    body: dict[str, Any] = {"variant": variant, "bots_after_s": bots_after}
    began = time.monotonic()
    response = await _again(outcome, lambda: http.post("/v1/seeks", json=body, headers=headers))
    if response.status_code == 409:  # a POST sent again after a dropped connection
        seek = {"id": response.json()["seek_id"], "status": "waiting"}
    elif response.status_code != 201:
        outcome.errors += 1
        return
    else:
        seek = response.json()
    while seek["status"] == "waiting":
        wait = min(30.0, start + until - time.monotonic())
        if wait <= 0:
            break
        path, params = f"/v1/seeks/{seek['id']}", {"wait": round(wait, 3)}
        poll = functools.partial(http.get, path, params=params, headers=headers)
        polled = await _again(outcome, poll)
        if polled.status_code != 200:
            outcome.errors += 1
            return
        seek = polled.json()
    if seek["status"] == "matched":
        outcome.waits.setdefault(variant, []).append(time.monotonic() - began)
    else:
        outcome.unmatched[variant] += 1
        await http.delete(f"/v1/seeks/{seek['id']}", headers=headers)


async def _again(outcome: Outcome, send: Callable[[], Awaitable[httpx.Response]]) -> httpx.Response:
    """Send a request again after a dropped connection (a kept-alive connection that the
    server closed as idle just as the request went out), counting each."""
    for _ in range(5):
        try:
            return await send()
        except httpx.TransportError:
            outcome.resent += 1
    return await send()


async def run(
    bases: list[str], pids: list[int], args: argparse.Namespace
) -> tuple[Outcome, dict[str, float], float]:
    variants = args.variants.split(",")
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
    clients = [httpx.AsyncClient(base_url=base, timeout=60, limits=limits) for base in bases]
    try:
        tokens = []
        for n in range(args.seekers):
            answer = await clients[n % len(clients)].post("/v1/players", json={"name": f"s{n}"})
            tokens.append(answer.json()["token"])
        outcome = Outcome()
        rng = random.Random(args.seed)
        meter = CpuMeter(pids)
        meter.start()
        began = time.monotonic()
        await asyncio.gather(
            *(
                seeker(
                    clients[n % len(clients)],
                    token,
                    variants[n % len(variants)],
                    rng.uniform(0, args.seconds),
                    args.seconds + GRACE_S,
                    args.bots_after,
                    outcome,
                )
                for n, token in enumerate(tokens)
            )
        )
        span = time.monotonic() - began
        return outcome, meter.stop(), span
    finally:
        for client in clients:
            await client.aclose()


def check(url: str) -> tuple[Counter[str], int]:
    """Tables made per variant, and how many seats disagree with their seeks (must be 0)."""
    dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(dsn) as conn:
        made = Counter(
            dict(
                conn.execute(
                    "SELECT variant, count(*) FROM game_tables GROUP BY variant"
                ).fetchall()
            )
        )
        wrong = conn.execute(
            """
            SELECT count(*) FROM (
              SELECT s.table_id, s.seat, s.player_id FROM seeks s WHERE s.status = 'matched'
              EXCEPT
              SELECT seats.table_id, seats.seat, seats.player_id FROM seats
            ) AS matched_but_not_seated
            """
        ).fetchone()
        extra = conn.execute(
            """
            SELECT count(*) FROM seats
            WHERE player_id IS NOT NULL AND NOT EXISTS (
              SELECT 1 FROM seeks s WHERE s.table_id = seats.table_id
                AND s.seat = seats.seat AND s.player_id = seats.player_id)
            """
        ).fetchone()
        twice = conn.execute(
            "SELECT count(*) FROM (SELECT player_id, table_id FROM seats "
            "WHERE player_id IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1) AS t"
        ).fetchone()
    assert wrong is not None
    assert extra is not None
    assert twice is not None
    return made, int(wrong[0]) + int(extra[0]) + int(twice[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seekers", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--variants", default="sixty_six,kozel24")
    parser.add_argument("--instances", type=int, default=2)
    parser.add_argument("--bots-after", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--postgres", default=os.environ.get("KOZEL_TEST_POSTGRES_URL", DEFAULT_POSTGRES)
    )
    args = parser.parse_args()
    with fresh_postgres(args.postgres, "kozel_bench_seeks") as url:
        env = {**os.environ, "DATABASE_URL": url, "KOZEL_LOG_LEVEL": "warning"}
        env.setdefault("KOZEL_RATE_MOVES_PER_S", "1000")
        env.setdefault("KOZEL_RATE_POLLS_PER_S", "1000")
        with servers(serve, env, args.instances) as (bases, pids):
            outcome, cpu, span = asyncio.run(run(bases, pids, args))
        made, disagreements = check(url)
    print(
        f"{args.seekers} seekers over {args.seconds:.0f} s on {args.instances} instances "
        f"(PostgreSQL), variants {args.variants}, bots after {args.bots_after} s; "
        f"the run took {span:.1f} s"
    )
    for variant in args.variants.split(","):
        waits = [w * 1000 for w in outcome.waits.get(variant, [])]
        print(
            f"  {variant:<10} matched {len(waits):>4}  tables {made[variant]:>4}  "
            f"left waiting {outcome.unmatched[variant]:>2}  time to match: "
            f"p50 {percentile(waits, 0.5):7.1f} ms  p90 {percentile(waits, 0.9):7.1f} ms  "
            f"p99 {percentile(waits, 0.99):7.1f} ms"
        )
    tables = sum(made.values())
    if tables:
        print(
            f"  CPU per table made: server {1000 * cpu['server'] / tables:.1f} ms, "
            f"PostgreSQL {1000 * cpu['postgres'] / tables:.1f} ms "
            f"(clients {1000 * cpu['clients'] / tables:.1f} ms)"
        )
    print(
        f"  errors {outcome.errors} (requests sent again after a dropped connection: "
        f"{outcome.resent}); seats that disagree with their seeks: {disagreements}"
    )
    if disagreements or outcome.errors:
        sys.exit(1)


if __name__ == "__main__":
    main()
