"""A client told to come back in N seconds (`Retry-After`) that waits as told and sends its
next request on the same keep-alive connection, against a real server: it finds the
connection open, or the server told it the connection would close (`Connection: close`) and
closed it; never a connection closed under it for idleness."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.e2e.clients import register
from tests.e2e.server import Server

pytestmark = pytest.mark.anyio

IDLE_TIMEOUT_S = 3.0
"""How long the server keeps a keep-alive connection between requests (the header timeout);
the long-poll cap's `Retry-After: 5` is longer, the polling limit's 1 s well shorter."""


@pytest.fixture
def server(sqlite_url: str, tmp_path: Path) -> Iterator[Server]:
    env = {
        "KOZEL_HEADER_TIMEOUT_S": str(IDLE_TIMEOUT_S),
        "KOZEL_MAX_LONG_POLLS": "1",
        "KOZEL_RATE_POLLS_PER_S": "1",
    }
    running = Server(sqlite_url, tmp_path / "server.log", env).start()
    yield running
    running.stop()


class KeptConnection:
    """One keep-alive connection, used the way a client waiting as told would."""

    def __init__(self, server: Server) -> None:
        self.sock = socket.create_connection(("127.0.0.1", server.port))
        self.sock.settimeout(10)
        self.buffer = b""

    def ask(self, target: str, token: str) -> tuple[bytes, bytes]:
        """The head and body of the answer to `GET target` (its body has a Content-Length)."""
        request = f"GET {target} HTTP/1.1\r\nHost: kozel\r\nAuthorization: Bearer {token}\r\n\r\n"
        self.sock.sendall(request.encode())
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self._read()
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        length = int(_header(head, b"content-length") or b"0")
        while len(self.buffer) < length:
            self.buffer += self._read()
        body, self.buffer = self.buffer[:length], self.buffer[length:]
        return head, body

    def closed_within(self, seconds: float) -> bool:
        """Whether the server closes the connection within `seconds` (sending nothing more)."""
        self.sock.settimeout(seconds)
        try:
            return self.sock.recv(1) == b""
        except TimeoutError:
            return False
        finally:
            self.sock.settimeout(10)

    def _read(self) -> bytes:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise ConnectionError("the server closed the connection under the request")
        return chunk


def _header(head: bytes, name: bytes) -> bytes | None:
    for line in head.split(b"\r\n")[1:]:
        key, _, value = line.partition(b":")
        if key.strip().lower() == name:
            return value.strip()
    return None


def _keeps_connection(head: bytes) -> bool:
    return (_header(head, b"connection") or b"").lower() != b"close"


async def _come_back_as_told(server: Server, target: str, token: str) -> tuple[int, bool]:
    """Ask `target` on a kept connection until the answer is 429, then wait as told and ask
    again on the same connection if the server did not say it would close it. The
    Retry-After, and whether the connection was kept."""
    kept = KeptConnection(server)
    try:
        for _ in range(60):
            head, _ = await asyncio.to_thread(kept.ask, target, token)
            if head.startswith(b"HTTP/1.1 429"):
                break
        else:
            pytest.fail(f"{target} was never refused")
        retry_after = int(_header(head, b"retry-after") or b"0")
        if not _keeps_connection(head):
            # Told so: the connection closes now, not while the client waits.
            assert await asyncio.to_thread(kept.closed_within, 1.0)
            return retry_after, False
        await asyncio.sleep(retry_after)
        head, _ = await asyncio.to_thread(kept.ask, target, token)  # no reset, no close
        assert head.startswith((b"HTTP/1.1 200", b"HTTP/1.1 304", b"HTTP/1.1 429"))
        return retry_after, True
    finally:
        kept.sock.close()


async def test_a_client_that_waits_as_told_finds_its_connection_open_or_closed_cleanly(
    server: Server,
) -> None:
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        player = await register(http, "Вася")
        token = player["Authorization"].removeprefix("Bearer ")
        created = await http.post("/v1/tables", json={"seat": 0}, headers=player)
        table = created.json()
        state = f"/v1/tables/{table['id']}/state"
        params = {"since_version": table["version"], "wait": 20}
        # The one long-poll the instance lets wait.
        holder = asyncio.create_task(http.get(state, params=params))
        for _ in range(50):
            gauge = (await http.get("/metrics")).text
            if "kozel_open_long_polls 1.0" in gauge:
                break
            await asyncio.sleep(0.1)
        try:
            # Beyond the cap: Retry-After 5, longer than the idle timeout.
            long_poll = f"{state}?since_version={table['version']}&wait=20"
            started = time.monotonic()
            assert await _come_back_as_told(server, long_poll, token) == (5, False)
            assert time.monotonic() - started < 3, "not left to the idle timeout"
            # The polling limit: Retry-After 1, well within it.
            assert await _come_back_as_told(server, state, token) == (1, True)
        finally:
            holder.cancel()
