"""Crashes: kill -9 server processes at random moments while games run. After each restart
every game goes on at a consistent version, the log replays to exactly the stored snapshot,
and no acknowledged move is missing."""

from __future__ import annotations

import asyncio
import random
import signal
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from app.config import async_url
from app.db.database import create_engine, session_factory
from app.db.migrate import upgrade
from app.db.models import GameTable, Move
from app.db.store_sql import SqlStore
from app.services.table_log import fold, from_snapshot
from tests.databases import PostgresDatabase
from tests.e2e.clients import register
from tests.e2e.server import Server

pytestmark = [pytest.mark.anyio, pytest.mark.slow]


class Seat:
    """A client that keeps playing through crashes, retrying with the same move id."""

    def __init__(self, urls: list[str], auth: dict[str, str], rng: random.Random) -> None:
        self.urls, self.auth, self.rng = urls, auth, rng
        self.acknowledged: dict[str, int] = {}

    async def play(self, table_id: str, stop: asyncio.Event) -> None:
        headers = {"Authorization": self.auth["Authorization"]}
        pending: dict[str, Any] | None = None
        attempt = 0
        while not stop.is_set():
            base = self.urls[attempt % len(self.urls)]
            try:
                async with httpx.AsyncClient(base_url=base, timeout=5) as http:
                    if pending is None:
                        view = (
                            await http.get(f"/v1/tables/{table_id}/state", headers=headers)
                        ).json()
                        if view["status"] == "finished":
                            return
                        if not view["legal_actions"]:
                            await asyncio.sleep(0.02)
                            continue
                        action = self.rng.choice(view["legal_actions"])
                        move_id = (
                            f"{self.auth['id'][:8]}-{len(self.acknowledged)}-{self.rng.random()}"
                        )
                        pending = {
                            "path": f"/v1/tables/{table_id}/{action['endpoint']}",
                            "body": {**action["body"], "move_id": move_id[:64]},
                        }
                    answer = await http.post(pending["path"], json=pending["body"], headers=headers)
                    if answer.status_code == 200:
                        self.acknowledged[pending["body"]["move_id"]] = answer.json()["version"]
                    pending = None  # acknowledged, or refused because the table moved on
            except httpx.HTTPError:
                attempt += 1  # the server is down: retry the same move id elsewhere or later
                await asyncio.sleep(0.2)


MIN_MOVES = 3
"""Acknowledged moves between two crashes, at least."""
PROGRESS_TIMEOUT_S = 60.0


def acknowledged(seats: list[Seat]) -> int:
    return sum(len(seat.acknowledged) for seat in seats)


async def progress(seats: list[Seat], players: list[asyncio.Task[None]], moves: int) -> None:
    """Wait until `moves` more moves are acknowledged (or every game is over)."""
    target = acknowledged(seats) + moves
    deadline = asyncio.get_running_loop().time() + PROGRESS_TIMEOUT_S
    while acknowledged(seats) < target and not all(player.done() for player in players):
        assert asyncio.get_running_loop().time() < deadline, "the games stopped moving"
        await asyncio.sleep(0.02)


async def run_with_crashes(
    database_url: str, tmp_path: Path, instances: int, crashes: int, seed: int
) -> None:
    rng = random.Random(seed)
    servers = [Server(database_url, tmp_path / f"s{n}.log").start() for n in range(instances)]
    urls = [s.url for s in servers]
    seats: list[Seat] = []
    tables: list[str] = []
    async with httpx.AsyncClient(base_url=urls[0], timeout=30) as http:
        for t in range(2):
            auths = [await register(http, f"t{t}p{n}") for n in range(4)]
            created = await http.post(
                "/v1/tables", json={"seat": 0}, headers={"Authorization": auths[0]["Authorization"]}
            )
            table_id = created.json()["id"]
            for n in (1, 2, 3):
                await http.put(
                    f"/v1/tables/{table_id}/seats/{n}",
                    headers={"Authorization": auths[n]["Authorization"]},
                )
            tables.append(table_id)
            for n, auth in enumerate(auths):
                seats.append(Seat(urls[n % instances :] + urls[: n % instances], auth, rng))
    stop = asyncio.Event()
    players = [asyncio.create_task(seat.play(tables[n // 4], stop)) for n, seat in enumerate(seats)]
    try:
        for _ in range(crashes):
            # Kill while games run: after a few more acknowledged moves (counted, not timed,
            # so a slow machine still crashes mid-game), at a random moment after them.
            await progress(seats, players, moves=rng.randint(MIN_MOVES, 3 * MIN_MOVES))
            await asyncio.sleep(rng.uniform(0.0, 0.3))
            victim = rng.randrange(instances)
            servers[victim].stop(signal.SIGKILL)
            await asyncio.sleep(rng.uniform(0.1, 0.5))
            servers[victim] = Server(database_url, tmp_path / f"s{victim}.log")
            servers[victim].port = int(urls[victim].rsplit(":", 1)[1])
            servers[victim].url = urls[victim]
            servers[victim].start()
        await progress(seats, players, moves=MIN_MOVES)  # and the games go on after the last
    finally:
        stop.set()
        await asyncio.gather(*players, return_exceptions=True)
        for server in servers:
            server.stop()
    await check_consistency(database_url, tables, seats)


async def check_consistency(database_url: str, tables: list[str], seats: list[Seat]) -> None:
    engine = create_engine(async_url(database_url))
    sessions = session_factory(engine)
    log = SqlStore(engine)
    try:
        async with sessions() as session:
            for table_id in tables:
                row = await session.get(GameTable, table_id)
                assert row is not None
                events = await log.load(table_id)
                assert [e.seq for e in events] == list(range(1, row.version + 1))
                replayed = fold(table_id, events)
                assert row.snapshot is not None
                assert from_snapshot(row.snapshot) == replayed
            rows = await session.execute(select(Move.move_id, Move.version))
            stored: dict[str, int] = {}
            for move_id, version in rows:
                stored[move_id] = version
    finally:
        await engine.dispose()
    for seat in seats:
        for move_id, version in seat.acknowledged.items():
            assert stored.get(move_id) == version, f"acknowledged move {move_id} is missing"
    assert acknowledged(seats) >= MIN_MOVES * 5  # four crashes or more, and play after them


async def test_kill_9_on_sqlite(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'crash.sqlite3'}"
    await asyncio.to_thread(upgrade, url)
    await run_with_crashes(url, tmp_path, instances=1, crashes=4, seed=1)


async def test_kill_9_on_postgres_with_two_instances(
    postgres: PostgresDatabase | None, tmp_path: Path
) -> None:
    if postgres is None:
        pytest.skip("PostgreSQL is not reachable (it is required under CI)")
    postgres.empty()
    await run_with_crashes(postgres.url, tmp_path, instances=2, crashes=5, seed=2)
