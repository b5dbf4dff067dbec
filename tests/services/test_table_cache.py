"""Recently committed tables (`table_cache`) are only ever a shortcut: an instance whose copy
is out of date still judges every move by the database, and a retried move id is answered as
the first time, whichever instance the retry reaches."""

from __future__ import annotations

import asyncio
import random

import pytest

from app.config import Settings
from app.services.table_cache import TableCache
from app.services.table_log import Table
from app.services.writer import Writer
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


def test_an_entry_is_newest_only_under_its_stamp_and_until_a_later_version_is_heard() -> None:
    cache = TableCache(capacity=2)
    cache.put(Table("a", version=5), stamp=1)
    assert cache.newest("a", 1) is not None
    assert cache.newest("a", 2) is None  # the listener reconnected: wake-ups may be lost
    cache.put(Table("b", version=3))  # put while nothing was heard: never judged newest
    assert cache.newest("b", 1) is None
    cache.put(Table("b", version=3), stamp=1)  # read again while listening: newest now
    assert cache.newest("b", 1) is not None
    cache.heard("a", 5)
    assert cache.newest("a", 1) is not None  # its own version announced
    cache.heard("a", 6)  # another instance committed version 6
    assert cache.newest("a", 1) is None
    assert cache.get("a") is not None  # still a committed table, to answer `since` < 5
    cache.put(Table("a", version=6), stamp=1)
    assert cache.newest("a", 1) is not None


def test_a_table_whose_heard_version_is_forgotten_is_forgotten_too() -> None:
    cache = TableCache(capacity=1)
    cache.put(Table("a", version=1), stamp=0)
    cache.heard("a", 1)
    for n in range(4):  # four times the capacity of heard versions, then one more
        cache.heard(f"other{n}", 1)
    assert cache.get("a") is None


async def test_a_long_poll_from_the_current_version_reads_no_table(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It waits on what the instance committed (`Writer.newest`); woken by a move, it answers
    from the committed table too."""
    settings = Settings(database_url=database_url, recheck_interval_s=30, **UNLIMITED)
    async with running(settings) as api:
        table_id, players = await human_table(api)
        path = f"/v1/tables/{table_id}/state"
        version = (await players[0].get(path)).json()["version"]
        loads = []
        original = Writer.load

        async def counted(writer: Writer, table_id: str) -> Table:
            loads.append(table_id)
            return await original(writer, table_id)

        monkeypatch.setattr(Writer, "load", counted)
        poll = asyncio.create_task(players[0].get(path, since_version=version, wait=10))
        await api.gauge_reaches("kozel_open_long_polls", 1)
        monkeypatch.setattr(Writer, "load", original)  # the move reads as it likes
        assert await step(table_id, players, random.Random(3)) is not None
        monkeypatch.setattr(Writer, "load", counted)
        answer = await asyncio.wait_for(poll, 5)
        assert answer.status_code == 200
        assert answer.json()["version"] > version
        assert loads == []
