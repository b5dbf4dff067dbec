"""Request bodies are small JSON: anything larger than the limit is refused with 413
`payload_too_large` (problem+json) before it is read into memory.

A body with a Content-Length is judged by it; one without (chunked) is counted as it arrives,
and the read that passes the limit raises `TooLarge`. FastAPI reads the body inside the route
and turns any other error of that read into a 400, so `TooLarge` is an HTTP exception (413):
FastAPI passes those on to the problem table as they are.
"""

from __future__ import annotations

import json

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.api.problems import PROBLEM, STATUS, TITLES


class TooLarge(HTTPException):
    def __init__(self, max_bytes: int) -> None:
        super().__init__(STATUS["payload_too_large"], _detail(max_bytes))


class BodyLimit:
    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_bytes):
            await self._refuse(send)
            return
        seen = 0
        started = False

        async def counting_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    raise TooLarge(self.max_bytes)
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counting_receive, tracking_send)
        except TooLarge:
            if not started:
                await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        code = "payload_too_large"
        body = json.dumps(
            {
                "type": f"https://kozel.example/problems/{code}",
                "title": TITLES[code],
                "status": STATUS[code],
                "detail": _detail(self.max_bytes),
                "code": code,
            }
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": STATUS[code],
                "headers": [
                    (b"content-type", PROBLEM.encode()),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def _detail(max_bytes: int) -> str:
    return f"request bodies are limited to {max_bytes} bytes"
