"""A response's head and body leave in one write (`app.api.coalescing`): through uvicorn's own
protocol as the server runs it, for a whole response, a HEAD, a refusal of a bad request and
a streamed body; and the transport's other duties are the real one's."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from starlette.types import Receive, Scope, Send
from uvicorn.server import ServerState

from app.api.coalescing import Coalescing
from app.api.connections import GuardedConfig, GuardedProtocol
from app.api.guard import Guard
from tests.api.transports import Recording

pytestmark = pytest.mark.anyio


async def whole(scope: Scope, receive: Receive, send: Send) -> None:
    headers = [(b"content-type", b"application/json"), (b"content-length", b"2")]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": b"{}"})


async def streamed(scope: Scope, receive: Receive, send: Send) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": []})
    for chunk in (b"one", b"two"):
        await send({"type": "http.response.body", "body": chunk, "more_body": True})
        await asyncio.sleep(0.01)  # the next chunk in a later turn of the loop
    await send({"type": "http.response.body", "body": b""})


async def serve_once(app: Any, request: bytes) -> Recording:
    config = GuardedConfig(
        app, Guard(100, header_timeout_s=5.0, body_timeout_s=5.0), log_config=None, lifespan="off"
    )
    config.load()
    protocol = GuardedProtocol(config, ServerState(), {})
    transport = Recording()
    protocol.connection_made(transport)
    protocol.data_received(request)
    for _ in range(50):  # until the response is out
        await asyncio.sleep(0.005)
        if transport.writes and (transport.writes[-1].endswith(b"}") or transport.closed):
            break
    protocol.connection_lost(None)
    return transport


async def test_a_response_is_one_write() -> None:
    sent = await serve_once(whole, b"GET / HTTP/1.1\r\nHost: kozel\r\n\r\n")
    assert len(sent.writes) == 1
    assert sent.writes[0].startswith(b"HTTP/1.1 200 OK\r\n")
    assert sent.writes[0].endswith(b"\r\n\r\n{}")


async def test_the_head_of_a_head_request_is_one_write() -> None:
    sent = await serve_once(whole, b"HEAD / HTTP/1.1\r\nHost: kozel\r\n\r\n")
    assert len(sent.writes) == 1
    assert sent.writes[0].startswith(b"HTTP/1.1 200 OK\r\n")
    assert sent.writes[0].endswith(b"\r\n\r\n")


async def test_a_bad_request_is_answered_before_the_connection_closes() -> None:
    sent = await serve_once(whole, b"NOT HTTP AT ALL\r\n\r\n")
    assert sent.closed
    assert len(sent.writes) == 1
    assert sent.writes[0].startswith(b"HTTP/1.1 400 Bad Request\r\n")


async def test_a_streamed_body_goes_out_turn_by_turn() -> None:
    sent = await serve_once(streamed, b"GET / HTTP/1.1\r\nHost: kozel\r\n\r\n")
    joined = b"".join(sent.writes)
    assert joined.startswith(b"HTTP/1.1 200 OK\r\n")
    assert joined.endswith(b"3\r\none\r\n3\r\ntwo\r\n0\r\n\r\n")
    # the head with the first chunk, then the second chunk, then the end of the body
    assert len(sent.writes) == 3
    assert sent.writes[0].endswith(b"3\r\none\r\n")


async def test_the_transport_holds_a_turn_then_writes_once() -> None:
    loop = asyncio.get_running_loop()
    under = Recording()
    transport = Coalescing(under, loop)
    transport.write(b"head ")
    transport.writelines([b"body", b"!"])
    assert under.writes == []
    assert transport.get_write_buffer_size() == len(b"head body!")
    await asyncio.sleep(0)
    assert under.writes == [b"head body!"]
    transport.write(b"then this")
    transport.close()  # what is held goes out before the close
    assert under.writes == [b"head body!", b"then this"]
    assert under.closed
    assert transport.is_closing()
    await asyncio.sleep(0)  # the flush scheduled by the write finds nothing left to send
    assert under.writes == [b"head body!", b"then this"]


async def test_an_abort_drops_what_is_held() -> None:
    under = Recording()
    transport = Coalescing(under, asyncio.get_running_loop())
    transport.write(b"never sent")
    transport.abort()
    await asyncio.sleep(0)
    assert under.writes == []
    assert under.aborted
    assert transport.get_extra_info("peername") == ("127.0.0.1", 5000)
