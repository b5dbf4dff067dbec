"""An in-process app on each database, and small helpers for talking to it."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from argon2 import Parameters
from argon2.profiles import CHEAPEST
from fastapi import FastAPI

from app.api.main import create_app
from app.config import Settings


@dataclass
class Client:
    """A player with its token, or a spectator."""

    http: httpx.AsyncClient
    token: str | None = None
    id: str | None = None

    def _headers(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        headers = dict(extra or {})
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        return headers

    async def get(
        self, path: str, headers: dict[str, str] | None = None, **params: Any
    ) -> httpx.Response:
        return await self.http.get(path, params=params, headers=self._headers(headers))

    async def head(
        self, path: str, headers: dict[str, str] | None = None, **params: Any
    ) -> httpx.Response:
        return await self.http.head(path, params=params, headers=self._headers(headers))

    async def post(
        self, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> httpx.Response:
        return await self.http.post(path, json=body, headers=self._headers(headers))

    async def put(self, path: str, body: Any = None) -> httpx.Response:
        return await self.http.put(path, json=body, headers=self._headers())

    async def delete(self, path: str) -> httpx.Response:
        return await self.http.delete(path, headers=self._headers())


@dataclass
class Api:
    http: httpx.AsyncClient
    app: FastAPI | None = None
    """The application itself, when it runs in this process."""

    async def player(self, name: str = "Вася", bot: bool = False) -> Client:
        response = await self.http.post("/v1/players", json={"name": name, "bot": bot})
        assert response.status_code == 201, response.text
        body = response.json()
        return Client(self.http, body["token"], body["id"])

    @property
    def anonymous(self) -> Client:
        return Client(self.http)

    async def gauge_reaches(self, name: str, count: int, within_s: float = 10) -> None:
        """Wait until the gauge `name` of /metrics is at least `count` (e.g.
        `kozel_open_streams`): through the in-process transport nothing of a stream or a
        long-poll is seen before it ends."""
        deadline = time.monotonic() + within_s
        while True:
            text = (await self.http.get("/metrics")).text
            gauge = [line for line in text.splitlines() if line.startswith(f"{name} ")]
            if float(gauge[0].split()[1]) >= count:
                return
            assert time.monotonic() < deadline, f"{name} not at {count}: {gauge}"
            await asyncio.sleep(0.02)


UNLIMITED = {"rate_moves_per_s": 1e6, "rate_messages_per_min": 1e6, "rate_polls_per_s": 1e6}


@asynccontextmanager
async def running(
    settings: Settings,
    lane: bool = True,
    passwords: Parameters | None = CHEAPEST,
    client: tuple[str, int] = ("127.0.0.1", 123),
) -> AsyncIterator[Api]:
    """The app in this process. Its passwords are hashed with argon2's cheapest parameters
    unless `passwords` names others (None: the library's default, as the server runs); the
    requests come from the address `client`."""
    app = create_app(settings, chance=random.Random(7), lane=lane, password_parameters=passwords)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app, client=client)
        async with httpx.AsyncClient(transport=transport, base_url="http://kozel") as http:
            yield Api(http, app)


@pytest.fixture
async def api(database_url: str) -> AsyncIterator[Api]:
    """The app with rate limits out of the way (test_limits.py tests them). Its view streams
    end at once, after the versions they have to send now: through the in-process transport a
    response is read whole (tests/e2e follows streams over a real connection)."""
    settings = Settings(
        database_url=database_url, recheck_interval_s=0.2, stream_max_s=0, **UNLIMITED
    )
    async with running(settings) as app:
        yield app


def sse_views(response: httpx.Response) -> list[tuple[int, dict[str, Any]]]:
    """The `(id, view)` of each `view` event of a server-sent event stream."""
    assert response.headers["content-type"].startswith("text/event-stream"), response.text
    found = []
    for block in response.text.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if fields.get("event") == "view":
            found.append((int(fields["id"]), json.loads(fields["data"])))
    return found


def assert_problem(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body: dict[str, Any] = response.json()
    assert body["code"] == code
    assert body["status"] == status
    assert body["title"]
    assert body["detail"]
    assert body["type"]
    return body
