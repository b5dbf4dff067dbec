"""The connection guard (`app.api.connections`) driven through uvicorn's protocol without
sockets: which connection gives way at the cap, and the deadlines of a request's head and
body. (`tests/e2e/test_connections.py` and `test_slow_bodies.py` hold a real server to
them.)"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from starlette.types import Receive, Scope, Send
from uvicorn.server import ServerState

from app.api.connections import GuardedConfig, GuardedProtocol, Phase
from app.api.guard import Guard
from app.metrics import CONNECTIONS_CLOSED
from tests.api.transports import Recording

pytestmark = pytest.mark.anyio

GET = b"GET / HTTP/1.1\r\nHost: kozel\r\n\r\n"
WAIT = b"GET /wait HTTP/1.1\r\nHost: kozel\r\n\r\n"
"""A request the application answers only when told (as a long-poll waits)."""
POST_HEAD = b"POST / HTTP/1.1\r\nHost: kozel\r\nContent-Length: 10\r\n\r\n"


class App:
    """Answers 200 with the length of the body it read; `/wait` first waits for `release`,
    `/early` answers 413 without reading the body."""

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.disconnected = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["path"] == "/wait":
            await self.release.wait()
        if scope["path"] == "/early":
            await _answer(send, 413, b"{}")
            return
        body, more = b"", True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                self.disconnected += 1
                return
            body, more = body + message.get("body", b""), message.get("more_body", False)
        await _answer(send, 200, json.dumps({"read": len(body)}).encode())


async def _answer(send: Send, status: int, body: bytes) -> None:
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class Server:
    """The protocol's shared state, as one uvicorn server holds it."""

    def __init__(
        self, app: App, cap: int, header_s: float = 5.0, body_s: float = 5.0, **options: Any
    ) -> None:
        self.guard = Guard(cap, header_timeout_s=header_s, body_timeout_s=body_s)
        self.config = GuardedConfig(app, self.guard, log_config=None, lifespan="off", **options)
        self.config.load()
        self.state = ServerState()

    def connect(self, sent: bytes = b"") -> Connection:
        protocol = GuardedProtocol(self.config, self.state, {})
        transport = Recording(protocol)
        protocol.connection_made(transport)
        if sent and not transport.closed:
            protocol.data_received(sent)
        return Connection(protocol, transport)


class Connection:
    def __init__(self, protocol: GuardedProtocol, transport: Recording) -> None:
        self.protocol, self.transport = protocol, transport

    @property
    def received(self) -> bytes:
        return b"".join(self.transport.writes)


async def _turns(count: int = 5) -> None:
    for _ in range(count):
        await asyncio.sleep(0)


def _closed(reason: str) -> float:
    return float(CONNECTIONS_CLOSED.labels(reason)._value.get())


async def test_at_the_cap_stalling_connections_give_way_first_then_idle_ones() -> None:
    app = App()
    server = Server(app, cap=4)
    idle = server.connect(GET)
    await _turns()
    assert idle.protocol.phase is Phase.IDLE
    assert idle.received.startswith(b"HTTP/1.1 200")
    served = server.connect(WAIT)
    slow_body = server.connect(POST_HEAD + b"12")
    slow_head = server.connect(b"GET / HTTP/1.1\r\nHost: ko")
    await _turns()
    assert [c.protocol.phase for c in (served, slow_body, slow_head)] == [
        Phase.SERVED,
        Phase.BODY,
        Phase.HEAD,
    ]
    evicted_before = _closed("evicted")

    # The longest stalling first: the slow body (told so), then the slow head (nothing).
    first = server.connect(WAIT)
    await _turns()
    assert slow_body.transport.closed
    assert not slow_head.transport.closed
    head, _, body = slow_body.received.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 503")
    assert b"connection: close" in head
    assert json.loads(body)["code"] == "too_many_connections"
    assert app.disconnected == 1, "the request of the slow body saw its client go"
    second = server.connect(WAIT)
    await _turns()
    assert slow_head.transport.closed
    assert slow_head.received == b""
    # Only then the idle keep-alive connection.
    assert not idle.transport.closed
    third = server.connect(WAIT)
    await _turns()
    assert idle.transport.closed
    assert _closed("evicted") == evicted_before + 3

    # Every connection is served now: a new one is refused, none of them evicted.
    refused = server.connect()
    assert refused.transport.closed
    assert refused.received.startswith(b"HTTP/1.1 503")
    assert not any(c.transport.closed for c in (served, first, second, third))
    app.release.set()
    await _turns(20)
    assert all(c.received.startswith(b"HTTP/1.1 200") for c in (served, first, second, third))


async def test_a_body_that_does_not_come_in_time_gets_408() -> None:
    app = App()
    server = Server(app, cap=10, body_s=0.5)
    timed_out_before = _closed("body_timeout")
    late = server.connect(POST_HEAD + b"123")
    in_time = server.connect(POST_HEAD + b"123")
    whole = server.connect(POST_HEAD + b"1234567890")
    await asyncio.sleep(0.1)
    in_time.protocol.data_received(b"4567890")
    await asyncio.sleep(0.6)

    assert late.transport.closed
    head, _, body = late.received.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408 Request Timeout")
    assert b"content-type: application/problem+json" in head
    assert json.loads(body)["code"] == "request_timeout"
    assert app.disconnected == 1
    assert _closed("body_timeout") == timed_out_before + 1
    for kept in (in_time, whole):
        assert not kept.transport.closed
        assert kept.received.endswith(b'{"read": 10}')
        assert kept.protocol.phase is Phase.IDLE


async def test_an_application_that_answers_ends_the_wait_for_the_body() -> None:
    """A request answered before its body is whole (413, say) is done with: the connection
    waits for the next head, under the head's deadline."""
    server = Server(App(), cap=10, header_s=0.6, body_s=0.1)
    early = server.connect(b"POST /early HTTP/1.1\r\nHost: kozel\r\nContent-Length: 10\r\n\r\n1")
    await asyncio.sleep(0.3)
    assert not early.transport.closed
    assert early.received.startswith(b"HTTP/1.1 413")
    assert early.received.endswith(b"{}")
    assert early.protocol.phase is Phase.IDLE
    await asyncio.sleep(0.5)
    assert early.transport.closed
    assert early.received.endswith(b"{}"), "no 408 after the answer"


async def test_head_deadlines_count_a_silent_connection_not_an_idle_one() -> None:
    server = Server(App(), cap=10, header_s=0.05)
    before = _closed("header_timeout")
    used = server.connect(GET)
    silent = server.connect()
    await asyncio.sleep(0.15)
    assert used.transport.closed
    assert silent.transport.closed
    assert _closed("header_timeout") == before + 1, "a keep-alive connection ends quietly"
    assert server.guard.closing == 0
    assert not server.guard.stalling
    assert not server.guard.idle


async def test_the_head_deadline_is_the_one_idle_timeout() -> None:
    """uvicorn's own keep-alive timer (here at 0 s) closes no connection before it: the
    answers that send a client away for longer than the idle timeout close their connection
    (`app.api.retry_after`), and only that timeout is known to them."""
    server = Server(App(), cap=10, header_s=0.5, timeout_keep_alive=0)
    used = server.connect(GET)
    await asyncio.sleep(0.2)
    assert used.received.startswith(b"HTTP/1.1 200")
    assert not used.transport.closed
    await asyncio.sleep(0.5)
    assert used.transport.closed
