"""Wake-ups for long-polls: a table moved, a player may have a turn.

Within one process, waiters on a key (`t:<table id>`, `p:<player id>`) are woken directly.
Across processes on PostgreSQL, each commit also sends `NOTIFY kozel_wakeup` in its
transaction, and every instance LISTENs and wakes its own waiters. A notification is only a
hint: waiters re-read the database, and re-check periodically in case a hint is lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Awaitable, Callable, Iterator

import psycopg
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncSession

CHANNEL = "kozel_wakeup"
log = logging.getLogger(__name__)


class Wakeup:
    def __init__(self) -> None:
        self.instance = uuid.uuid4().hex
        """Sent with each notification, so an instance skips its own (already woken)."""
        self._events: dict[str, asyncio.Event] = {}
        self._waiters: dict[str, int] = {}
        self._listener: asyncio.Task[None] | None = None
        self.listening = False
        self.draining = False
        """Set when the process is asked to stop: long-polls return at once."""

    @contextlib.contextmanager
    def watching(self, keys: list[str]) -> Iterator[Callable[[float], Awaitable[bool]]]:
        """Register for `keys` first, then read the database, then wait: a wake-up that comes
        between the read and the wait is not lost. Yields `wait(timeout) -> woken`."""
        events = [self._events.setdefault(key, asyncio.Event()) for key in keys]
        for key in keys:
            self._waiters[key] = self._waiters.get(key, 0) + 1

        async def wait(timeout: float) -> bool:
            waits = [asyncio.ensure_future(e.wait()) for e in events]
            try:
                done, _ = await asyncio.wait(waits, timeout=timeout, return_when="FIRST_COMPLETED")
                return bool(done)
            finally:
                for waiting in waits:
                    waiting.cancel()

        try:
            yield wait
        finally:
            for key in keys:
                self._waiters[key] -= 1
                if not self._waiters[key]:
                    del self._waiters[key]
                    self._events.pop(key, None)

    def wake(self, keys: list[str]) -> None:
        for key in keys:
            event = self._events.pop(key, None)
            if event is not None:
                event.set()

    def drain(self) -> None:
        """Release every long-poll now (the process is stopping)."""
        self.draining = True
        self.wake(list(self._events))

    @property
    def open_waits(self) -> int:
        return sum(self._waiters.values())

    async def notify_in(self, session: AsyncSession, keys: list[str]) -> None:
        """Send the keys to other instances when `session` commits (PostgreSQL only)."""
        if session.get_bind().dialect.name == "postgresql":
            payload = {"channel": CHANNEL, "keys": " ".join([self.instance, *keys])}
            await session.execute(text("SELECT pg_notify(:channel, :keys)"), payload)

    def start_listening(self, database_url: str) -> None:
        if make_url(database_url).get_backend_name() == "postgresql":
            self._listener = asyncio.create_task(self._listen(database_url))
        else:
            self.listening = True  # one process: local wake-ups are all there is

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        self.listening = False

    async def _listen(self, database_url: str) -> None:
        url = make_url(database_url).set(drivername="postgresql")
        dsn = url.render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(dsn, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening = True
                    async for notice in conn.notifies():
                        sender, *keys = notice.payload.split()
                        if sender != self.instance:
                            self.wake(keys)
            except asyncio.CancelledError:
                raise
            except Exception:  # the database went away: retry, waiters re-check meanwhile
                log.warning("wake-up listener lost its connection; reconnecting", exc_info=True)
            self.listening = False
            await asyncio.sleep(1.0)
