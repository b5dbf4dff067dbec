"""A token revoked on one instance (rotated, or a device's revoked by its player) is refused
by the other at once, over one PostgreSQL database: each instance had it remembered, the
revocation comes through LISTEN/NOTIFY (the instances re-check the database only every 30 s
here), and a stream the old token holds open on the other instance ends within its
heartbeat."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.databases import PostgresDatabase
from tests.e2e.clients import register
from tests.e2e.server import Server

pytestmark = pytest.mark.anyio

HEARTBEAT_S = 0.5


@pytest.fixture
def pair(postgres: PostgresDatabase | None, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    if postgres is None:
        pytest.skip("PostgreSQL is not reachable (it is required under CI)")
    postgres.empty()
    env = {"KOZEL_RECHECK_INTERVAL_S": "30", "KOZEL_STREAM_HEARTBEAT_S": str(HEARTBEAT_S)}
    first = Server(postgres.url, tmp_path / "a.log", env).start()
    second = Server(postgres.url, tmp_path / "b.log", env).start()
    yield first, second
    first.stop()
    second.stop()


async def test_a_token_revoked_on_one_instance_is_refused_on_the_other(
    pair: tuple[Server, Server],
) -> None:
    first, second = pair
    async with (
        httpx.AsyncClient(base_url=first.url, timeout=10) as a,
        httpx.AsyncClient(base_url=second.url, timeout=10) as b,
    ):
        old = {"Authorization": (await register(a, "Вася"))["Authorization"]}
        for client in (a, b):  # each instance remembers the token now
            assert (await client.get("/v1/players/me", headers=old)).status_code == 200
        table = (await a.post("/v1/tables", json={"seat": 0}, headers=old)).json()
        async with b.stream("GET", f"/v1/tables/{table['id']}/stream", headers=old) as stream:
            lines = stream.aiter_lines()
            assert (await anext(lines)).startswith("id: ")

            async def drain() -> None:
                async for _ in lines:
                    pass

            following = asyncio.create_task(drain())
            await asyncio.sleep(HEARTBEAT_S * 2)
            assert not following.done()

            rotated = await a.post("/v1/players/me/token", headers=old)
            assert rotated.status_code == 200, rotated.text
            at = time.monotonic()
            new = {"Authorization": f"Bearer {rotated.json()['token']}"}
            assert (await a.get("/v1/players/me", headers=old)).status_code == 401
            while (await b.get("/v1/players/me", headers=old)).status_code != 401:
                assert time.monotonic() - at < 1.0, "the other instance still takes the token"
                await asyncio.sleep(0.02)
            for client in (a, b):
                assert (await client.get("/v1/players/me", headers=new)).status_code == 200
            await asyncio.wait_for(following, HEARTBEAT_S + 2)
            assert time.monotonic() - at < HEARTBEAT_S + 1.5
        again = await b.get(f"/v1/tables/{table['id']}/stream", headers=old)
        assert again.status_code == 401
        assert again.json()["code"] == "unauthorized"


async def test_a_device_token_revoked_on_one_instance_is_refused_on_the_other(
    pair: tuple[Server, Server],
) -> None:
    """A player signed in on two devices revokes the second from the first, through one
    instance; the other instance, which remembers the token and streams a table to it, refuses
    it at once and ends the stream; the first device goes on."""
    first, second = pair
    async with (
        httpx.AsyncClient(base_url=first.url, timeout=10) as a,
        httpx.AsyncClient(base_url=second.url, timeout=10) as b,
    ):
        laptop = {"Authorization": (await register(a, "Вася"))["Authorization"]}
        credentials = {"login": "vasya", "password": "korova-2026"}
        claimed = await a.put("/v1/players/me/credentials", json=credentials, headers=laptop)
        assert claimed.status_code == 200, claimed.text
        signed = await b.post("/v1/sessions", json={**credentials, "device": "phone"})
        assert signed.status_code == 201, signed.text
        phone = {"Authorization": f"Bearer {signed.json()['token']}"}
        for client in (a, b):  # each instance remembers both tokens now
            for device in (laptop, phone):
                assert (await client.get("/v1/players/me", headers=device)).status_code == 200
        table = (await a.post("/v1/tables", json={"seat": 0}, headers=laptop)).json()
        async with b.stream("GET", f"/v1/tables/{table['id']}/stream", headers=phone) as stream:
            lines = stream.aiter_lines()
            assert (await anext(lines)).startswith("id: ")

            async def drain() -> None:
                async for _ in lines:
                    pass

            following = asyncio.create_task(drain())
            await asyncio.sleep(HEARTBEAT_S * 2)
            assert not following.done()

            tokens = (await a.get("/v1/players/me/tokens", headers=laptop)).json()
            assert [t["device"] for t in tokens] == [None, "phone"]
            revoked = await a.delete(f"/v1/players/me/tokens/{tokens[1]['id']}", headers=laptop)
            assert revoked.status_code == 204, revoked.text
            at = time.monotonic()
            assert (await a.get("/v1/players/me", headers=phone)).status_code == 401
            while (await b.get("/v1/players/me", headers=phone)).status_code != 401:
                assert time.monotonic() - at < 1.0, "the other instance still takes the token"
                await asyncio.sleep(0.02)
            for client in (a, b):
                assert (await client.get("/v1/players/me", headers=laptop)).status_code == 200
            await asyncio.wait_for(following, HEARTBEAT_S + 2)
            assert time.monotonic() - at < HEARTBEAT_S + 1.5
        again = await b.get(f"/v1/tables/{table['id']}/stream", headers=phone)
        assert again.status_code == 401
        assert again.json()["code"] == "unauthorized"
