"""Wake-ups for long-polls: a table moved, a player may have a turn.

Within one process, waiters on a key are woken directly: `t:<table id>` on every commit of
the table, `p:<player id>` on a commit that gave the player a turn there.
Across processes on PostgreSQL, each commit also sends `NOTIFY kozel_wakeup` in its
transaction, and every instance LISTENs (on a connection of its own, through asyncpg, which
calls back for each notification as it arrives) and wakes its own waiters. A notification is
only a hint: waiters re-read the database, and re-check periodically in case a hint is lost.

A key may also have a hook (`on_key`): a revoked token (`r:<its hash>`) makes every instance
forget it; a table's key (`t:<id>`) tells the table cache which version is the newest. A
cache that relies on hooks trusts itself only while `listening`, and starts afresh when
`connects` changes (what was sent while the listener was away is lost).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Callable, Iterator

import asyncpg
from sqlalchemy.engine import make_url

from app.db.store import CHANNEL
from app.db.store_pg import dsn

log = logging.getLogger(__name__)


class Waiter:
    """One registration for some keys. A wake-up sets its flag; `wait` returns at once if the
    flag is set, and clears it. A wake-up that comes while the holder is busy (reading the
    database, sending a view) is therefore never lost, however long the registration lasts."""

    def __init__(self) -> None:
        self._flag = asyncio.Event()
        self.version = -1
        """The highest version announced with a wake-up so far (-1: none). Several wake-ups
        before a `wait` make one, so a holder that answers from what it already knows checks
        that it knows this version."""
        self.tables: dict[str, int] = {}
        """The tables whose commits woke it, each with the highest version announced: a
        player's wake-up (`p:`) says at which table its turn came (`Reader.turns`)."""

    def set(self, version: int | None = None, table_id: str | None = None) -> None:
        if version is not None and version > self.version:
            self.version = version
        if table_id is not None and version is not None:
            self.tables[table_id] = max(version, self.tables.get(table_id, -1))
        self._flag.set()

    async def wait(self, timeout: float) -> bool:
        """Wait for a wake-up, at most `timeout` seconds; whether one came."""
        if not self._flag.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._flag.wait(), timeout)
        woken = self._flag.is_set()
        self._flag.clear()
        return woken


class Wakeup:
    def __init__(self) -> None:
        self.instance = uuid.uuid4().hex
        """Sent with each notification, so an instance skips its own (already woken)."""
        self._waiters: dict[str, set[Waiter]] = {}
        self._hooks: list[tuple[str, Callable[[str, int | None], None]]] = []
        self._heard_hooks: list[Callable[[list[str], int], None]] = []
        self._listener: asyncio.Task[None] | None = None
        self._heard_all = asyncio.Event()
        """Set while `listening`, for `until_listening`."""
        self.listening = False
        self.connects = 0
        """How many times the listener has connected (it reconnects after a lost connection)."""
        self.draining = False
        """Set when the process is asked to stop: long-polls return at once."""

    @contextlib.contextmanager
    def watching(self, keys: list[str]) -> Iterator[Waiter]:
        """Register for `keys` first, then read the database, then wait: a wake-up that comes
        after the registration is not lost."""
        waiter = Waiter()
        for key in keys:
            self._waiters.setdefault(key, set()).add(waiter)
        if self.draining:
            waiter.set()
        try:
            yield waiter
        finally:
            for key in keys:
                waiting = self._waiters.get(key)
                if waiting is not None:
                    waiting.discard(waiter)
                    if not waiting:
                        del self._waiters[key]

    def stamp(self) -> int | None:
        """The listening connection this instance hears every commit on now (None: none). What
        it learnt from wake-ups under one stamp holds while the stamp is the same."""
        return self.connects if self.listening else None

    def on_key(self, prefix: str, hook: Callable[[str, int | None], None]) -> None:
        """Call `hook(rest, version)` for every key `prefix + rest` woken here or by another
        instance (`version`: the table version the commit reached, if it names one)."""
        self._hooks.append((prefix, hook))

    def on_heard(self, hook: Callable[[list[str], int], None]) -> None:
        """Call `hook(keys, version)` for every commit heard from another instance (after its
        waiters are woken): all its keys at once, which `on_key` does not give."""
        self._heard_hooks.append(hook)

    def heard(self, keys: list[str], version: int) -> None:
        """A notification of another instance's commit: wake its keys here."""
        self.wake(keys, version)
        for hook in self._heard_hooks:
            hook(keys, version)

    def wake(self, keys: list[str], version: int | None = None) -> None:
        """Wake the waiters of `keys`; `version` is the table version that a commit reached
        (a commit's keys name its table, `t:<id>`, which its waiters learn too)."""
        table_id = next((key[2:] for key in keys if key.startswith("t:")), None)
        for key in keys:
            for waiter in self._waiters.get(key, ()):
                waiter.set(version, table_id)
            for prefix, hook in self._hooks:
                if key.startswith(prefix):
                    hook(key[len(prefix) :], version)

    def drain(self) -> None:
        """Release every long-poll now (the process is stopping)."""
        self.draining = True
        self.wake(list(self._waiters))

    @property
    def open_waits(self) -> int:
        return len({waiter for waiting in self._waiters.values() for waiter in waiting})

    def notification(self, keys: list[str], version: int) -> str:
        """The payload that wakes `keys` on the other instances (`Append.notify`)."""
        return " ".join([self.instance, str(version), *keys])

    def start_listening(self, database_url: str) -> None:
        if make_url(database_url).get_backend_name() == "postgresql":
            self._listener = asyncio.create_task(self._listen(database_url))
        else:
            self.listening = True  # one process: local wake-ups are all there is
            self._heard_all.set()

    async def until_listening(self, within_s: float) -> bool:
        """Wait at most `within_s` for the listener to be up; whether it is. An instance that
        starts serving before it hears every commit cannot trust its caches yet (it reads the
        database instead), so it waits for its listener first; one that cannot reach the
        database keeps trying in the background, and reports not ready meanwhile."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._heard_all.wait(), within_s)
        return self.listening

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        self.listening = False
        self._heard_all.clear()

    async def _listen(self, database_url: str) -> None:
        while True:
            try:
                connection = await asyncpg.connect(dsn(database_url))
            except asyncio.CancelledError:
                raise
            except Exception:  # the database is away: retry, waiters re-check meanwhile
                log.warning("wake-up listener cannot connect; retrying", exc_info=True)
            else:
                try:
                    await self._hear(connection)
                    log.warning("wake-up listener lost its connection; reconnecting")
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.warning("wake-up listener failed; reconnecting", exc_info=True)
                finally:
                    self.listening = False
                    self._heard_all.clear()
                    connection.terminate()
            await asyncio.sleep(1.0)

    async def _hear(self, connection: asyncpg.Connection) -> None:
        """LISTEN on `connection` until it is lost."""
        lost = asyncio.Event()
        connection.add_termination_listener(lambda _: lost.set())
        await connection.add_listener(CHANNEL, self._notified)
        self.connects += 1
        self.listening = True
        self._heard_all.set()
        await lost.wait()

    def _notified(self, _connection: object, _pid: int, _channel: str, payload: object) -> None:
        """A commit's notification (`notification`): another instance's is heard here."""
        sender, version, *keys = str(payload).split()
        if sender != self.instance:
            self.heard(keys, int(version))
