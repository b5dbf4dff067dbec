"""Per-request observation: the request id (from `X-Request-ID` or made), Prometheus request
metrics by route template, and one JSON access-log line. A pure ASGI middleware: it adds no
task or buffering to the request."""

from __future__ import annotations

import logging
import re
import time
import uuid
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app import logs
from app.metrics import LATENCY, REQUESTS

access = logging.getLogger("kozel.access")
_SAFE_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")


class Observe:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = dict(scope["headers"]).get(b"x-request-id", b"").decode("latin-1")
        rid = given if _SAFE_ID.match(given) else uuid.uuid4().hex
        tokens = (
            logs.request_id.set(rid),
            logs.table_id.set(None),
            logs.seat.set(None),
            logs.version.set(None),
        )
        status = 500
        started = time.perf_counter()

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [*message.get("headers", []), (b"x-request-id", rid.encode())]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            elapsed = time.perf_counter() - started
            route: Any = scope.get("route")
            template = getattr(route, "path", None) or "unmatched"
            method = scope["method"]
            REQUESTS.labels(template, method, str(status)).inc()
            LATENCY.labels(template, method).observe(elapsed)
            access.info(
                "request",
                extra={
                    "method": method,
                    "route": template,
                    "status": status,
                    "duration_ms": round(elapsed * 1000, 2),
                },
            )
            logs.request_id.reset(tokens[0])
            logs.table_id.reset(tokens[1])
            logs.seat.reset(tokens[2])
            logs.version.reset(tokens[3])
