"""Retries and races, measured over whole games: every move is sent twice with one move id
(to both instances when there are two) and half of them also race a twin with the same
expected version. Zero duplicate events, zero lost moves, exactly one winner per race."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.databases import PostgresDatabase
from tests.e2e.clients import register
from tests.e2e.server import Server

pytestmark = pytest.mark.anyio


@pytest.fixture(params=["sqlite, one process", "postgres, two processes"])
def servers(
    request: pytest.FixtureRequest,
    tmp_path: Path,
    postgres: PostgresDatabase | None,
) -> Iterator[list[Server]]:
    if request.param.startswith("sqlite"):
        from app.db.migrate import upgrade

        url = f"sqlite+aiosqlite:///{tmp_path / 'retries.sqlite3'}"
        upgrade(url)
        running = [Server(url, tmp_path / "a.log").start()]
    else:
        if postgres is None:
            pytest.skip("PostgreSQL is not reachable (it is required under CI)")
        postgres.empty()
        running = [Server(postgres.url, tmp_path / f"{n}.log").start() for n in "ab"]
    yield running
    for server in running:
        server.stop()


async def test_retries_and_races_over_whole_games(servers: list[Server]) -> None:
    clients = [httpx.AsyncClient(base_url=s.url, timeout=30) for s in servers]
    rng = random.Random(4)
    totals = {"races": 0, "retries": 0, "accepted": 0}
    try:
        games = 0
        while totals["races"] < 50:  # whole games until enough races were run
            await play_one_game(clients[0], clients[-1], rng, totals, games)
            games += 1
        assert totals["retries"] == totals["accepted"]
    finally:
        for client in clients:
            await client.aclose()


async def play_one_game(
    a: httpx.AsyncClient,
    b: httpx.AsyncClient,
    rng: random.Random,
    totals: dict[str, int],
    game: int,
) -> None:
    auths = [await register(a, f"g{game}p{n}") for n in range(4)]
    headers = [{"Authorization": auth["Authorization"]} for auth in auths]
    table = (await a.post("/v1/tables", json={"seat": 0}, headers=headers[0])).json()
    for n in (1, 2, 3):
        await b.put(f"/v1/tables/{table['id']}/seats/{n}", headers=headers[n])
    path = f"/v1/tables/{table['id']}/state"
    for move in range(1000):
        views = [(await a.get(path, headers=h)).json() for h in headers]
        if views[0]["status"] == "finished":
            break
        seat = next(n for n, v in enumerate(views) if v["legal_actions"])
        view = views[seat]
        action = rng.choice(view["legal_actions"])
        url = f"/v1/tables/{table['id']}/{action['endpoint']}"
        body = {**action["body"], "move_id": f"m{move}", "expected_version": view["version"]}
        if move % 2:
            twin = {**body, "move_id": f"twin{move}"}
            first, second = await asyncio.gather(
                a.post(url, json=body, headers=headers[seat]),
                b.post(url, json=twin, headers=headers[seat]),
            )
            assert sorted([first.status_code, second.status_code]) == [200, 409]
            totals["races"] += 1
            winner = body if first.status_code == 200 else twin
        else:
            first, second = await asyncio.gather(
                a.post(url, json=body, headers=headers[seat]),
                b.post(url, json=body, headers=headers[seat]),
            )
            assert first.status_code == second.status_code == 200
            assert first.json() == second.json()
            winner = body
        again = await a.post(url, json=winner, headers=headers[seat])  # a late retry
        assert again.status_code == 200
        totals["retries"] += 1
        totals["accepted"] += 1
    items: list[dict[str, object]] = []
    after = 0
    while True:
        page = (
            await a.get(
                f"/v1/tables/{table['id']}/events", params={"after_seq": after, "limit": 500}
            )
        ).json()
        items += page["items"]
        if page["next_after_seq"] == after:
            break
        after = page["next_after_seq"]
    played = [
        (e["deal_no"], e["data"]["card"])  # type: ignore[index]
        for e in items
        if e["type"] == "card_played"
    ]
    assert len(played) == len(set(played)), "a card was played twice in a deal"
    assert (await a.get(path)).json()["status"] == "finished"
