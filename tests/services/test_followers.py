"""Followers (streams, long-polls, turns polls) wait on wake-ups alone: while nothing moves
they read nothing; woken together they read a table once; a lost notification is caught by
its number; and under racing writers on two instances they miss no version."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import asyncpg
import pytest

from app.config import Settings
from app.db.store import CHANNEL
from app.db.store_pg import dsn
from app.db.wakeup import Wakeup
from app.db.wakeup_pg import PostgresChannel
from app.services.tables import Tables
from tests.api.conftest import UNLIMITED, Api, Client, running
from tests.api.play import human_table, step
from tests.databases import PostgresDatabase
from tests.nats_servers import OwnServer

pytestmark = pytest.mark.anyio

QUIET = {"safety_recheck_s": 1000.0, "recheck_interval_s": 0.05, "stream_max_s": 0}
"""No safety re-check within a test; the old periodic re-check, were it still there, every
0.05 s: only a wake-up may make a waiter read."""


def counted(api: Api) -> Counter[str]:
    """Every read of the store from now on, by method."""
    assert api.app is not None
    store = api.app.state.services.tables._writer.store
    reads: Counter[str] = Counter()
    for name in ("read", "load", "turns"):
        method = getattr(store, name)

        def counting(*args: Any, _name: str = name, _method: Any = method) -> Any:
            reads[_name] += 1
            return _method(*args)

        setattr(store, name, counting)
    return reads


async def _follow(tables: Tables, table_id: str, since: int, seen: list[int]) -> None:
    async for table in tables.follow(table_id, since, heartbeat_s=0.3, max_s=30):
        if table is not None:
            seen.append(table.version)


async def test_idle_followers_read_nothing_and_woken_ones_share_a_read(database_url: str) -> None:
    settings = Settings(database_url=database_url, **QUIET, **UNLIMITED)
    async with running(settings) as api:
        assert api.app is not None
        tables: Tables = api.app.state.services.tables
        wakeup: Wakeup = api.app.state.wakeup
        table_id, players = await human_table(api)
        view = (await players[0].get(f"/v1/tables/{table_id}/state")).json()
        version, idle = (
            view["version"],
            [p for i, p in enumerate(players) if i not in view["to_act"]],
        )
        reads = counted(api)
        seen: list[list[int]] = [[] for _ in range(5)]
        streams = [asyncio.create_task(_follow(tables, table_id, version, s)) for s in seen]
        polls = [
            asyncio.create_task(
                players[0].get(f"/v1/tables/{table_id}/state", since_version=version, wait="1.5")
            )
            for _ in range(5)
        ]
        polls += [asyncio.create_task(p.get("/v1/players/me/turns", wait="1.5")) for p in idle]
        await api.gauge_reaches("kozel_open_long_polls", len(polls))
        begun = sum(reads.values())  # a turns poll the book does not know yet asks once
        assert begun <= len(idle)
        for answered in await asyncio.gather(*polls):  # each waits its time out
            assert answered.status_code in (200, 304), answered.text
        assert sum(reads.values()) == begun  # nothing was read while they waited
        wakeup.check_all("test")  # e.g. a gap: all five streams check, with one read
        await asyncio.sleep(0.2)
        assert reads["read"] == 1
        for stream in streams:
            stream.cancel()
        for stream in streams:
            with contextlib.suppress(asyncio.CancelledError):
                await stream
        assert seen == [[]] * 5  # no version past theirs, and none sent


async def test_a_notification_dropped_on_purpose_is_caught_by_its_number(
    postgres: PostgresDatabase | None,
) -> None:
    if postgres is None:
        pytest.skip("PostgreSQL is not reachable (it is required under CI)")
    sender = Wakeup()
    sender.start_listening(PostgresChannel(postgres.url), run=False)
    receiver = Wakeup(safety_s=1000, grace_s=0.2)
    receiver.start_listening(PostgresChannel(postgres.url))
    other = await asyncpg.connect(dsn(postgres.url))

    async def send(payload: str | None) -> None:
        await other.execute("SELECT pg_notify($1, $2)", CHANNEL, payload)

    try:
        assert await receiver.until_listening(5)
        epoch = receiver.epoch
        with receiver.watching(["t:elsewhere"]) as waiter:
            await send(sender.notification(["t:a"], 1))
            withdrawn = sender.notification(["t:a"], 2)  # an append that lost its race
            assert withdrawn is not None
            await send(sender.notification(["t:a"], 2))  # its number comes later: no gap
            sender_id, stream, number, *_ = withdrawn.split()
            await send(f"{sender_id} {stream} {number}")
            await asyncio.sleep(1.0)
            assert not waiter.must_check()
            assert receiver.epoch == epoch
            sender.notification(["t:b"], 7)  # dropped on purpose: never sent
            await send(sender.notification(["t:b"], 8))
            assert await waiter.wait(5)
            assert waiter.must_check()  # a key the lost one did not even name checks
            assert receiver.epoch > epoch  # and what caches learnt holds no more
    finally:
        await other.close()
        await receiver.stop()


async def test_a_follower_misses_no_version_under_racing_writers_on_two_instances(
    postgres: PostgresDatabase | None,
) -> None:
    if postgres is None:
        pytest.skip("PostgreSQL is not reachable (it is required under CI)")
    postgres.empty()
    settings = Settings(database_url=postgres.url, **QUIET, **UNLIMITED)
    async with running(settings) as first, running(settings) as second:
        await race_and_follow(first, second)


async def race_and_follow(first: Api, second: Api, during: Callable[[], Any] | None = None) -> None:
    """Four tables, each moved through both instances at once; on the first, a stream and a
    chain of long-polls follow each table: both end at its last version, in order."""
    assert first.app is not None
    tables: Tables = first.app.state.services.tables
    made = [await human_table(first) for _ in range(4)]
    streams: list[list[int]] = [[] for _ in made]
    polled: list[list[int]] = [[] for _ in made]
    following = [
        asyncio.create_task(_follow(tables, table_id, 0, seen))
        for (table_id, _), seen in zip(made, streams, strict=True)
    ]
    polling = [
        asyncio.create_task(_poll(first, table_id, seen))
        for (table_id, _), seen in zip(made, polled, strict=True)
    ]

    async def play(n: int, table_id: str, players: list[Client]) -> int:
        rng = random.Random(n)
        elsewhere = [Client(second.http, p.token, p.id) for p in players]
        version = 0
        for move in range(30):
            moved = await step(table_id, elsewhere if (move + n) % 2 else players, rng)
            if moved is None:
                break
            version = moved["view"]["version"]
            if during is not None and n == 0 and move == 10:
                await during()
        return version

    finals = await asyncio.gather(*(play(n, t, p) for n, (t, p) in enumerate(made)))
    deadline = time.monotonic() + 8
    while any(
        not s or s[-1] < v or not p or p[-1] < v
        for s, p, v in zip(streams, polled, finals, strict=True)
    ):
        assert time.monotonic() < deadline, f"followers stopped short: {finals} {streams} {polled}"
        await asyncio.sleep(0.05)
    for task in following + polling:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
    for seen in streams + polled:
        assert seen == sorted(set(seen))


async def _poll(api: Api, table_id: str, seen: list[int]) -> None:
    since = 0
    while True:
        answer = await api.anonymous.get(
            f"/v1/tables/{table_id}/state", since_version=since, wait="20"
        )
        if answer.status_code == 200:
            since = answer.json()["version"]
            seen.append(since)


async def test_over_nats_a_follower_on_one_instance_sees_moves_made_on_the_other(
    postgres: PostgresDatabase | None, nats_url: str
) -> None:
    if postgres is None:
        pytest.skip("PostgreSQL is not reachable (it is required under CI)")
    postgres.empty()
    settings = Settings(
        database_url=postgres.url, wakeup="nats", nats_url=nats_url, **QUIET, **UNLIMITED
    )
    async with running(settings) as first, running(settings) as second:
        assert first.app is not None
        assert first.app.state.wakeup.listening
        await race_and_follow(first, second)


@pytest.mark.slow
async def test_over_nats_a_server_restarted_mid_game_loses_no_follower_a_version(
    postgres: PostgresDatabase | None, own_nats: OwnServer
) -> None:
    if postgres is None:
        pytest.skip("PostgreSQL is not reachable (it is required under CI)")
    postgres.empty()
    settings = Settings(
        database_url=postgres.url, wakeup="nats", nats_url=own_nats.url, **QUIET, **UNLIMITED
    )
    async with running(settings) as first, running(settings) as second:
        assert first.app is not None
        wakeup: Wakeup = first.app.state.wakeup

        async def restart() -> None:
            own_nats.stop()
            await _until(lambda: not wakeup.listening)
            await asyncio.sleep(0.3)  # moves land meanwhile, on both instances
            own_nats.start()

        await race_and_follow(first, second, during=restart)
        await _until(lambda: wakeup.listening, within_s=10)


async def _until(condition: Callable[[], bool], within_s: float = 5) -> None:
    deadline = time.monotonic() + within_s
    while not condition():
        assert time.monotonic() < deadline, "it did not happen in time"
        await asyncio.sleep(0.02)


async def test_the_safety_re_check_finds_a_turn_whose_wake_up_was_lost_in_one_query(
    postgres: PostgresDatabase | None,
) -> None:
    """A commit on the second instance sends no notification at all (no number is missed, so
    no gap shows): the first instance's waiting `turns` polls are answered by the safety
    re-check, which asks the database once for all the players due, not once each."""
    if postgres is None:
        pytest.skip("PostgreSQL is not reachable (it is required under CI)")
    postgres.empty()
    settings = Settings(
        database_url=postgres.url, **{**QUIET, "safety_recheck_s": 0.4}, **UNLIMITED
    )
    async with running(settings) as first, running(settings) as second:
        assert second.app is not None
        table_id, players = await human_table(first)
        view = (await players[0].get(f"/v1/tables/{table_id}/state")).json()
        (mover,) = view["to_act"]
        waiting = {
            seat: asyncio.create_task(p.get("/v1/players/me/turns", wait="10"))
            for seat, p in enumerate(players)
            if seat != mover
        }
        assert first.app is not None  # (the gauge is the last app's: both run here)
        on_first: Tables = first.app.state.services.tables
        await _until(lambda: on_first.long_polls_waiting == len(waiting))
        reads = counted(first)
        silent: Wakeup = second.app.state.wakeup
        silent.notification = lambda keys, version: None  # type: ignore[method-assign]
        elsewhere = [Client(second.http, p.token, p.id) for p in players]
        moved = await step(table_id, elsewhere, random.Random(3))
        assert moved is not None
        given = set((await players[0].get(f"/v1/tables/{table_id}/state")).json()["to_act"])
        given.discard(mover)
        assert given, "the move gave nobody a turn"
        for seat in given:
            answered = await asyncio.wait_for(waiting[seat], 5)
            assert [t["table_id"] for t in answered.json()] == [table_id]
        assert reads["turns"] == len(given)  # only the players who missed a turn read
        for task in waiting.values():
            task.cancel()
        await asyncio.gather(*waiting.values(), return_exceptions=True)
