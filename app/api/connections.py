"""Connections that hold a descriptor without asking anything are closed.

A connection that sends nothing after it opens, sends its request head a line at a time
(slowloris), or sends a whole head and then its body a byte at a time, stays open as long as
its client likes unless the server ends it. A few hundred of them used every file descriptor
of an instance and locked every client out, `/livez` included. So each connection here is in
one of these phases (`Phase`), each but the last with a deadline:

- opened, or idle after a response (keep-alive), or part of a request head received: the
  whole head is due within `header_timeout_s` of the opening or of the last response, or
  the connection is closed (so it is the idle keep-alive timeout too);
- the head whole, the body not yet: the body is due within `body_timeout_s` of the end of the
  head, or the connection gets 408 `request_timeout` (where no answer has begun) and is
  closed. The phase ends when the body is whole, or when the request is answered (an
  application that answers has read what it wants);
- served: the request is whole and the server works on it, a long-poll or a stream among
  them. No deadline here.

Each connection counts against `max_connections` per instance. A connection over the cap
takes the place of another, as nginx reuses idle keep-alive connections when it runs out:
first of a connection that stalls (opened and silent, part of a head, a body not yet whole),
the longest stalling first; only then of an idle keep-alive one, the longest idle first. A
stalled body is answered 503 `too_many_connections` as it goes. A connection being served is
never evicted: when every connection is, the new one is refused at once with that 503.

The server runs on uvloop, which accepts one connection per turn of its event loop: a crowd
arriving at once is accepted one by one, each over the cap evicting another as it comes in,
and an evicted connection's descriptor is free a turn later. So the connections never hold
more descriptors than the cap and a few, and choosing whom to evict must take the same time
however many connections are open: the guard keeps the stalling and the idle connections in
the order they began to, the oldest first. (A scan of every connection for it made a new
`/livez` wait 7 s behind 600 arrivals at a cap of 2,000.) The loop is uvloop by choice:
asyncio's own accepts up to 2,048 connections in one turn, before any of them can evict
another, so at the cap it runs out of descriptors, and then it stops accepting for a second at
a time (a new `/livez` waited 4.5 s behind 650 arrivals under a limit of 400 descriptors).

Each closing is counted (`kozel_connections_closed_total`) and logged, at most one line per
reason every `LOG_EVERY_S` with the count since the line before (`app.api.guard`).
"""

from __future__ import annotations

import asyncio
import enum
from collections.abc import Callable
from typing import Any

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from app.api.coalescing import Coalescing
from app.api.guard import REFUSAL, Guard


class Phase(enum.Enum):
    OPENED = "opened"
    """Accepted; nothing received yet."""
    IDLE = "idle"
    """Keep-alive after a response; nothing of the next request received yet."""
    HEAD = "head"
    """Part of a request head received."""
    BODY = "body"
    """The request head whole, its body not yet."""
    SERVED = "served"
    """The request whole: the server works on it."""
    CLOSED = "closed"
    """Closed by the guard, or lost."""


STALLING = frozenset({Phase.OPENED, Phase.HEAD, Phase.BODY})


class GuardedConfig(uvicorn.Config):
    """uvicorn's configuration, with the guard that the protocol below reads. The service
    serves no WebSocket: an upgrade would take a connection out of the guard's sight."""

    def __init__(self, app: Any, guard: Guard, **options: Any) -> None:
        super().__init__(app, http=GuardedProtocol, ws="none", loop="uvloop", **options)
        self.guard = guard


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 protocol (httptools) with the phases, their deadlines and the cap
    on the connections (see the module's docstring)."""

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
        self.phase: Phase | None = None
        """None until the connection is taken in (and for one refused)."""
        self._deadline: asyncio.TimerHandle | None = None
        self._closed_by_guard = False

    # The connection

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        if not self._make_room():
            transport.write(REFUSAL)
            transport.close()
            self._guard.refusals.add(self.loop.time(), cap=self._guard.max_connections)
            return
        super().connection_made(transport)
        self.transport = Coalescing(transport, self.loop)  # a head and its body: one write
        self._enter(Phase.OPENED)
        self._set_deadline(self._guard.header_timeout_s, self._head_overdue)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.phase is None:  # refused: it never joined the server's connections
            return
        self._enter(Phase.CLOSED)
        self._clear_deadline()
        if self._closed_by_guard:
            self._guard.closing -= 1
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.transport.is_closing():
            return
        if self.phase in (Phase.OPENED, Phase.IDLE):
            self._enter(Phase.HEAD)  # the head's deadline runs on
        elif self.phase is Phase.BODY and self._deadline is None:
            # Once the data in hand is parsed: a body that came with its head never waits.
            self._enter(Phase.BODY)
            self._set_deadline(self._guard.body_timeout_s, self._body_overdue)

    # The request (httptools' callbacks, during `data_received`) and its response

    def on_headers_complete(self) -> None:
        self._clear_deadline()
        super().on_headers_complete()
        if self.pipeline:  # it waits its turn with reading paused: the connection is served
            self._enter(Phase.SERVED)
        else:  # the guard's queues are told at the end of `data_received`
            self.phase = Phase.BODY

    def on_message_complete(self) -> None:
        super().on_message_complete()
        if self.phase is Phase.BODY:
            self._clear_deadline()
            self._enter(Phase.SERVED)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # The head's deadline is the one idle timeout (answers that send their client away
        # for longer close their connection: `app.api.retry_after`), not uvicorn's own.
        self._unset_keepalive_if_required()
        if self.transport.is_closing():
            return
        if self.cycle.response_complete:  # no request came meanwhile: keep-alive
            self._enter(Phase.IDLE)
            self._set_deadline(self._guard.header_timeout_s, self._head_overdue)
        elif self.cycle.more_body:  # a pipelined request starts, its body still to come
            self._enter(Phase.BODY)
            self._set_deadline(self._guard.body_timeout_s, self._body_overdue)
        else:
            self._enter(Phase.SERVED)

    # The guard's part

    def _enter(self, phase: Phase) -> None:
        """Into `phase`. A connection that begins to stall, or to idle, joins the end of that
        queue of the guard's; a stall lasts through the stalling phases (a head, then its body
        a byte at a time, stall from the opening, or from the first byte after a response)."""
        guard = self._guard
        self.phase = phase
        if phase in STALLING:
            if self not in guard.stalling:
                guard.idle.pop(self, None)
                guard.stalling[self] = None
        elif phase is Phase.IDLE:
            guard.stalling.pop(self, None)
            guard.idle[self] = None
        else:
            guard.stalling.pop(self, None)
            guard.idle.pop(self, None)

    def _set_deadline(self, delay: float, overdue: Callable[[], None]) -> None:
        self._clear_deadline()
        self._deadline = self.loop.call_later(delay, overdue)

    def _clear_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _head_overdue(self) -> None:
        self._deadline = None
        if self.phase is Phase.IDLE:  # a keep-alive connection that was not used again
            self._close()
        elif self.phase in (Phase.OPENED, Phase.HEAD):
            self._close()
            self._guard.header_timeouts.add(self.loop.time(), timeout=self._guard.header_timeout_s)

    def _body_overdue(self) -> None:
        self._deadline = None
        if self.phase is Phase.BODY:
            self._close(self._guard.timed_out_answer)
            self._guard.body_timeouts.add(self.loop.time(), timeout=self._guard.body_timeout_s)

    def _make_room(self) -> bool:
        """Whether a new connection may come in, closing others to make room if need be."""
        guard = self._guard
        while len(self.connections) - guard.closing >= guard.max_connections:
            other = guard.next_to_give_way()
            if other is None:
                return False
            if not other.transport.is_closing():  # else closing already: it stops counting
                guard.evictions.add(self.loop.time(), cap=guard.max_connections)
            other._close(REFUSAL if other.phase is Phase.BODY else None)
        return True

    def _close(self, answer: bytes | None = None) -> None:
        """Close the connection, first sending `answer` if no response to its request has
        begun; the server counts it no more from now on, and its request (if any) sees the
        client gone."""
        cycle = self.cycle
        if cycle is not None and not cycle.response_complete:
            if answer is not None and not cycle.response_started:
                self.transport.write(answer)
            cycle.disconnected = True  # the application's own answer, if any, goes nowhere
            cycle.message_event.set()
        self._enter(Phase.CLOSED)
        self._clear_deadline()
        if not self._closed_by_guard:
            self._closed_by_guard = True
            self._guard.closing += 1
        self.transport.close()
