"""Bare TCP connections that say little or nothing, for the tests of the connection guard;
and a sample read from the metrics."""

from __future__ import annotations

import asyncio
import contextlib
import time

from tests.e2e.server import Server


class Raw:
    """A bare TCP connection that says little or nothing, and when the server closed it."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.opened = time.monotonic()
        self.closed: float | None = None
        self.answer = b""

    @classmethod
    async def open(cls, server: Server) -> Raw:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        return cls(reader, writer)

    async def watch(self) -> None:
        """Until the server closes the connection: what it sent, and when it closed."""
        with contextlib.suppress(ConnectionError):
            while chunk := await self.reader.read(65536):
                self.answer += chunk
        self.closed = time.monotonic()

    async def dribble(self) -> None:
        """A slowloris: half a request, then one header line every 0.3 s, never the end."""
        with contextlib.suppress(ConnectionError):
            self.writer.write(b"GET /livez HTTP/1.1\r\nHost: kozel\r\n")
            for n in range(1000):
                if self.closed is not None:
                    return
                await asyncio.sleep(0.3)
                self.writer.write(b"X-Slow-%d: 1\r\n" % n)
                await self.writer.drain()

    def close(self) -> None:
        self.writer.close()


def sample(metrics: str, name: str) -> float:
    """The value of the sample `name` (with its labels) in a Prometheus text page; 0 if absent."""
    for line in metrics.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[-1])
    return 0.0
