"""The request metrics' labels: route templates, the common methods and statuses, a bounded
set whatever clients send."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from starlette.types import Message, Receive, Scope, Send

from app.api.observe import Observe
from app.metrics import REGISTRY

pytestmark = pytest.mark.anyio

TEMPLATE = "/test-only/metrics/{name}"


async def _answer(scope: Scope, receive: Receive, send: Send) -> None:
    scope["route"] = SimpleNamespace(path=TEMPLATE)
    await send({"type": "http.response.start", "status": 405, "headers": []})
    await send({"type": "http.response.body", "body": b""})


async def _request(method: str) -> None:
    scope = {"type": "http", "method": method, "path": "/test-only/metrics/x", "headers": []}

    async def receive() -> Message:
        return {"type": "http.request", "body": b""}

    async def send(message: Message) -> None:
        return None

    await Observe(_answer)(scope, receive, send)


def _count(method: str) -> float:
    labels = {"route": TEMPLATE, "method": method, "status": "405"}
    return REGISTRY.get_sample_value("kozel_http_requests_total", labels) or 0.0


async def test_methods_other_than_the_common_ones_are_counted_as_other() -> None:
    before = {m: _count(m) for m in ("GET", "other", "PROPFIND", "MKCOL")}
    for method in ("GET", "PROPFIND", "MKCOL", "PROPFIND"):
        await _request(method)
    after = {m: _count(m) for m in before}
    assert after["GET"] - before["GET"] == 1
    assert after["other"] - before["other"] == 3
    assert after["PROPFIND"] == after["MKCOL"] == 0
