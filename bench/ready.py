"""Restart-to-ready: how long a new `kozel serve` takes until `/readyz` answers 200, and what
it spends the time on.

    python bench/ready.py [--rounds 7] [--tables 200] [--load 0]

Each round starts one server process on a migrated PostgreSQL database holding `--tables`
finished and running tables (so a restart finds a database in use, not an empty one), polls
`/readyz` every 10 ms, and kills the process with SIGKILL once it is ready, as a crash would.
Prints, per database, the wall time to ready (min / median / max), the CPU seconds the process
spent until then, and how much of that is importing the application (`-X importtime`). With
`--load N`, N busy loops run beside it: a loaded host stretches the wall time by about the
share of a core the server gets, not by any wait of its own.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.api import DEFAULT_POSTGRES, cpu_seconds, fresh_postgres, serve  # noqa: E402
from tests.e2e.server import free_port  # noqa: E402

POLL_S = 0.01


def time_to_ready(env: dict[str, str]) -> tuple[float, float]:
    """One server from start to its first 200 on `/readyz`: (wall seconds, CPU seconds)."""
    port = free_port()
    began = time.monotonic()
    process = subprocess.Popen(
        serve(port), cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        with httpx.Client(timeout=1) as client:
            while time.monotonic() - began < 120:
                try:
                    if client.get(f"http://127.0.0.1:{port}/readyz").status_code == 200:
                        return time.monotonic() - began, cpu_seconds(process.pid)
                except httpx.HTTPError:
                    pass
                time.sleep(POLL_S)
        raise RuntimeError("the server was not ready within 120 s")
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()


def import_seconds() -> float:
    """Seconds to import the application (`app.api.main`), by `-X importtime`."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import app.api.main"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    line = [row for row in done.stderr.splitlines() if row.rstrip().endswith("| app.api.main")]
    return int(re.split(r"\s*\|\s*", line[-1])[1]) / 1e6


def populate(url: str, tables: int) -> None:
    """`tables` tables of random bots, half of them played to their end (through the API in
    process: the same events a server writes)."""
    script = f"""
import asyncio, random
from httpx import ASGITransport, AsyncClient
from app.api.main import create_app
from app.config import Settings

async def main():
    app = create_app(Settings(database_url={url!r}), chance=random.Random(7))
    async with app.router.lifespan_context(app):
        async with AsyncClient(transport=ASGITransport(app=app), base_url="http://t") as api:
            me = (await api.post("/v1/players", json={{"name": "bench"}})).json()
            auth = {{"Authorization": "Bearer " + me["token"]}}
            for number in range({tables}):
                bots = {{"1": "random", "2": "random", "3": "random"}}
                if number % 2:
                    bots["0"] = "random"
                body = {{"bots": bots}} if number % 2 else {{"seat": 0, "bots": bots}}
                await api.post("/v1/tables", json=body, headers=auth)

asyncio.run(main())
"""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, check=True)


@contextmanager
def busy(loops: int) -> Iterator[None]:
    workers = [multiprocessing.Process(target=_spin, daemon=True) for _ in range(loops)]
    for worker in workers:
        worker.start()
    try:
        yield
    finally:
        for worker in workers:
            worker.kill()


def _spin() -> None:
    while True:
        pass


def report(name: str, env: dict[str, str], rounds: int) -> None:
    samples = [time_to_ready(env) for _ in range(rounds)]
    walls = sorted(wall for wall, _ in samples)
    cpus = sorted(cpu for _, cpu in samples)
    print(
        f"{name:<10} ready after {walls[0]:.2f} / {statistics.median(walls):.2f} / "
        f"{walls[-1]:.2f} s (min / median / max of {rounds}); "
        f"CPU until ready {statistics.median(cpus):.2f} s",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--load", type=int, default=0, help="busy loops beside the server")
    parser.add_argument("--postgres", default=os.environ.get("KOZEL_TEST_POSTGRES_URL"))
    args = parser.parse_args()
    imports = statistics.median(import_seconds() for _ in range(3))
    print(f"importing the application: {imports:.2f} s (median of 3)")
    admin = args.postgres or DEFAULT_POSTGRES
    with fresh_postgres(admin, "kozel_ready") as url, tempfile.TemporaryDirectory() as tmp:
        sqlite = f"sqlite+aiosqlite:///{tmp}/ready.sqlite3"
        subprocess.run(
            [sys.executable, "-m", "app.cli", "migrate"],
            cwd=ROOT,
            env={**os.environ, "DATABASE_URL": sqlite},
            check=True,
            capture_output=True,
        )
        for database in (url, sqlite):
            populate(database, args.tables)
        with busy(args.load):
            for name, database in (("postgresql", url), ("sqlite", sqlite)):
                report(name, {**os.environ, "DATABASE_URL": database}, args.rounds)


if __name__ == "__main__":
    main()
