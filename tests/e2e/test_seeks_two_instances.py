"""Seeks over two uvicorn processes on one PostgreSQL database: a seek made on one instance
matches one made on the other, the matched player hears of it through the seek's long-poll
and its turns on the other instance, and racing seekers spread over both instances end in
tables that hold each seek once and each player once.

The instances re-check the database only every 30 s here, so every wake-up across instances
that these tests wait for must come through LISTEN/NOTIFY."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.databases import PostgresDatabase
from tests.e2e.clients import register
from tests.e2e.server import Server

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
def pair(
    postgres: PostgresDatabase | None, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Server, Server]]:
    """Two instances for the whole module (starting them is most of its time)."""
    if postgres is None:
        pytest.skip("PostgreSQL is not reachable (it is required under CI)")
    postgres.empty()
    tmp_path = tmp_path_factory.mktemp("seeks")
    env = {"KOZEL_RECHECK_INTERVAL_S": "30", "KOZEL_SEEK_SWEEP_S": "0.3"}
    first = Server(postgres.url, tmp_path / "a.log", env).start()
    second = Server(postgres.url, tmp_path / "b.log", env).start()
    yield first, second
    first.stop()
    second.stop()


def _auth(player: dict[str, str]) -> dict[str, str]:
    return {"Authorization": player["Authorization"]}


async def test_a_seek_on_one_instance_matches_one_on_the_other(
    pair: tuple[Server, Server],
) -> None:
    async with (
        httpx.AsyncClient(base_url=pair[0].url, timeout=30) as a,
        httpx.AsyncClient(base_url=pair[1].url, timeout=30) as b,
    ):
        anna, boris = await register(a, "Anna"), await register(b, "Boris")
        body = {"variant": "sixty_six", "rated": False}
        seek = (await a.post("/v1/seeks", json=body, headers=_auth(anna))).json()
        assert seek["status"] == "waiting"
        heard = asyncio.create_task(
            a.get(f"/v1/seeks/{seek['id']}", params={"wait": 20}, headers=_auth(anna))
        )
        turns = [
            asyncio.create_task(
                a.get("/v1/players/me/turns", params={"wait": 20}, headers=_auth(player))
            )
            for player in (anna, boris)
        ]
        await asyncio.sleep(0.3)  # the long-polls wait on instance a
        other = (await b.post("/v1/seeks", json=body, headers=_auth(boris))).json()
        if other["status"] == "waiting":  # a sweep of instance a held Anna's seek just then
            path = f"/v1/seeks/{other['id']}"
            other = (await b.get(path, params={"wait": 20}, headers=_auth(boris))).json()
        assert other["status"] == "matched"
        matched = (await heard).json()
        assert matched["status"] == "matched"
        assert matched["table_id"] == other["table_id"]
        done, pending = await asyncio.wait(turns, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        first_turn = next(iter(done)).result().json()
        assert [turn["table_id"] for turn in first_turn] == [other["table_id"]]


async def _seek_until_matched(
    http: httpx.AsyncClient, player: dict[str, str], variant: str
) -> dict[str, Any]:
    response = await http.post(
        "/v1/seeks", json={"variant": variant, "rated": False}, headers=_auth(player)
    )
    assert response.status_code == 201, response.text
    seek: dict[str, Any] = response.json()
    for _ in range(10):
        if seek["status"] != "waiting":
            break
        polled = await http.get(
            f"/v1/seeks/{seek['id']}", params={"wait": 10}, headers=_auth(player)
        )
        seek = polled.json()
    seek["player"] = player["id"]
    return seek


@pytest.mark.slow
async def test_racing_seekers_on_two_instances_fill_each_seat_once(
    pair: tuple[Server, Server],
) -> None:
    async with (
        httpx.AsyncClient(base_url=pair[0].url, timeout=60) as a,
        httpx.AsyncClient(base_url=pair[1].url, timeout=60) as b,
    ):
        wanted = [("sixty_six", a), ("sixty_six", b)] * 12 + [("kozel24", a), ("kozel24", b)] * 8
        players = [await register(http, f"p{n}") for n, (_, http) in enumerate(wanted)]
        before = len((await a.get("/v1/tables", params={"limit": 100})).json()["items"])
        instance_of = {
            player["id"]: http for player, (_, http) in zip(players, wanted, strict=True)
        }
        found = await asyncio.gather(
            *(
                _seek_until_matched(http, player, variant)
                for player, (variant, http) in zip(players, wanted, strict=True)
            )
        )
        assert [seek["status"] for seek in found] == ["matched"] * len(found)
        by_table: dict[str, list[dict[str, Any]]] = {}
        for seek in found:
            by_table.setdefault(seek["table_id"], []).append(seek)
        listed = (await a.get("/v1/tables", params={"limit": 100})).json()["items"]
        assert len(listed) - before == len(by_table) == 12 + 4  # no table made twice, none lost
        across = 0
        for table_id, matched in by_table.items():
            table = (await b.get(f"/v1/tables/{table_id}")).json()
            seated = {seat["seat"]: seat["player"]["id"] for seat in table["seats"]}
            assert seated == {seek["seat"]: seek["player"] for seek in matched}
            assert table["status"] == "playing"
            across += len({id(instance_of[seek["player"]]) for seek in matched}) > 1
        assert across > 0  # seeks made on different instances met
        assert max(Counter(seek["id"] for seek in found).values()) == 1
