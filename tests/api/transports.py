"""A transport without a socket, for driving uvicorn's protocol (and ours) in a test."""

from __future__ import annotations

import asyncio
from typing import Any


class Recording(asyncio.Transport):
    """A socket's transport that keeps what is written to it, one item per write."""

    def __init__(self, protocol: asyncio.BaseProtocol | None = None) -> None:
        """With `protocol`, closing tells it the connection is lost, a turn of the loop later
        (as a socket's transport does)."""
        super().__init__()
        self.writes: list[bytes] = []
        self.closed = False
        self.aborted = False
        self._protocol = protocol

    def write(self, data: Any) -> None:
        self.writes.append(bytes(data))

    def close(self) -> None:
        if not self.closed and self._protocol is not None:
            asyncio.get_running_loop().call_soon(self._protocol.connection_lost, None)
        self.closed = True

    def abort(self) -> None:
        self.aborted = True

    def is_closing(self) -> bool:
        return self.closed or self.aborted

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 5000), "sockname": ("127.0.0.1", 8000)}.get(name, default)

    def get_write_buffer_size(self) -> int:
        return 0

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass
