"""One registration for wake-ups (`Wakeup.watching`)."""

from __future__ import annotations

import asyncio
import math
import time

SLACK_S = 0.25
"""A wait of `LONG_WAIT_S` or more ends at the first multiple of this, on the event loop's
clock, after its time. Idle followers' waits (long-polls that run out, streams' heartbeats)
then come due together, and the instance wakes once for many of them, not once for each: a
request handled alone, the process asleep before it, cost this host three to five times the
CPU of one handled among fifty, and 10,000 idle followers' cost fell by a third with the grid
(issue 31, `docs/performance.md`)."""
LONG_WAIT_S = 2.0


class Waiter:
    """A wake-up sets its flag; `wait` returns at once if the flag is set, and clears it. A
    wake-up that comes while the holder is busy (reading the database, sending a view) is
    therefore never lost, however long the registration lasts.

    A holder waits on a future of its own with a timer beside it, not through
    `asyncio.wait_for`, which runs each wait as a task of its own and cancels it when the time
    is up: thousands of followers time out every half minute (issue 31). A long wait may end
    up to `SLACK_S` late, never early (`due`)."""

    def __init__(self) -> None:
        self._flag = False
        self._waking: asyncio.Future[None] | None = None
        self.version = -1
        """The highest version announced with a wake-up so far (-1: none). Several wake-ups
        before a `wait` make one, so a holder that answers from what it already knows checks
        that it knows this version."""
        self.tables: dict[str, int] = {}
        """The tables whose commits woke it, each with the highest version announced: a
        player's wake-up (`p:`) says at which table its turn came (`Reader.turns`)."""
        self._check = False
        self.woken_at = 0.0
        """When the last wake-up came (`time.monotonic`): a read begun since is fresh enough
        to answer it (`Writer.load_shared`)."""

    def set(self, version: int | None = None, table_id: str | None = None) -> None:
        if version is not None and version > self.version:
            self.version = version
        if table_id is not None and version is not None:
            self.tables[table_id] = max(version, self.tables.get(table_id, -1))
        self.woken_at = time.monotonic()
        self._flag = True
        if self._waking is not None and not self._waking.done():
            self._waking.set_result(None)

    def check(self) -> None:
        """A wake-up that names no commit: something may have been missed (a gap in the
        numbers, a reconnection, the safety re-check), and the holder reads the database."""
        self._check = True
        self.set()

    def must_check(self) -> bool:
        """Whether a wake-up asked the holder to read the database (asked once)."""
        asked, self._check = self._check, False
        return asked

    async def wait(self, timeout: float) -> bool:
        """Wait for a wake-up, at most `timeout` seconds; whether one came."""
        if not self._flag:
            loop = asyncio.get_running_loop()
            self._waking = loop.create_future()
            timer = loop.call_at(due(loop.time(), timeout), _time_up, self._waking)
            try:
                await self._waking
            finally:
                timer.cancel()
                self._waking = None
        woken, self._flag = self._flag, False
        return woken


async def sleep_on_grid(interval: float) -> None:
    """Sleep about `interval` (half a `SLACK_S` more or less), until the point of the grid the
    long waits end on that is nearest to it: periodic work (the keepers' rounds) wakes the
    instance when the followers do. An interval shorter than `SLACK_S` is slept as it is."""
    now = asyncio.get_running_loop().time()
    await asyncio.sleep(max(0.0, grid_point(now, interval) - now))


def grid_point(now: float, interval: float) -> float:
    """When a keeper's round that sleeps `interval` from `now` wakes (`sleep_on_grid`)."""
    if interval < SLACK_S:
        return now + interval
    return round((now + interval) / SLACK_S) * SLACK_S


def due(now: float, timeout: float) -> float:
    """When a wait of `timeout` begun at `now` ends (`SLACK_S`)."""
    if timeout < LONG_WAIT_S:
        return now + timeout
    return math.ceil((now + timeout) / SLACK_S) * SLACK_S


def _time_up(waking: asyncio.Future[None]) -> None:
    if not waking.done():
        waking.set_result(None)
