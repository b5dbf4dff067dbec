"""Connections that hold a descriptor without asking anything are closed.

uvicorn closes a keep-alive connection that stays silent after a response, but a connection
that sends nothing after it opens, or sends its request head a line at a time (slowloris),
stays open as long as its client likes. A few hundred of them used every file descriptor of
an instance and locked every client out, `/livez` included. So each connection here:

- has `header_timeout_s` to send a whole request head, from when it opens and again after
  each response: a connection waiting for a head longer is closed (a request that has sent
  its head, a long-poll or a stream among them, is never timed out here);
- counts against `max_connections` per instance. A connection over the cap takes the place
  of the connection that has waited longest for a head (as nginx reuses idle keep-alive
  connections when it runs out); if every connection is busy with a request, the new one is
  refused at once with 503 `too_many_connections` and closed.

The server runs on uvloop, which accepts one connection per turn of its event loop: a crowd
arriving at once is accepted one by one, each over the cap evicting another as it comes in,
and an evicted connection's descriptor is free a turn later. So the connections never hold
more descriptors than the cap and a few, and choosing whom to evict must take the same time
however many connections are open: the guard keeps the waiting connections in the order they
began to wait, the oldest first. (A scan of every connection for it made a new `/livez` wait
7 s behind 600 arrivals at a cap of 2,000.) The loop is uvloop by choice: asyncio's own
accepts up to 2,048 connections in one turn, before any of them can evict another, so at the
cap it runs out of descriptors, and then it stops accepting for a second at a time (a new
`/livez` waited 4.5 s behind 650 arrivals under a limit of 400 descriptors).

Each closing is counted (`kozel_connections_closed_total`) and logged, at most one line per
reason every `LOG_EVERY_S` with the count since the line before.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections import OrderedDict
from typing import Any

import orjson
import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from app.api.coalescing import Coalescing
from app.api.problems import STATUS, TITLES
from app.metrics import CONNECTIONS_CLOSED

log = logging.getLogger("kozel.connections")

LOG_EVERY_S = 10.0


def _refusal() -> bytes:
    code = "too_many_connections"
    body = orjson.dumps(
        {
            "type": f"https://kozel.example/problems/{code}",
            "title": TITLES[code],
            "status": STATUS[code],
            "detail": "this instance holds as many connections as it may; retry shortly",
            "code": code,
        }
    )
    head = (
        f"HTTP/1.1 {STATUS[code]} Service Unavailable\r\n"
        "content-type: application/problem+json\r\n"
        f"content-length: {len(body)}\r\n"
        "retry-after: 1\r\n"
        "connection: close\r\n\r\n"
    )
    return head.encode() + body


REFUSAL = _refusal()


class Tally:
    """Counts one kind of closing and logs it: the first at once, then at most one line
    every `LOG_EVERY_S` with how many came since the line before."""

    def __init__(self, reason: str, message: str) -> None:
        self.reason, self.message = reason, message
        self._count = 0
        self._logged_at = -math.inf

    def add(self, now: float, **details: Any) -> None:
        CONNECTIONS_CLOSED.labels(self.reason).inc()
        self._count += 1
        if now - self._logged_at >= LOG_EVERY_S:
            log.warning(
                self.message.format(count=self._count, **details),
                extra={"event": f"connections_{self.reason}"},
            )
            self._count, self._logged_at = 0, now


class Guard:
    """What the connections of one server share: the limits and the tallies."""

    def __init__(self, header_timeout_s: float, max_connections: int) -> None:
        self.header_timeout_s = header_timeout_s
        self.max_connections = max_connections
        self.waiting: OrderedDict[GuardedProtocol, None] = OrderedDict()
        """The connections waiting for a request head, the longest waiting first."""
        self.closing = 0
        """Connections the guard has closed that the server still counts (until their
        `connection_lost`, a turn of the loop later)."""
        self.timed_out = Tally(
            "header_timeout",
            "closed {count} connection(s) that sent no whole request head within {timeout} s",
        )
        self.evicted = Tally(
            "evicted",
            "at the cap of {cap} connections: closed {count} that waited longest for a "
            "request head, for new ones",
        )
        self.refused = Tally(
            "refused",
            "at the cap of {cap} connections, all busy with requests: refused {count} new "
            "one(s) with 503",
        )


class GuardedConfig(uvicorn.Config):
    """uvicorn's configuration, with the guard that the protocol below reads."""

    def __init__(self, app: Any, guard: Guard, **options: Any) -> None:
        super().__init__(app, http=GuardedProtocol, loop="uvloop", **options)
        self.guard = guard


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 protocol (httptools) with a deadline for each request head and a
    cap on the connections (see the module's docstring)."""

    def __init__(
        self,
        config: uvicorn.Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        assert isinstance(config, GuardedConfig)
        self._guard = config.guard
        self._head_timer: asyncio.TimerHandle | None = None
        self._refused = False
        self._closed_by_guard = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        if len(self.connections) >= self._guard.max_connections and not self._make_room():
            self._refused = True
            transport.write(REFUSAL)
            transport.close()
            self._guard.refused.add(self.loop.time(), cap=self._guard.max_connections)
            return
        super().connection_made(transport)
        self.transport = Coalescing(transport, self.loop)  # a head and its body: one write
        self._wait_for_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        if self._closed_by_guard:
            self._guard.closing -= 1
        if not self._refused:  # a refused connection never joined the server's
            super().connection_lost(exc)

    def on_headers_complete(self) -> None:
        self._stop_waiting()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # Waiting for the next head, unless the connection closes or one came already
        # (pipelined: the next request is under way).
        if not self.transport.is_closing() and self.cycle.response_complete:
            self._wait_for_head()

    def _wait_for_head(self) -> None:
        self._stop_waiting()
        self._guard.waiting[self] = None
        self._head_timer = self.loop.call_later(self._guard.header_timeout_s, self._too_slow)

    def _stop_waiting(self) -> None:
        self._guard.waiting.pop(self, None)
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _too_slow(self) -> None:
        self._head_timer = None
        if self in self._guard.waiting and not self.transport.is_closing():
            self._close()
            self._guard.timed_out.add(self.loop.time(), timeout=self._guard.header_timeout_s)

    def _close(self) -> None:
        """Close the connection; the server counts it no more from now on."""
        self._stop_waiting()
        if not self._closed_by_guard:
            self._closed_by_guard = True
            self._guard.closing += 1
        self.transport.close()

    def _make_room(self) -> bool:
        """At the cap: whether a new connection may come in, closing the one that has waited
        longest for a request head if need be."""
        guard = self._guard
        while len(self.connections) - guard.closing >= guard.max_connections:
            if not guard.waiting:
                return False
            oldest = next(iter(guard.waiting))
            if not oldest.transport.is_closing():  # else closing already: it only stops counting
                guard.evicted.add(self.loop.time(), cap=guard.max_connections)
            oldest._close()
        return True
