"""An answer that sends its client away for longer than an idle connection stays open closes
its connection.

A connection idle after a response is closed after the header timeout (`header_timeout_s`,
`app.api.connections`). A client told `Retry-After: 5` (the long-poll cap's) that waited as
told and sent its next request on the same keep-alive connection met the server closing that
connection at the same moment: 3,315 resets in 45 s under the long-poll cap. So an answer with
`Retry-After: N` keeps its connection only when the client, back after N seconds with
`MARGIN_S` to spare, finds it still open; any other says `Connection: close`, and the server
closes the connection after it. Either way the client finds what it was told: an open
connection, or one closed cleanly before it comes back.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

MARGIN_S = 1.0
"""A client's lateness, after its Retry-After, that a kept connection allows for."""

_CLOSE = (b"connection", b"close")


class CloseOnLongRetry:
    def __init__(self, app: ASGIApp, idle_timeout_s: float) -> None:
        self.app = app
        self.idle_timeout_s = idle_timeout_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def closing_after_long_retry(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = message.get("headers", [])
                if not self.keeps(headers):
                    message["headers"] = [*headers, _CLOSE]
            await send(message)

        await self.app(scope, receive, closing_after_long_retry)

    def keeps(self, headers: list[tuple[bytes, bytes]]) -> bool:
        """Whether an answer with these headers may keep its connection open."""
        for name, value in headers:
            if name.lower() == b"retry-after":
                # Seconds; a date (this service sends none) is a wait too long to tell.
                seconds = int(value) if value.isdigit() else None
                return seconds is not None and seconds + MARGIN_S <= self.idle_timeout_s
        return True
