"""The wake-up channel on NATS: a subject per table and per player, published after commit.

PostgreSQL's NOTIFY serializes notifying commits and brings every table's notification to
every instance; on NATS an instance subscribes only to the keys its own followers wait on
(`kozel.t.<table id>`, `kozel.p.<player id>`; revoked tokens, `kozel.r.<hash>`, reach all),
for `LINGER_S` after the last of them leaves, so that a client polling again finds it there.

A message is published after its commit, so a process that stops in between, a slow consumer
or a lost connection can lose one: each key's notifications are numbered by their sender
(`app.db.numbering`), a lost connection wakes every waiter to check and makes them re-check
every `fallback_s` until it is back, and a subscription that begins wakes its waiters to
check once (what was published before it began is not heard).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

import nats
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription
from nats.errors import SlowConsumerError

if TYPE_CHECKING:
    from app.db.wakeup import Wakeup

log = logging.getLogger(__name__)

PREFIX = "kozel."
REVOKED = "r:"
LINGER_S = 60.0
RETRY_S = 1.0


def subject(key: str) -> str:
    """`t:<id>` -> `kozel.t.<id>`."""
    kind, _, rest = key.partition(":")
    return f"{PREFIX}{kind}.{rest}"


class NatsChannel:
    in_commit = False

    def __init__(self, url: str) -> None:
        self.url = url
        self._client: Client | None = None
        self._wakeup: Wakeup | None = None
        self._followed: set[str] = set()
        """Keys with a waiter here."""
        self._subscriptions: dict[str, Subscription] = {}
        self._asked: set[str] = set()
        """Keys whose subscription is being made."""
        self._live: dict[str, int] = {}
        """Keys whose subscription the server has confirmed, each with its serial number."""
        self._serial = 0
        self._revocations = 0
        """The serial of the subscription to every revoked token (0: none yet)."""
        self._tasks: set[asyncio.Task[None]] = set()

    async def run(self, wakeup: Wakeup) -> None:
        self._wakeup = wakeup
        try:
            while self._client is None:
                try:
                    self._client = await nats.connect(
                        self.url,
                        connect_timeout=2,
                        reconnect_time_wait=RETRY_S,
                        max_reconnect_attempts=-1,
                        disconnected_cb=self._disconnected,
                        reconnected_cb=self._reconnected,
                        error_cb=self._error,
                    )
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.warning("wake-up channel cannot reach NATS; retrying", exc_info=True)
                    wakeup.disconnected()
                    await asyncio.sleep(RETRY_S)
            await self._client.subscribe(f"{PREFIX}r.>", cb=self._on)
            for key in self._followed:
                self._subscribe(key)
            await self._client.flush()
            self._revocations = self._next_serial()
            wakeup.connected()
            await asyncio.Event().wait()  # the client reconnects by itself from now on
        finally:
            for task in list(self._tasks):
                task.cancel()
            if self._client is not None:
                with contextlib.suppress(Exception):
                    await self._client.close()
                self._client = None

    def follow(self, key: str) -> None:
        self._followed.add(key)
        if key not in self._subscriptions and key not in self._asked and self._client:
            self._subscribe(key)

    def unfollow(self, key: str) -> None:
        self._followed.discard(key)
        asyncio.get_running_loop().call_later(LINGER_S, self._linger_over, key)

    def stamp(self, key: str) -> int | None:
        assert self._wakeup is not None
        serial = self._revocations if key.startswith(REVOKED) else self._live.get(key)
        return None if not serial else self._wakeup.epoch << 32 | serial

    def lost(self, key: str) -> None:
        if key in self._live:
            self._live[key] = self._next_serial()

    def publish(self, key: str, payload: str) -> None:
        client = self._client
        if client is not None:
            self._spawn(client.publish(subject(key), payload.encode()))

    def _subscribe(self, key: str) -> None:
        async def subscribe(client: Client) -> None:
            subscription = await client.subscribe(subject(key), cb=self._on)
            self._asked.discard(key)
            self._subscriptions[key] = subscription
            await client.flush()
            if self._subscriptions.get(key) is subscription:
                self._live[key] = self._next_serial()
                if self._wakeup is not None:
                    self._wakeup.resubscribed(key)

        assert self._client is not None
        self._asked.add(key)
        self._spawn(subscribe(self._client))

    def _linger_over(self, key: str) -> None:
        if key in self._followed:
            return
        if key in self._asked:  # unsubscribed once made
            asyncio.get_running_loop().call_later(LINGER_S, self._linger_over, key)
            return
        subscription = self._subscriptions.pop(key, None)
        self._live.pop(key, None)
        if subscription is not None:
            self._spawn(subscription.unsubscribe())
        if self._wakeup is not None:
            self._wakeup.unsubscribed(key)

    async def _on(self, message: Msg) -> None:
        if self._wakeup is not None:
            self._wakeup.received(message.data.decode())

    async def _disconnected(self) -> None:
        if self._wakeup is not None:
            self._wakeup.disconnected()

    async def _reconnected(self) -> None:
        """The client subscribed again to every subject: once the server has them all, what
        was missed meanwhile is checked."""
        if self._client is not None:
            with contextlib.suppress(Exception):
                await self._client.flush()
        for key in self._live:
            self._live[key] = self._next_serial()
        self._revocations = self._next_serial()
        if self._wakeup is not None:
            self._wakeup.connected()

    async def _error(self, error: Exception) -> None:
        if isinstance(error, SlowConsumerError) and self._wakeup is not None:
            self._wakeup.check_all("gap")  # messages were dropped
        else:
            log.warning("wake-up channel: %s", error)

    def _next_serial(self) -> int:
        self._serial += 1
        return self._serial

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
