"""The view stream over real connections to a real server: four players follow a whole game
through their streams alone, one of them reconnecting with `Last-Event-ID` on the way; every
stream ends by itself with the game; a quiet stream sends keep-alive comments."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.clients import register
from tests.e2e.server import Server

pytestmark = pytest.mark.anyio


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> Iterator[Server]:
    running = Server(database_url, tmp_path / "server.log", {"KOZEL_STREAM_HEARTBEAT_S": "0.3"})
    running.start()
    yield running
    running.stop()


async def events(response: httpx.Response) -> AsyncIterator[tuple[str, dict[str, str]]]:
    """The events of a server-sent event stream: ("view", fields) or ("comment", {})."""
    fields: dict[str, str] = {}
    async for line in response.aiter_lines():
        if line.startswith(":"):
            yield "comment", {}
        elif line:
            name, _, value = line.partition(": ")
            fields[name] = value
        elif fields:
            yield fields.get("event", "message"), fields
            fields = {}


async def follow(
    http: httpx.AsyncClient, table_id: str, auth: dict[str, str], rng: random.Random
) -> list[int]:
    """Play one seat from its stream alone until the stream ends; returns the versions seen.
    After its tenth view the client drops the stream and reconnects with `Last-Event-ID`."""
    seen: list[int] = []
    final: dict[str, Any] | None = None
    while final is None:
        headers = {**auth, **({"Last-Event-ID": str(seen[-1])} if seen else {})}
        reconnect = False
        url = f"/v1/tables/{table_id}/stream"
        async with http.stream("GET", url, headers=headers) as response:
            assert response.status_code == 200
            async for kind, fields in events(response):
                if kind != "view":
                    continue
                view = json.loads(fields["data"])
                assert int(fields["id"]) == view["version"]
                seen.append(view["version"])
                if view["status"] == "finished":
                    final = view
                    break
                if view["legal_actions"]:
                    action = rng.choice(view["legal_actions"])
                    posted = await http.post(
                        f"/v1/tables/{table_id}/{action['endpoint']}",
                        json={**action["body"], "expected_version": view["version"]},
                        headers=auth,
                    )
                    assert posted.status_code in (200, 409), posted.text  # 409: a rival decision
                if len(seen) == 10:
                    reconnect = True
                    break
            else:
                raise AssertionError("the stream ended before the game")
        if reconnect:
            continue
    assert final["result"]["loser"] in (0, 1)
    return seen


async def test_four_players_follow_a_whole_game_by_their_streams(server: Server) -> None:
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        auths = [await register(http, f"s{n}") for n in range(4)]
        table = (await http.post("/v1/tables", json={"seat": 0}, headers=auths[0])).json()
        for seat in (1, 2, 3):
            await http.put(f"/v1/tables/{table['id']}/seats/{seat}", headers=auths[seat])
        runs = await asyncio.wait_for(
            asyncio.gather(
                *(follow(http, table["id"], auth, random.Random(n)) for n, auth in enumerate(auths))
            ),
            120,
        )
        final = (await http.get(f"/v1/tables/{table['id']}/state")).json()
    for seen in runs:
        assert seen == sorted(set(seen)), "a version came twice or out of order"
        assert seen[-1] == final["version"]
    assert final["status"] == "finished"


async def test_a_spectator_sees_each_move_as_it_happens_and_no_hand(server: Server) -> None:
    """Watching: a spectator (no token) follows a table of a player and three bots while the
    player moves; each move's version reaches its stream, with the card played on the table
    and none of the cards the player still holds."""
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        auth = await register(http, "watched")
        bots = {"1": "random", "2": "random", "3": "random"}
        body = {"seat": 0, "bots": bots, "options": {"first_dealer": 3}}  # seat 0 leads
        table_id = (await http.post("/v1/tables", json=body, headers=auth)).json()["id"]
        seen: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

        async def watch() -> None:
            async with http.stream("GET", f"/v1/tables/{table_id}/stream") as response:
                async for kind, fields in events(response):
                    if kind == "view":
                        await seen.put(json.loads(fields["data"]))

        watching = asyncio.create_task(watch())
        try:
            for _ in range(4):
                view = (await http.get(f"/v1/tables/{table_id}/state", headers=auth)).json()
                action = view["legal_actions"][0]
                path = f"/v1/tables/{table_id}/{action['endpoint']}"
                after = (await http.post(path, json=action["body"], headers=auth)).json()
                watched = await asyncio.wait_for(seen.get(), 10)
                while watched["version"] < after["version"]:
                    watched = await asyncio.wait_for(seen.get(), 10)
                assert watched["version"] == after["version"]
                assert watched["my_hand"] is None
                assert watched["legal_actions"] == []
                on_view = json.dumps({k: v for k, v in watched.items() if k != "trumps"})
                card = action["body"].get("card")
                if card is not None and watched["deal_no"] == view["deal_no"]:
                    assert f'"{card}"' in on_view, f"the spectator did not see {card} played"
                for held in after["my_hand"]:
                    assert f'"{held}"' not in on_view, f"the spectator saw {held} in a hand"
        finally:
            watching.cancel()


async def test_a_quiet_stream_keeps_the_connection_alive(server: Server) -> None:
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        auth = await register(http, "quiet")
        table = (await http.post("/v1/tables", json={"seat": 0}, headers=auth)).json()
        kinds: list[str] = []
        async with http.stream("GET", f"/v1/tables/{table['id']}/stream") as response:
            async for kind, _ in events(response):
                kinds.append(kind)
                if kinds.count("comment") == 2:
                    break
    assert kinds[0] == "view"  # the waiting table as it is, then only keep-alives
    assert kinds[1:] == ["comment", "comment"]


async def test_open_streams_per_token_are_bounded(database_url: str, tmp_path: Path) -> None:
    limited = Server(database_url, tmp_path / "s.log", {"KOZEL_STREAMS_PER_TOKEN": "2"}).start()
    try:
        async with httpx.AsyncClient(base_url=limited.url, timeout=30) as http:
            auth = await register(http, "many")
            table = (await http.post("/v1/tables", json={"seat": 0}, headers=auth)).json()
            path = f"/v1/tables/{table['id']}/stream"
            other = await register(http, "other")
            async with (
                http.stream("GET", path, headers=auth) as first,
                http.stream("GET", path, headers=auth) as second,
            ):
                assert (first.status_code, second.status_code) == (200, 200)
                third = await http.get(path, headers=auth)
                assert third.status_code == 429
                assert third.headers["content-type"] == "application/problem+json"
                assert third.json()["code"] == "rate_limited"
                assert third.headers["retry-after"]
                async with http.stream("GET", path, headers=other) as own:  # per token
                    assert own.status_code == 200
            for _ in range(50):  # both closed: the token may open streams again
                async with http.stream("GET", path, headers=auth) as again:
                    if again.status_code == 200:
                        break
                await asyncio.sleep(0.1)
            assert again.status_code == 200
    finally:
        limited.stop()
