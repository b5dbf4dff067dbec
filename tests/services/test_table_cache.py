"""Recently committed tables (`table_cache`) are only ever a shortcut: an instance whose copy
is out of date still judges every move by the database, and a retried move id is answered as
the first time, whichever instance the retry reaches."""

from __future__ import annotations

import random

import pytest

from app.config import Settings
from app.services.table_cache import TableCache
from app.services.table_log import Table
from tests.api.conftest import UNLIMITED, Client, running
from tests.api.play import human_table, step

pytestmark = pytest.mark.anyio


def test_the_cache_keeps_the_newest_version_and_forgets_the_oldest_table() -> None:
    cache = TableCache(capacity=2)
    cache.put(Table("a", version=5))
    cache.put(Table("a", version=3))  # older: ignored
    assert cache.version("a") == 5
    cache.put(Table("b", version=1))
    assert cache.get("a") is not None  # touched: "b" is now the oldest
    cache.put(Table("c", version=1))
    assert (cache.version("a"), cache.version("b"), cache.version("c")) == (5, None, 1)


async def test_an_instance_with_an_old_copy_judges_by_the_database(database_url: str) -> None:
    settings = Settings(database_url=database_url, stream_max_s=0, **UNLIMITED)
    async with running(settings) as first, running(settings) as second:
        table_id, players = await human_table(first)
        elsewhere = [Client(second.http, p.token, p.id) for p in players]
        for client in elsewhere:  # the second instance now holds the table as it is
            assert (await client.get(f"/v1/tables/{table_id}/state")).status_code == 200
        rng = random.Random(4)
        for _ in range(5):  # the game moves on through the first instance only
            assert await step(table_id, players, rng) is not None
        current = (await players[0].get(f"/v1/tables/{table_id}/state")).json()
        (mover,) = current["to_act"]
        view = (await players[mover].get(f"/v1/tables/{table_id}/state")).json()
        action = view["legal_actions"][0]
        path = f"/v1/tables/{table_id}/{action['endpoint']}"
        body = {**action["body"], "move_id": "once"}
        moved = await elsewhere[mover].post(path, body)  # no expected version: judged anew
        assert moved.status_code == 200, moved.text
        assert moved.json()["version"] > current["version"]
        retried = await players[mover].post(path, body)  # the retry reaches the first instance
        assert retried.status_code == 200
        assert retried.json() == moved.json()
        again = await elsewhere[mover].post(path, body)
        assert again.json() == moved.json()
        log = (await players[0].get(f"/v1/tables/{table_id}/events", limit="500")).json()
        assert log["items"][-1]["seq"] == moved.json()["version"]  # nothing appended twice
