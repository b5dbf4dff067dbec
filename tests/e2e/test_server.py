"""End to end: real uvicorn processes, real HTTP clients, whole games."""

from __future__ import annotations

import asyncio
import random
import signal
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.clients import play_table, register
from tests.e2e.server import Server

pytestmark = pytest.mark.anyio


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> Iterator[Server]:
    running = Server(database_url, tmp_path / "server.log").start()
    yield running
    running.stop()


async def test_four_http_clients_play_whole_games(server: Server) -> None:
    for seed in (1, 2):
        finals = await play_table([server.url], seed, first_dealer=seed % 4)
        results = [view["result"] for view in finals]
        assert all(r == results[0] for r in results)
        assert "goats" in results[0]["titles"]
        assert max(results[0]["written"]) >= 12


async def test_a_restart_mid_deal_loses_nothing(database_url: str, tmp_path: Path) -> None:
    first = Server(database_url, tmp_path / "server.log").start()
    async with httpx.AsyncClient(base_url=first.url, timeout=30) as http:
        auth = await register(http, "solo")
        headers = {"Authorization": auth["Authorization"]}
        bots = {"1": "random", "2": "random", "3": "random"}
        rng = random.Random(3)
        before: dict[str, Any] = {"status": "finished"}
        while before["status"] == "finished":  # a sweep of deal 1 may end a game early: again
            table = (
                await http.post("/v1/tables", json={"seat": 0, "bots": bots}, headers=headers)
            ).json()
            path = f"/v1/tables/{table['id']}/state"
            for _ in range(12):  # into the middle of a deal
                view = (await http.get(path, headers=headers)).json()
                if view["status"] == "finished":
                    break
                action = rng.choice(view["legal_actions"])
                posted = await http.post(
                    f"/v1/tables/{table['id']}/{action['endpoint']}",
                    json=action["body"],
                    headers=headers,
                )
                assert posted.status_code == 200
            before = (await http.get(path, headers=headers)).json()
    first.stop(signal.SIGKILL)
    second = Server(database_url, tmp_path / "server.log").start()
    try:
        async with httpx.AsyncClient(base_url=second.url, timeout=30) as http:
            after = (await http.get(path, headers=headers)).json()
            assert after == before
            while after["status"] != "finished":
                action = rng.choice(after["legal_actions"])
                posted = await http.post(
                    f"/v1/tables/{table['id']}/{action['endpoint']}",
                    json=action["body"],
                    headers=headers,
                )
                assert posted.status_code == 200, posted.text
                after = posted.json()
            assert after["result"]["loser"] in (0, 1)
    finally:
        second.stop()


async def test_a_bot_table_plays_a_whole_game_by_itself(server: Server) -> None:
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
        auth = await register(http, "watcher")
        bots = {"0": "strong", "1": "heuristic", "2": "strong", "3": "random"}
        created = await http.post(
            "/v1/tables", json={"bots": bots}, headers={"Authorization": auth["Authorization"]}
        )
        assert created.status_code == 201
        table_id = created.json()["id"]
        # From here on only reads: the bots play their seats on the server.
        for _ in range(100):
            view = (await http.get(f"/v1/tables/{table_id}/state")).json()
            if view["status"] == "finished":
                break
            await asyncio.sleep(0.2)
        assert view["status"] == "finished"
        assert "goats" in view["result"]["titles"]


async def test_http_details_over_a_real_connection(server: Server) -> None:
    """What an in-process transport could hide: a chunked body counted as it arrives; HEAD
    without a body, and a HEAD of the view stream that holds none of the token's streams."""

    async def chunks() -> AsyncIterator[bytes]:
        yield b'{"name": "'
        for _ in range(32):
            yield b"x" * 65_536
        yield b'"}'

    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        for body in [chunks(), b'{"name": "' + b"x" * 2_000_000 + b'"}']:
            response = await http.post(
                "/v1/players", content=body, headers={"content-type": "application/json"}
            )
            assert response.status_code == 413, response.text
            assert response.json()["code"] == "payload_too_large"
        auth = {"Authorization": (await register(http, "head"))["Authorization"]}
        table = (await http.post("/v1/tables", json={"seat": 0}, headers=auth)).json()
        state = await http.get(f"/v1/tables/{table['id']}/state", headers=auth)
        head = await http.head(f"/v1/tables/{table['id']}/state", headers=auth)
        assert (head.status_code, head.content) == (200, b"")
        assert head.headers["etag"] == state.headers["etag"] == f'"v{table["version"]}-s0"'
        assert head.headers["content-length"] == state.headers["content-length"]
        since = {**auth, "Last-Event-ID": str(table["version"])}  # nothing new to send
        for _ in range(20):  # more than the streams a token may hold open at once
            stream = await http.head(f"/v1/tables/{table['id']}/stream", headers=since)
            assert (stream.status_code, stream.content) == (200, b"")
