"""The wake-up channel on PostgreSQL: `NOTIFY kozel_wakeup` in each commit's transaction.

Every instance LISTENs on a connection of its own, through asyncpg, which calls back for each
notification as it arrives, and hears every table's commits. A notification is sent by the
commit itself, so a commit is never without its notification; what can be lost is what came
while the listening connection was away (`Wakeup.connected` wakes every waiter to check).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import asyncpg

from app.db.store import CHANNEL
from app.db.store_pg import dsn

if TYPE_CHECKING:
    from app.db.wakeup import Wakeup

log = logging.getLogger(__name__)

RETRY_S = 1.0


class PostgresChannel:
    in_commit = True

    def __init__(self, database_url: str) -> None:
        self._dsn = dsn(database_url)
        self._connection: asyncpg.Connection | None = None
        self._sending = asyncio.Lock()
        self._sends: set[asyncio.Task[None]] = set()
        self._wakeup: Wakeup | None = None

    async def run(self, wakeup: Wakeup) -> None:
        self._wakeup = wakeup
        while True:
            try:
                connection = await asyncpg.connect(self._dsn)
            except asyncio.CancelledError:
                raise
            except Exception:  # the database is away: retry, waiters re-check meanwhile
                log.warning("wake-up listener cannot connect; retrying", exc_info=True)
            else:
                try:
                    await self._hear(connection, wakeup)
                    log.warning("wake-up listener lost its connection; reconnecting")
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.warning("wake-up listener failed; reconnecting", exc_info=True)
                finally:
                    self._connection = None
                    wakeup.disconnected()
                    connection.terminate()
            await asyncio.sleep(RETRY_S)

    async def _hear(self, connection: asyncpg.Connection, wakeup: Wakeup) -> None:
        """LISTEN on `connection` until it is lost."""
        lost = asyncio.Event()
        connection.add_termination_listener(lambda _: lost.set())
        await connection.add_listener(CHANNEL, self._notified)
        self._connection = connection
        wakeup.connected()
        await lost.wait()

    def _notified(self, _connection: object, _pid: int, _channel: str, payload: object) -> None:
        if self._wakeup is not None:
            self._wakeup.received(str(payload))

    def follow(self, key: str) -> None:
        """Every instance hears every key already."""

    def unfollow(self, key: str) -> None:
        """Every instance hears every key still."""

    def lost(self, key: str) -> None:
        """Never per key: the one stream is every key's (`Wakeup.check_all`)."""

    def stamp(self, key: str) -> int | None:
        return None if self._wakeup is None else self._wakeup.epoch

    def publish(self, key: str, payload: str) -> None:
        """Send `payload` outside any commit (a withdrawn number), on the listening
        connection; lost if it is away (the receivers then count a gap, and check)."""
        task = asyncio.get_running_loop().create_task(self._send(payload))
        self._sends.add(task)
        task.add_done_callback(self._sends.discard)

    async def _send(self, payload: str) -> None:
        connection = self._connection
        if connection is None:
            return
        with contextlib.suppress(Exception):
            async with self._sending:  # one statement at a time on a connection
                await connection.execute("SELECT pg_notify($1, $2)", CHANNEL, payload)
