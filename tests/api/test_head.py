"""HEAD wherever GET: the status and headers the GET would have, never a body. The OpenAPI
document lists each read once (as GET) and says so."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import StreamingResponse
from starlette.routing import Route
from starlette.types import Message

from app.api.head import HeadAsGet
from app.config import Settings
from tests.api.conftest import UNLIMITED, Api, assert_problem, running
from tests.api.play import human_table

pytestmark = pytest.mark.anyio

PAGES = ["/", "/play", "/static/style.css", "/openapi.json", "/docs"]
COMPARED = ("content-type", "etag", "vary", "cache-control", "content-security-policy")


async def test_head_answers_every_get_with_its_headers_and_no_body(api: Api) -> None:
    table_id, players = await human_table(api)
    document = (await api.http.get("/openapi.json")).json()
    assert all("head" not in operations for operations in document["paths"].values())
    assert "`HEAD` works wherever `GET` does" in document["info"]["description"]
    fill = {
        "{table_id}": table_id,
        "{deal_no}": "1",
        "{variant}": "kozel24",
        "{version}": "1",
        "{player_id}": players[0].id or "",
        "{seek_id}": "no-such-seek",
    }
    paths = []
    for template, operations in document["paths"].items():
        if "get" in operations:
            path = template
            for name, value in fill.items():
                path = path.replace(name, value)
            assert "{" not in path, path
            paths.append(path)
    assert len(paths) >= 10
    for path in [*paths, *PAGES, "/v1/nothing", f"/v1/tables/{table_id[:-1]}x/state"]:
        for client in (players[0], api.anonymous):
            got, head = await client.get(path), await client.head(path)
            assert head.status_code == got.status_code, path
            assert head.content == b"", path
            for name in COMPARED:
                assert head.headers.get(name) == got.headers.get(name), (path, name)


async def test_head_where_get_is_not_allowed_is_405_with_the_methods(api: Api) -> None:
    table_id, players = await human_table(api)
    refused = await players[0].head(f"/v1/tables/{table_id}/moves")
    assert (refused.status_code, refused.headers["allow"], refused.content) == (405, "POST", b"")
    wrong = await players[0].post(f"/v1/tables/{table_id}/state")
    assert assert_problem(wrong, 405, "method_not_allowed")
    assert wrong.headers["allow"] == "GET, HEAD"
    assert (await players[0].delete("/v1/players")).headers["allow"] == "POST"


async def test_head_of_the_view_stream_answers_at_once(database_url: str) -> None:
    """Even with nothing new to send; and the stream it began gives its slot back."""
    settings = Settings(
        database_url=database_url, stream_max_s=60, streams_per_token=1, **UNLIMITED
    )
    async with running(settings) as api:
        table_id, players = await human_table(api)
        path = f"/v1/tables/{table_id}/stream"
        version = (await players[0].get(f"/v1/tables/{table_id}/state")).json()["version"]
        for _ in range(3):
            head = await asyncio.wait_for(players[0].head(path, {"Last-Event-ID": str(version)}), 5)
            assert head.status_code == 200
            assert head.headers["content-type"].startswith("text/event-stream")
            assert "content-length" not in head.headers
            assert head.content == b""


async def test_head_cuts_any_other_streaming_body_off_after_its_headers() -> None:
    """Even where the server never reports the client gone (ASGI 2.4 servers, where a
    streaming response waits for a failed send instead), the body stops at its next chunk."""

    async def forever(_: Request) -> StreamingResponse:
        async def chunks() -> AsyncIterator[bytes]:
            while True:
                yield b"more\n"
                await asyncio.sleep(0.01)

        return StreamingResponse(chunks(), media_type="text/plain")

    app = HeadAsGet(Starlette(routes=[Route("/forever", forever, methods=["GET"])]))
    sent: list[Message] = []

    async def receive() -> Message:
        if not sent:
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.Event().wait()  # never a disconnect
        raise AssertionError

    async def send(message: Message) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.4"},
        "http_version": "1.1",
        "method": "HEAD",
        "scheme": "http",
        "path": "/forever",
        "raw_path": b"/forever",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"kozel")],
        "server": ("kozel", 80),
        "client": ("127.0.0.1", 1234),
    }
    await asyncio.wait_for(app(scope, receive, send), 5)
    assert [m["type"] for m in sent] == ["http.response.start", "http.response.body"]
    assert sent[0]["status"] == 200
    assert (sent[1]["body"], sent[1]["more_body"]) == (b"", False)
    assert scope["method"] == "HEAD"
