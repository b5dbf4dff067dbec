"""Soak benchmark: hundreds of tables played to the end for minutes, on PostgreSQL with two
server instances. Each table has one long-polling HTTP client and three server bots; a
finished game is replaced by a new table. Prints games finished, moves/s, POST latency
percentiles, errors (must be 0) and each instance's resident memory before and after.

    python bench/soak.py [--tables 200] [--seconds 180] [--bots heuristic]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.api import DEFAULT_POSTGRES, fresh_postgres, percentile, start  # noqa: E402
from tests.e2e.server import free_port  # noqa: E402

MEMORY_GROWTH_BOUND_MB = 64
"""Allowed resident-memory growth of an instance over the run (caches are bounded)."""


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def soak(urls: list[str], tables: int, seconds: float, bots: str) -> dict[str, Any]:
    stats: dict[str, Any] = {"latencies": [], "errors": 0, "games": 0, "moves": 0}
    connector = aiohttp.TCPConnector(limit=tables * 2 + 10)
    timeout = aiohttp.ClientTimeout(total=60)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:

        async def call(method: str, url: str, **kwargs: Any) -> tuple[int, Any]:
            async with http.request(method, url, **kwargs) as response:
                body = await response.json() if response.status != 304 else None
                return response.status, body

        async def table_loop(n: int, stop: float) -> None:
            base = urls[n % len(urls)]
            other = urls[(n + 1) % len(urls)]
            rng = random.Random(n)
            status, me = await call("POST", f"{base}/v1/players", json={"name": f"soak{n}"})
            auth = {"Authorization": f"Bearer {me['token']}"}
            while time.monotonic() < stop:
                created = {"seat": 0, "bots": {"1": bots, "2": bots, "3": bots}}
                status, table = await call("POST", f"{base}/v1/tables", json=created, headers=auth)
                if status != 201:
                    stats["errors"] += 1
                    await asyncio.sleep(1)
                    continue
                path = f"/v1/tables/{table['id']}"
                version = -1
                while time.monotonic() < stop:
                    # Long-poll one instance, post to the other: both must agree.
                    params = {"since_version": version, "wait": 20} if version >= 0 else {}
                    status, view = await call(
                        "GET", f"{other}{path}/state", params=params, headers=auth
                    )
                    if status == 304:
                        continue
                    if status != 200:
                        stats["errors"] += 1
                        continue
                    version = view["version"]
                    if view["status"] == "finished":
                        stats["games"] += 1
                        break
                    if not view["legal_actions"]:
                        continue
                    action = rng.choice(view["legal_actions"])
                    body = {**action["body"], "move_id": uuid.uuid4().hex}
                    started = time.perf_counter()
                    status, _ = await call(
                        "POST", f"{base}{path}/{action['endpoint']}", json=body, headers=auth
                    )
                    if status == 200:
                        stats["latencies"].append(time.perf_counter() - started)
                        stats["moves"] += 1
                    else:
                        stats["errors"] += 1

        stop = time.monotonic() + seconds
        began = time.monotonic()
        await asyncio.gather(*(table_loop(n, stop) for n in range(tables)))
        stats["seconds"] = time.monotonic() - began
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=180.0)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument(
        "--postgres", default=os.environ.get("KOZEL_TEST_POSTGRES_URL", DEFAULT_POSTGRES)
    )
    args = parser.parse_args()
    with fresh_postgres(args.postgres, "kozel_soak") as url:
        run(args, url)


def run(args: argparse.Namespace, url: str) -> None:
    name = f"kozel_soak_{uuid.uuid4().hex[:8]}"
    env = {**os.environ, "DATABASE_URL": url, "KOZEL_LOG_LEVEL": "warning"}
    processes = []
    try:
        ports = [free_port(), free_port()]
        for port in ports:
            command = [sys.executable, "-m", "app.cli", "serve", "--port", str(port)]
            processes.append(start(command, env, port, Path(f"/tmp/{name}-{port}.log")))
        urls = [f"http://127.0.0.1:{port}" for port in ports]
        before = [rss_mb(p.pid) for p in processes]
        print(
            f"{args.tables} tables (1 long-polling client + 3 {args.bots} bots each), "
            f"{args.seconds:.0f} s, PostgreSQL, two instances"
        )
        stats = asyncio.run(soak(urls, args.tables, args.seconds, args.bots))
        after = [rss_mb(p.pid) for p in processes]
        ms = [v * 1000 for v in stats["latencies"]]
        print(f"games finished     {stats['games']}")
        print(f"client moves/s     {stats['moves'] / stats['seconds']:.1f}")
        p50, p95, p99 = (percentile(ms, share) for share in (0.5, 0.95, 0.99))
        print(f"POST latency       p50 {p50:.1f} ms  p95 {p95:.1f} ms  p99 {p99:.1f} ms")
        print(f"errors             {stats['errors']}")
        for n, (b, a) in enumerate(zip(before, after, strict=True)):
            print(f"instance {n} RSS     {b:.0f} MB -> {a:.0f} MB ({a - b:+.0f} MB)")
        grown = max(a - b for a, b in zip(after, before, strict=True))
        bound = "within" if grown <= MEMORY_GROWTH_BOUND_MB else "BEYOND"
        print(f"memory growth      {grown:+.0f} MB, {bound} the {MEMORY_GROWTH_BOUND_MB} MB bound")
    finally:
        for process in processes:
            process.terminate()
            process.wait()


if __name__ == "__main__":
    main()
