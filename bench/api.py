"""API benchmark: N concurrent tables of four HTTP clients playing as fast as the game allows,
against a real server on PostgreSQL; then a bare one-INSERT endpoint on the same database
with the same number of concurrent clients, as the yardstick.

    python bench/api.py [--tables 50] [--seconds 20] [--postgres URL]

Prints moves/s and p50/p95/p99 latency of POST …/moves (and …/exchange), and the same for
the bare INSERT endpoint.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import aiohttp
import httpx
import psycopg
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.db.migrate import upgrade  # noqa: E402
from tests.e2e.server import free_port  # noqa: E402

DEFAULT_POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def report(name: str, latencies: list[float], seconds: float, errors: int) -> None:
    ms = [v * 1000 for v in latencies]
    print(
        f"{name:<22} {len(ms) / seconds:>8,.0f}/s   p50 {percentile(ms, 0.5):6.1f} ms   "
        f"p95 {percentile(ms, 0.95):6.1f} ms   p99 {percentile(ms, 0.99):6.1f} ms   "
        f"mean {statistics.fmean(ms) if ms else 0:6.1f} ms   errors {errors}"
    )


def start(command: list[str], env: dict[str, str], port: int, log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/docs", timeout=1)
            return process
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise RuntimeError(f"server on {port} did not start; see {log}")


async def play_tables(base: str, tables: int, seconds: float) -> tuple[list[float], int, float]:
    latencies: list[float] = []
    errors = 0
    connector = aiohttp.TCPConnector(limit=tables * 4 + 10)
    async with aiohttp.ClientSession(base, connector=connector) as http:

        async def call(method: str, path: str, **kwargs: Any) -> tuple[int, Any]:
            async with http.request(method, path, **kwargs) as response:
                body = await response.json() if response.status != 304 else None
                return response.status, body

        async def player(name: str) -> dict[str, str]:
            _, body = await call("POST", "/v1/players", json={"name": name})
            return {"Authorization": f"Bearer {body['token']}"}

        async def new_table(n: int) -> tuple[str, list[dict[str, str]]]:
            auths = [await player(f"t{n}p{s}") for s in range(4)]
            _, table = await call("POST", "/v1/tables", json={"seat": 0}, headers=auths[0])
            for seat in (1, 2, 3):
                await call("PUT", f"/v1/tables/{table['id']}/seats/{seat}", headers=auths[seat])
            return table["id"], auths

        async def seat_loop(
            table_id: str, auth: dict[str, str], stop: float, rng: random.Random
        ) -> None:
            nonlocal errors
            version = -1
            while time.monotonic() < stop:
                params = {"since_version": version, "wait": 2} if version >= 0 else {}
                status, view = await call(
                    "GET", f"/v1/tables/{table_id}/state", params=params, headers=auth
                )
                if status == 304:
                    continue
                version = view["version"]
                if view["status"] == "finished":
                    return
                if not view["legal_actions"]:
                    continue
                action = rng.choice(view["legal_actions"])
                body = {**action["body"], "expected_version": version, "move_id": uuid.uuid4().hex}
                started = time.perf_counter()
                status, _ = await call(
                    "POST", f"/v1/tables/{table_id}/{action['endpoint']}", json=body, headers=auth
                )
                if status == 200:
                    latencies.append(time.perf_counter() - started)
                elif status != 409:  # a lost race in the decision phase is normal
                    errors += 1

        setups = await asyncio.gather(*(new_table(n) for n in range(tables)))
        began = time.monotonic()
        stop = began + seconds
        rng = random.Random(1)

        async def table_until(table_id: str, auths: list[dict[str, str]]) -> None:
            while time.monotonic() < stop:
                seeds = [rng.random() for _ in auths]
                await asyncio.gather(
                    *(
                        seat_loop(table_id, a, stop, random.Random(s))
                        for a, s in zip(auths, seeds, strict=True)
                    )
                )
                if time.monotonic() < stop:  # the game ended: start another
                    table_id, auths = await new_table(rng.randrange(10**9))

        await asyncio.gather(*(table_until(t, a) for t, a in setups))
        return latencies, errors, time.monotonic() - began


async def bare_inserts(base: str, clients: int, seconds: float) -> tuple[list[float], int, float]:
    latencies: list[float] = []
    errors = 0
    connector = aiohttp.TCPConnector(limit=clients + 10)
    async with aiohttp.ClientSession(base, connector=connector) as http:
        stop = time.monotonic() + seconds
        began = time.monotonic()

        async def client() -> None:
            nonlocal errors
            while time.monotonic() < stop:
                started = time.perf_counter()
                async with http.post("/insert") as response:
                    await response.read()
                    if response.status == 200:
                        latencies.append(time.perf_counter() - started)
                    else:
                        errors += 1

        await asyncio.gather(*(client() for _ in range(clients)))
        return latencies, errors, time.monotonic() - began


@contextmanager
def fresh_postgres(admin_url: str, prefix: str) -> Iterator[str]:
    """A new, migrated PostgreSQL database for one run, dropped afterwards; yields its URL."""
    admin = make_url(admin_url)
    name = f"{prefix}_{uuid.uuid4().hex[:8]}"
    dsn = admin.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        url = admin.set(database=name).render_as_string(hide_password=False)
        upgrade(url)
        yield url
    finally:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--postgres", default=os.environ.get("KOZEL_TEST_POSTGRES_URL", DEFAULT_POSTGRES)
    )
    args = parser.parse_args()
    with fresh_postgres(args.postgres, "kozel_bench") as url:
        run(args, url)


def run(args: argparse.Namespace, url: str) -> None:
    log = Path("/tmp") / f"kozel_bench_{uuid.uuid4().hex[:8]}.log"
    env = {**os.environ, "DATABASE_URL": url}
    processes = []
    try:
        port = free_port()
        processes.append(
            start([sys.executable, "-m", "app.cli", "serve", "--port", str(port)], env, port, log)
        )
        print(f"{args.tables} tables x 4 clients, {args.seconds:.0f} s, PostgreSQL, one server")
        latencies, errors, spent = asyncio.run(
            play_tables(f"http://127.0.0.1:{port}", args.tables, args.seconds)
        )
        report("POST moves (game)", latencies, spent, errors)
        processes.pop().terminate()
        bare_port = free_port()
        bare = [
            sys.executable,
            "-m",
            "uvicorn",
            "bench.bare_insert_app:app",
            "--port",
            str(bare_port),
            "--log-level",
            "warning",
        ]
        processes.append(start(bare, env, bare_port, log))
        latencies, errors, spent = asyncio.run(
            bare_inserts(f"http://127.0.0.1:{bare_port}", args.tables * 4, args.seconds)
        )
        report("POST bare INSERT", latencies, spent, errors)
    finally:
        for process in processes:
            process.terminate()
            process.wait()


if __name__ == "__main__":
    main()
