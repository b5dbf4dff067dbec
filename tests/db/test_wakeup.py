"""Wake-ups within a process: a registration keeps every wake-up that comes while its holder
is busy, remembers the newest version announced, and a stopping process releases everyone."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import asyncpg
import pytest

from app.config import Settings
from app.db import waiter as waiter_module
from app.db.store import CHANNEL
from app.db.store_pg import dsn
from app.db.waiter import LONG_WAIT_S, SLACK_S, Waiter, due, grid_point
from app.db.wakeup import Wakeup
from app.db.wakeup_pg import PostgresChannel
from tests.api.conftest import UNLIMITED, running
from tests.databases import PostgresDatabase
from tests.e2e.server import free_port

pytestmark = pytest.mark.anyio


async def test_a_wake_up_while_busy_is_kept_and_several_make_one() -> None:
    wakeup = Wakeup()
    with wakeup.watching(["t:1"]) as waiter:
        wakeup.wake(["t:1"], 7)  # the holder is busy (reading, sending) when these come
        wakeup.wake(["t:1"], 9)
        wakeup.wake(["t:1"], 8)
        assert await waiter.wait(5) is True
        assert waiter.version == 9
        assert await waiter.wait(0.05) is False  # both were one wake-up


async def test_only_the_keys_registered_for_wake_a_waiter() -> None:
    wakeup = Wakeup()
    with wakeup.watching(["t:1", "p:me"]) as waiter:
        assert wakeup.open_waits == 1
        wakeup.wake(["t:2"])
        assert await waiter.wait(0.05) is False
        later = asyncio.get_running_loop().call_later(0.05, wakeup.wake, ["p:me"])
        assert await waiter.wait(5) is True
        later.cancel()
        assert waiter.version == -1  # a player's wake-up names no version
    assert wakeup.open_waits == 0


async def test_draining_releases_every_waiter_and_every_later_one() -> None:
    wakeup = Wakeup()
    with wakeup.watching(["t:1"]) as waiter:
        wakeup.drain()
        assert await waiter.wait(5) is True
    with wakeup.watching(["t:9"]) as late:
        assert await late.wait(5) is True


def test_a_notification_carries_the_sender_its_number_the_version_and_the_keys() -> None:
    wakeup = Wakeup()
    wakeup.start_listening(PostgresChannel("postgresql://nowhere/none"), run=False)
    first = wakeup.notification(["t:1", "p:2"], 42)
    second = wakeup.notification(["t:3"], 43)
    assert first is not None
    assert second is not None
    sender, _stream, number, version, *keys = first.split()
    assert (sender, number, version, keys) == (wakeup.instance, "1", "42", ["t:1", "p:2"])
    assert second.split()[2] == "2"
    assert Wakeup().notification(["t:1"], 1) is None  # one process: nothing to send


async def test_a_waiter_learns_which_tables_woke_it_and_their_newest_versions() -> None:
    wakeup = Wakeup()
    with wakeup.watching(["p:me"]) as waiter:
        wakeup.wake(["t:a", "p:me"], 7)
        wakeup.wake(["t:b", "p:me", "p:you"], 3)
        wakeup.wake(["t:a", "p:me"], 9)
        wakeup.wake(["t:c", "p:you"], 4)  # not its key
        assert await waiter.wait(5) is True
        assert waiter.tables == {"a": 9, "b": 3}
    with wakeup.watching(["p:me"]) as drained:
        wakeup.drain()  # a wake-up of no commit names no table
        assert await drained.wait(5) is True
        assert drained.tables == {}


async def test_a_cancelled_wait_leaves_the_waiter_as_it_was() -> None:
    wakeup = Wakeup()
    with wakeup.watching(["t:1"]) as waiter:
        waiting = asyncio.create_task(waiter.wait(30))
        await asyncio.sleep(0.01)
        waiting.cancel()  # the client went away while its long-poll waited
        with pytest.raises(asyncio.CancelledError):
            await waiting
        started = asyncio.get_running_loop().time()
        assert await waiter.wait(0) is False  # no wake-up came: the time is up at once
        wakeup.wake(["t:1"], 3)  # nobody waits now: it is kept for the next wait
        assert await waiter.wait(30) is True
        assert asyncio.get_running_loop().time() - started < 1


def test_a_long_wait_ends_on_the_shared_grid_and_a_short_one_on_time() -> None:
    grid = SLACK_S
    assert due(100 * grid, 30) == 100 * grid + 30  # on the grid already
    assert due(100 * grid + 0.01, 30) == 101 * grid + 30  # up to SLACK_S late, never early
    assert due(100 * grid + 0.01, 30 - 0.01) == 100 * grid + 30
    assert due(100.2, 1.0) == 101.2  # a short wait is not made longer
    assert SLACK_S <= LONG_WAIT_S / 4


def test_long_waits_begun_apart_end_together() -> None:
    """The idle followers' waits come due at once, so the instance wakes once for all."""
    begun = [100.0 + n * 0.03 for n in range(5)]  # 0.12 s apart in all
    ends = {due(at, 30) for at in begun}
    assert len(ends) <= 2
    assert all(end / SLACK_S == round(end / SLACK_S) for end in ends)


async def test_a_waiter_waits_to_the_grid_never_less(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(waiter_module, "SLACK_S", 0.2)
    monkeypatch.setattr(waiter_module, "LONG_WAIT_S", 0.1)
    loop = asyncio.get_running_loop()
    for _ in range(3):
        begun = loop.time()
        assert await Waiter().wait(0.1) is False
        assert loop.time() >= due(begun, 0.1) - 0.002  # a host's load makes it later, never earlier


def test_a_keepers_round_wakes_near_its_interval_on_the_grid() -> None:
    for now in (100.0, 100.03, 100.07, 100.124, 100.126):
        point = grid_point(now, 1.0)
        assert point / SLACK_S == round(point / SLACK_S)
        assert abs(point - (now + 1.0)) <= SLACK_S / 2 + 1e-9
    assert grid_point(100.01, SLACK_S / 2) == 100.01 + SLACK_S / 2  # a short one as it is


async def test_the_listener_comes_back_after_its_connection_is_dropped(
    postgres: PostgresDatabase | None,
) -> None:
    """On PostgreSQL: a listener whose connection the server drops reports that it does not
    listen, connects again (a new stamp) and hears the next commit."""
    if postgres is None:
        pytest.skip("PostgreSQL is not reachable (it is required under CI)")
    url = dsn(postgres.url)
    wakeup = Wakeup()
    wakeup.start_listening(PostgresChannel(postgres.url))
    other = await asyncpg.connect(url)
    try:
        await _until(lambda: wakeup.listening)
        first = wakeup.stamp()
        listener = await other.fetchval(
            "SELECT pid FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND datname = $1",
            postgres.name,
        )
        await other.execute("SELECT pg_terminate_backend($1)", listener)
        await _until(lambda: not wakeup.listening)
        await _until(lambda: wakeup.listening, within_s=10)
        assert wakeup.stamp() != first
        with wakeup.watching(["t:x"]) as waiter:
            await other.execute("SELECT pg_notify($1, $2)", CHANNEL, "elsewhere * 1 4 t:x")
            assert await waiter.wait(5)
            assert waiter.version == 4
    finally:
        await other.close()
        await wakeup.stop()


async def _until(condition: Callable[[], bool], within_s: float = 5) -> None:
    deadline = asyncio.get_running_loop().time() + within_s
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "it did not happen in time"
        await asyncio.sleep(0.02)


async def test_an_instance_serves_once_its_listener_is_up(
    postgres: PostgresDatabase | None,
) -> None:
    """The app starts serving with its listener up, so its caches hold from the first
    request; a listener that cannot connect holds the start for a bounded time only."""
    if postgres is None:
        pytest.skip("PostgreSQL is not reachable (it is required under CI)")
    async with running(Settings(database_url=postgres.url, **UNLIMITED)) as api:
        assert api.app is not None
        assert api.app.state.wakeup.listening
    nowhere = Wakeup()
    nowhere.start_listening(PostgresChannel(f"postgresql://postgres@127.0.0.1:{free_port()}/test"))
    try:
        assert await nowhere.until_listening(0.3) is False
    finally:
        await nowhere.stop()
