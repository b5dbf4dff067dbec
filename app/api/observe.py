"""Per-request observation: the request id (from `X-Request-ID` or made), Prometheus request
metrics by route template, and one JSON access-log line. A pure ASGI middleware: it adds no
task or buffering to the request, and little work: it runs for every request, and a polled move
brings several."""

from __future__ import annotations

import itertools
import logging
import re
import secrets
import time
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app import logs
from app.metrics import LATENCY, REQUESTS

access = logging.getLogger("kozel.access")
_SAFE_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")
_PROCESS = secrets.token_hex(8)
_NUMBERS = itertools.count()
_counted: dict[tuple[str, str, int], tuple[Any, Any]] = {}
"""Route templates, methods and statuses are few: each label set's metrics, once looked up."""
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
"""The methods the metrics name; any other a client sends (WebDAV's, say) is `other`, so
that clients cannot multiply the label sets."""


def new_request_id() -> str:
    """32 hex digits, unique among this service's requests: the process's own random half,
    then its count of requests (no system call per request, as a random id would take)."""
    return f"{_PROCESS}{next(_NUMBERS) % 2**64:016x}"


def given_request_id(headers: list[tuple[bytes, bytes]]) -> str:
    for name, value in headers:
        if name == b"x-request-id":
            given = value.decode("latin-1")
            return given if _SAFE_ID.match(given) else ""
    return ""


class Observe:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        rid = given_request_id(scope["headers"]) or new_request_id()
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
            label = method if method in METHODS else "other"
            counted = _counted.get((template, label, status))
            if counted is None:  # the metrics' children, looked up once per label set
                counted = (
                    REQUESTS.labels(template, label, str(status)),
                    LATENCY.labels(template, label),
                )
                _counted[template, label, status] = counted
            counted[0].inc()
            counted[1].observe(elapsed)
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
