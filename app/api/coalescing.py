"""A response's head and body leave in one write.

uvicorn writes a response's status line and headers as soon as the application starts the
response, and its body when the application sends it: two writes to the socket for every
answer, each a system call that also wakes the client for half a response. Bot authors poll,
so a move brings several small answers (issue 19). `Coalescing` is the connection's transport
for the protocol: what is written during one turn of the event loop leaves together at the end
of it (`loop.call_soon`), so a head and the body sent right after it make one write. A
streamed body goes out chunk by chunk as before, each at the end of the turn that wrote it.

Closing or aborting the connection, and handing it to another protocol, go to the transport
itself; a close sends what is held first, an abort drops it with the rest of the buffer.
"""

from __future__ import annotations

import asyncio
from typing import Any


class Coalescing(asyncio.Transport):
    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self._transport = transport
        self._loop = loop
        self._held: list[bytes] = []

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not self._held:
            self._loop.call_soon(self._flush)
        self._held.append(bytes(data))

    def writelines(self, list_of_data: Any) -> None:
        for data in list_of_data:
            self.write(data)

    def _flush(self) -> None:
        if self._held and not self._transport.is_closing():
            self._transport.write(b"".join(self._held))
        self._held.clear()

    def close(self) -> None:
        self._flush()
        self._transport.close()

    def abort(self) -> None:
        self._held.clear()
        self._transport.abort()

    def write_eof(self) -> None:
        self._flush()
        self._transport.write_eof()

    def can_write_eof(self) -> bool:
        return self._transport.can_write_eof()

    def is_closing(self) -> bool:
        return self._transport.is_closing()

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self._transport.get_extra_info(name, default)

    def get_write_buffer_size(self) -> int:
        return self._transport.get_write_buffer_size() + sum(map(len, self._held))

    def get_write_buffer_limits(self) -> tuple[int, int]:
        return self._transport.get_write_buffer_limits()

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        self._transport.set_write_buffer_limits(high, low)

    def is_reading(self) -> bool:
        return self._transport.is_reading()

    def pause_reading(self) -> None:
        self._transport.pause_reading()

    def resume_reading(self) -> None:
        self._transport.resume_reading()

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        self._flush()
        self._transport.set_protocol(protocol)

    def get_protocol(self) -> asyncio.BaseProtocol:
        return self._transport.get_protocol()
