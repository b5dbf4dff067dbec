"""HEAD wherever GET (RFC 9110 §9.3.2): a HEAD request is routed as the GET of its path and
answered with that response's status and headers, never its body.

The routes declare GET only, so the OpenAPI document lists each read once; this middleware
serves their HEAD. A route that streams (the view stream) asks `requested` and answers with
its headers at once rather than open the stream (and hold one of the caller's streams until
it is collected); any other streaming body is cut off at its next chunk.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

_HEAD = "kozel.head"
"""The scope key that marks a HEAD request routed as GET."""


def requested(request: Request) -> bool:
    """Whether this GET is a HEAD: only the status and headers will be sent."""
    return bool(request.scope.get(_HEAD))


class _Answered(Exception):
    """The headers of a streaming response went out: the rest of it is not wanted."""


class HeadAsGet:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message: Message) -> None:
            if message["type"] == "http.response.start":
                # HEAD again before the server sees the answer: it frames a HEAD's answer
                # without a body (no chunked encoding, no bytes for the Content-Length).
                scope["method"] = "HEAD"
                await send(message)
                await send({"type": "http.response.body", "body": b"", "more_body": False})
            elif message["type"] == "http.response.body" and message.get("more_body", False):
                raise _Answered
            # The body of a whole response (its one message) is dropped.

        # In place, and back once routed: the outer middlewares read the route the router sets
        # on this scope and log the method as it came, and the server reads the method too.
        scope["method"], scope[_HEAD] = "GET", True
        try:
            await self.app(scope, receive, headers_only)
        except _Answered:
            pass
        finally:
            scope["method"] = "HEAD"
            del scope[_HEAD]
