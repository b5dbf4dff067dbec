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


GAMES = [
    pytest.param("kozel24", 4, {}, id="kozel24"),
    # The other games' runs go with the slow suites (CI runs them), to keep the default quick.
    pytest.param("sixty_six", 2, {"match_target": 2}, id="sixty_six", marks=pytest.mark.slow),
    pytest.param("bura", 3, {"target": 3}, id="bura", marks=pytest.mark.slow),
    pytest.param("kozly", 4, {"target_marks": 1}, id="kozly", marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("variant", "seats", "options"), GAMES)
async def test_retries_and_races_over_whole_games(
    servers: list[Server], variant: str, seats: int, options: dict[str, object]
) -> None:
    clients = [httpx.AsyncClient(base_url=s.url, timeout=30) for s in servers]
    rng = random.Random(4)
    totals = {"races": 0, "retries": 0, "accepted": 0}
    try:
        games = 0
        while totals["races"] < 50:  # whole games until enough races were run
            table = {"variant": variant, "seats": seats, "options": options}
            await play_one_game(clients[0], clients[-1], rng, totals, games, table)
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
    asked: dict[str, object],
) -> None:
    seats = asked["seats"]
    assert isinstance(seats, int)
    auths = [await register(a, f"g{game}p{n}") for n in range(seats)]
    headers = [{"Authorization": auth["Authorization"]} for auth in auths]
    created = await a.post("/v1/tables", json={**asked, "seat": 0}, headers=headers[0])
    assert created.status_code == 201, created.text
    table = created.json()
    for n in range(1, seats):
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
        (e["deal_no"], card)
        for e in items
        if e["type"] in {"card_played", "cards_led", "cards_beaten"}
        for card in _cards(e["data"])
    ]
    assert len(played) == len(set(played)), "a card was played twice in a deal"
    assert (await a.get(path)).json()["status"] == "finished"


def _cards(data: object) -> list[str]:
    """The cards an event of play shows: one `card`, or several `cards` (none if face down)."""
    assert isinstance(data, dict)
    if "card" in data:
        return [data["card"]]
    return list(data.get("cards") or [])
