"""Wake-ups for followers: a table moved, a player may have a turn.

Within one process, waiters on a key are woken directly: `t:<table id>` on every commit of
the table, `p:<player id>` on a commit that gave the player a turn there. Across processes a
channel carries each commit's keys to the other instances (`Channel`): PostgreSQL's
`NOTIFY kozel_wakeup`, sent in the commit's transaction (`app.db.wakeup_pg`, the default on
PostgreSQL), or NATS, published after the commit (`app.db.wakeup_nats`). The embedded SQLite
setup is one process and needs neither.

A waiter waits on the channel alone: it reads the database when a wake-up says its key moved,
not on a timer. So the channel is trusted only while it is known not to have lost anything:

- notifications are numbered (`app.db.numbering`), and a number that does not come in time
  means one was lost: the waiters it may have concerned are woken to check (read once);
- a channel that (re)connects, or loses its connection, wakes every waiter to check, and while
  it is down every waiter checks every `fallback_s`;
- beyond that, each key is checked once every `safety_s` (jittered: 0.75 to 1.25 times it, and
  gathered with the others due every tenth of it), in case a loss showed no gap (the last
  notification of a sender that is gone).

A key may also have a hook (`on_key`): a revoked token (`r:<its hash>`) makes every instance
forget it; a table's key (`t:<id>`) tells the table cache which version is the newest. What a
cache learnt from wake-ups holds while the key's `stamp` stays the same: it changes whenever
something may have been missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
import random
import time
import uuid
from collections.abc import Awaitable, Callable, Iterator
from typing import Protocol

from app.db.numbering import Numbering
from app.db.waiter import Waiter, sleep_on_grid
from app.metrics import WAKEUP_CHECKS

log = logging.getLogger(__name__)

__all__ = ["Channel", "Waiter", "Wakeup"]

ALL = "*"
"""The stream of a channel on which every instance hears every notification."""
STREAMS = 100_000
"""How many streams an instance numbers before it starts afresh under a new name."""
TICK_S = 0.5
"""How often the sweeper looks for overdue numbers and keys due for the safety re-check."""


SafetyHook = Callable[[list[str]], Awaitable[list[str]]]
"""Given keys due for the safety re-check, those whose waiters must read (`on_safety`)."""


class Channel(Protocol):
    """How wake-ups reach the other instances."""

    in_commit: bool
    """Whether a notification is sent by the commit itself (`Append.notify`), else after it
    (`publish`)."""

    async def run(self, wakeup: Wakeup) -> None:
        """Connect, hear, and connect again when lost, until cancelled."""

    def follow(self, key: str) -> None:
        """`key` has its first waiter here."""

    def unfollow(self, key: str) -> None:
        """`key` has no waiter here any longer."""

    def stamp(self, key: str) -> int | None:
        """The wake-up `epoch` since which this instance hears every commit of `key` (None:
        it may not)."""

    def publish(self, key: str, payload: str) -> None:
        """Send `payload` for `key` after a commit (or a withdrawn number: `Wakeup.withdraw`)."""

    def lost(self, key: str) -> None:
        """A notification of `key` was lost: its `stamp` changes."""


class Wakeup:
    def __init__(
        self, safety_s: float = 30.0, fallback_s: float = 1.0, grace_s: float = 5.0
    ) -> None:
        self.instance = uuid.uuid4().hex
        """Sent with each notification, so an instance skips its own (already woken)."""
        self.safety_s = safety_s
        self.fallback_s = fallback_s
        self._waiters: dict[str, set[Waiter]] = {}
        self._hooks: list[tuple[str, Callable[[str, int | None], None]]] = []
        self._heard_hooks: list[Callable[[list[str], int], None]] = []
        self._channel: Channel | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._heard_all = asyncio.Event()
        """Set while `listening`, for `until_listening`."""
        self.listening = False
        self.epoch = 0
        """Counts the times this instance may have missed a notification (its channel
        (re)connected, a number never came): what was learnt from wake-ups before holds no
        more."""
        self.draining = False
        """Set when the process is asked to stop: long-polls return at once."""
        self._numbers: dict[str, int] = {}
        """The last number sent on each stream."""
        self._numbering = Numbering(grace_s)
        self._due: list[tuple[float, str]] = []
        """The keys' next safety re-checks (a heap; an entry whose time is not the key's in
        `_due_at` is stale)."""
        self._due_at: dict[str, float] = {}
        self._fallback_at = 0.0
        self._safety_at = 0.0
        """When the keys due for the safety re-check are next gathered: every tenth of
        `safety_s`, so that each kind of key costs one query for all of them that came due
        meanwhile, not one a tick (issue 31)."""
        self._safety_hooks: list[tuple[str, SafetyHook]] = []
        self._checking: set[asyncio.Task[None]] = set()

    # Waiting

    @contextlib.contextmanager
    def watching(self, keys: list[str]) -> Iterator[Waiter]:
        """Register for `keys` first, then read the database, then wait: a wake-up that comes
        after the registration is not lost."""
        waiter = Waiter()
        for key in keys:
            waiting = self._waiters.get(key)
            if waiting is None:
                waiting = self._waiters[key] = set()
                self._followed(key)
            waiting.add(waiter)
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
                        if self._channel is not None:
                            self._channel.unfollow(key)

    def _followed(self, key: str) -> None:
        if self._channel is None:
            return
        self._channel.follow(key)
        if key not in self._due_at:  # a key followed again keeps its schedule
            self._schedule(key, time.monotonic())

    def stamp(self, key: str | None = None) -> int | None:
        """The epoch since which this instance hears every commit (of `key`, when given; None:
        it may not). What it learnt from wake-ups under one stamp holds while it is the same."""
        if not self.listening:
            return None
        if self._channel is None or key is None:
            return self.epoch
        return self._channel.stamp(key)

    @property
    def open_waits(self) -> int:
        return len({waiter for waiting in self._waiters.values() for waiter in waiting})

    # Waking

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

    def check(self, keys: list[str], reason: str) -> None:
        """Wake the waiters of `keys` to read the database once."""
        WAKEUP_CHECKS.labels(reason).inc(len(keys))
        for key in keys:
            for waiter in self._waiters.get(key, ()):
                waiter.check()

    def check_all(self, reason: str) -> None:
        """Something may have been missed: every waiter reads once, and what was learnt from
        wake-ups before holds no more (a new `epoch`)."""
        self.epoch += 1
        self.check(list(self._waiters), reason)

    def drain(self) -> None:
        """Release every long-poll now (the process is stopping)."""
        self.draining = True
        self.wake(list(self._waiters))

    # Sending

    def notification(self, keys: list[str], version: int) -> str | None:
        """The payload that wakes `keys` on the other instances within the commit
        (`Append.notify`), numbered; None when the channel sends after the commit."""
        if self._channel is None or not self._channel.in_commit:
            return None
        return self._payload(ALL, version, keys)

    def committed(self, keys: list[str], version: int | None = None) -> None:
        """A commit of this instance landed: wake its keys here, and send them to the other
        instances if the commit did not."""
        self.wake(keys, version)
        channel = self._channel
        if channel is not None and not channel.in_commit:
            for key in keys:
                channel.publish(key, self._payload(key, -1 if version is None else version, keys))

    def withdraw(self, payload: str | None) -> None:
        """The commit that was to send `payload` did not land: send its number alone, so that
        receivers do not wait for it."""
        if payload is None or self._channel is None:
            return
        sender, stream, number, *_ = payload.split()
        self._channel.publish(stream, f"{sender} {stream} {number}")

    def _payload(self, stream: str, version: int, keys: list[str]) -> str:
        if len(self._numbers) >= STREAMS and stream not in self._numbers:
            self._numbers.clear()  # counting starts afresh, as a new sender
            self.instance = uuid.uuid4().hex
        number = self._numbers[stream] = self._numbers.get(stream, 0) + 1
        return " ".join([self.instance, stream, str(number), str(version), *keys])

    # Hearing (called by the channel)

    def received(self, payload: str) -> None:
        """A notification (`_payload`) or a withdrawn number; this instance's own are skipped
        (already woken)."""
        try:
            sender, stream, number, *rest = payload.split()
            counted = int(number)
            version = int(rest[0]) if rest else None
        except ValueError:
            log.warning("a wake-up notification in no known form: %.100r", payload)
            return
        if sender == self.instance:
            return
        self._numbering.heard(sender, stream, counted, time.monotonic())
        if version is not None:
            self.heard(rest[1:], version)

    def connected(self) -> None:
        """The channel is up (again): what came while it was away is unknown."""
        self.listening = True
        self._heard_all.set()
        self.check_all("connected")

    def disconnected(self) -> None:
        """The channel is lost: waiters check now, then every `fallback_s` until it is back."""
        if self.listening:
            self.listening = False
            self._heard_all.clear()
            self.check_all("disconnected")
        self._fallback_at = time.monotonic() + self.fallback_s

    def resubscribed(self, key: str) -> None:
        """The channel now hears `key` (a new subscription): its waiters read once."""
        self.check([key], "subscribed")

    def unsubscribed(self, key: str) -> None:
        """The channel no longer hears `key`: its numbers start afresh if it does again."""
        self._numbering.forget(key)

    # Running

    def start_listening(self, channel: Channel | None, run: bool = True) -> None:
        """Hear the other instances on `channel` (None: one process, nothing to hear);
        `run=False` only sends (tests)."""
        self._channel = channel
        if channel is None:
            self.listening = True  # one process: local wake-ups are all there is
            self._heard_all.set()
            return
        if not run:
            return
        self._tasks = [
            asyncio.create_task(channel.run(self)),
            asyncio.create_task(self._sweep()),
        ]

    async def until_listening(self, within_s: float) -> bool:
        """Wait at most `within_s` for the channel to be up; whether it is. An instance that
        starts serving before it hears every commit cannot trust its caches yet (it reads the
        database instead), so it waits for its channel first; one that cannot reach it keeps
        trying in the background, and reports not ready meanwhile."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._heard_all.wait(), within_s)
        return self.listening

    async def stop(self) -> None:
        for task in [*self._tasks, *self._checking]:
            task.cancel()
        for task in [*self._tasks, *self._checking]:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks = []
        self.listening = False
        self._heard_all.clear()

    async def _sweep(self) -> None:
        while True:
            await sleep_on_grid(TICK_S)
            now = time.monotonic()
            lost = self._numbering.overdue(now)
            if ALL in lost:
                self.check_all("gap")
            elif lost and self._channel is not None:
                for key in lost:
                    self._channel.lost(key)
                self.check(lost, "gap")
            if not self.listening:
                if now >= self._fallback_at:
                    self._fallback_at = now + self.fallback_s
                    self.check(list(self._waiters), "fallback")
                continue
            if now >= self._safety_at:
                self._safety_at = now + self.safety_s / 10
                self._safety_checks(now)

    def on_safety(self, prefix: str, hook: SafetyHook) -> None:
        """Let `hook` make the safety re-check of the keys `prefix + …` due together: it
        answers which of them to check (one query for many instead of a read each)."""
        self._safety_hooks.append((prefix, hook))

    def _safety_checks(self, now: float) -> None:
        due: list[str] = []
        while self._due and self._due[0][0] <= now:
            at, key = heapq.heappop(self._due)
            if self._due_at.get(key) != at:
                continue  # stale
            if key in self._waiters:
                due.append(key)
                self._schedule(key, now)
            else:
                del self._due_at[key]
        for prefix, hook in self._safety_hooks:
            mine = [key for key in due if key.startswith(prefix)]
            if mine:
                due = [key for key in due if not key.startswith(prefix)]
                task = asyncio.create_task(self._safety_by(hook, mine))
                self._checking.add(task)
                task.add_done_callback(self._checking.discard)
        if due:
            self.check(due, "safety")

    async def _safety_by(self, hook: SafetyHook, keys: list[str]) -> None:
        try:
            stale = await hook(keys)
        except Exception:  # the database is away: each waiter reads on its own
            log.warning("a safety re-check failed", exc_info=True)
            stale = keys
        if stale:
            self.check(stale, "safety")

    def _schedule(self, key: str, now: float) -> None:
        at = now + self.safety_s * random.uniform(0.75, 1.25)
        self._due_at[key] = at
        heapq.heappush(self._due, (at, key))
