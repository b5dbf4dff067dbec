"""A few asyncpg connections, each lent for one statement or one short transaction.

Every use the event store makes of PostgreSQL is one round trip on an idle connection (a read,
an append) or a short transaction (a new table), so its pool needs only to lend an idle
connection and take it back. asyncpg's own pool resets a connection when it comes back, which
is a round trip more per statement, and checks connections in and out through more machinery
than a statement needs: on this machine it cost more than the statement itself (issue 19,
`docs/performance.md`). This one keeps:

- up to `size` connections, opened as they are needed (`min_size` at once), the idle ones
  reused most recent first;
- a queue of requests waiting for one, each failing after `timeout` seconds;
- a connection that is closed, or was left inside a transaction or mid-statement (its request
  was cancelled), is not lent again: it is closed and a new one is opened for the next request
  that waits, if any;
- a database that cannot be reached, or that drops connections, is one error for the callers,
  `StoreUnavailable` (503 `database_unavailable`), never a hang past `timeout`.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import asyncpg

from app.db.store import StoreUnavailable

Setup = Callable[[asyncpg.Connection], Awaitable[None]]

OUTAGES = (
    asyncpg.PostgresConnectionError,  # class 08, and a connection that is gone
    asyncpg.exceptions.OperatorInterventionError,  # 57: the server shuts down, restarts
    asyncpg.exceptions.InsufficientResourcesError,  # 53: too many connections
    asyncpg.exceptions.InvalidCatalogNameError,  # 3D000: the database is gone
    OSError,
    TimeoutError,
)
"""What makes a statement fail with the database rather than with the statement."""


class ConnectionPool:
    def __init__(self, dsn: str, size: int, timeout: float, setup: Setup) -> None:
        self._dsn = dsn
        self._size = size
        self._timeout = timeout
        self._setup = setup
        self._idle: list[asyncpg.Connection] = []
        self._waiting: deque[asyncio.Future[asyncpg.Connection]] = deque()
        self._count = 0
        """Connections open or being opened."""
        self._opening: set[asyncio.Task[None]] = set()
        self._closed = False

    async def open(self, min_size: int) -> None:
        """Open `min_size` connections now; fails as `StoreUnavailable` if the database cannot
        be reached within the timeout."""
        for _ in range(min(min_size, self._size)):
            self._count += 1
            try:
                self._idle.append(await self._connect())
            except BaseException:
                self._count -= 1
                raise

    async def close(self) -> None:
        self._closed = True
        for task in list(self._opening):
            task.cancel()
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_exception(StoreUnavailable("the store is closing"))
        idle, self._idle = self._idle, []
        await asyncio.gather(*(connection.close() for connection in idle), return_exceptions=True)

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[asyncpg.Connection]:
        """An idle connection for one statement or one transaction, then back to the pool."""
        connection = await self._acquire()
        try:
            yield connection
        except OUTAGES as error:
            raise StoreUnavailable(f"the database cannot be reached: {error}") from error
        except asyncpg.InterfaceError as error:
            if connection.is_closed():
                raise StoreUnavailable(f"the connection was lost: {error}") from error
            raise
        except asyncio.CancelledError:  # mid-statement: its reply may still be on its way
            connection.terminate()
            raise
        finally:
            self._release(connection)

    async def _acquire(self) -> asyncpg.Connection:
        if self._closed:
            raise StoreUnavailable("the store is closed")
        while self._idle:
            connection = self._idle.pop()
            if not connection.is_closed():
                return connection
            self._count -= 1
        if self._count < self._size:
            self._count += 1
            try:
                return await self._connect()
            except BaseException:
                self._count -= 1
                raise
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[asyncpg.Connection] = loop.create_future()
        self._waiting.append(waiter)
        timer = loop.call_later(self._timeout, self._expire, waiter)
        try:
            return await waiter
        except BaseException:
            # Given a connection in the same turn as it gave up (cancelled): it goes back.
            if waiter.done() and not waiter.cancelled() and waiter.exception() is None:
                self._release(waiter.result())
            raise
        finally:
            timer.cancel()

    def _expire(self, waiter: asyncio.Future[asyncpg.Connection]) -> None:
        if not waiter.done():
            message = f"no database connection free within {self._timeout} s"
            waiter.set_exception(StoreUnavailable(message))

    def _release(self, connection: asyncpg.Connection) -> None:
        if self._closed or connection.is_closed() or connection.is_in_transaction():
            if not connection.is_closed():
                connection.terminate()
            self._count -= 1
            self._open_for_waiting()
            return
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(connection)
                return
        self._idle.append(connection)

    def _open_for_waiting(self) -> None:
        """A connection was dropped while requests wait: open one in its place for them."""
        if self._closed or self._count >= self._size:
            return
        if not any(not waiter.done() for waiter in self._waiting):
            return
        self._count += 1
        task = asyncio.get_running_loop().create_task(self._replace())
        self._opening.add(task)
        task.add_done_callback(self._opening.discard)

    async def _replace(self) -> None:
        try:
            connection = await self._connect()
        except Exception as error:
            self._count -= 1
            while self._waiting:  # the next request fails now rather than at its timeout
                waiter = self._waiting.popleft()
                if not waiter.done():
                    waiter.set_exception(error)
                    break
            return
        except BaseException:
            self._count -= 1
            raise
        self._release(connection)

    async def _connect(self) -> asyncpg.Connection:
        try:
            connection = await asyncpg.connect(self._dsn, timeout=self._timeout)
        except (*OUTAGES, asyncpg.InterfaceError) as error:
            raise StoreUnavailable(f"the database cannot be reached: {error}") from error
        try:
            await self._setup(connection)
        except OUTAGES as error:
            connection.terminate()
            raise StoreUnavailable(f"the database cannot be reached: {error}") from error
        except BaseException:
            connection.terminate()
            raise
        return connection
