"""Players, tokens and authentication."""

from __future__ import annotations

import asyncio
import time

import pytest

from app.config import Settings
from tests.api.conftest import UNLIMITED, Api, Client, assert_problem, running, sse_views

pytestmark = pytest.mark.anyio


async def test_register_returns_the_token_once(api: Api) -> None:
    response = await api.http.post("/v1/players", json={"name": "  Петя  "})
    assert response.status_code == 201
    body = response.json()
    assert body["name"] == "Петя"
    assert len(body["token"]) >= 32
    me = await Client(api.http, body["token"]).get("/v1/players/me")
    assert me.json() == {"id": body["id"], "name": "Петя", "bot": False, "login": None}
    assert "token" not in me.json()


async def test_a_name_is_trimmed_before_its_length_counts(api: Api) -> None:
    response = await api.http.post("/v1/players", json={"name": " " + "я" * 40 + "  "})
    assert response.status_code == 201, response.text
    assert response.json()["name"] == "я" * 40


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, " " + "x" * 41, "tab\there"])
async def test_bad_names_are_refused(api: Api, name: str) -> None:
    response = await api.http.post("/v1/players", json={"name": name})
    assert_problem(response, 422, "validation_error")


async def test_unknown_fields_are_refused(api: Api) -> None:
    response = await api.http.post("/v1/players", json={"name": "a", "admin": True})
    assert_problem(response, 422, "validation_error")


@pytest.mark.parametrize(
    "headers",
    [{}, {"Authorization": "Bearer "}, {"Authorization": "Basic abc"}, {"Authorization": "x"}],
)
async def test_missing_or_malformed_tokens_get_401(api: Api, headers: dict[str, str]) -> None:
    response = await api.http.get("/v1/players/me", headers=headers)
    body = assert_problem(response, 401, "unauthorized")
    assert "token" not in body["detail"].lower() or "Bearer" in body["detail"]
    assert response.headers["www-authenticate"] == "Bearer"


async def test_unknown_token_gets_401(api: Api) -> None:
    response = await Client(api.http, "no-such-token").get("/v1/players/me")
    assert_problem(response, 401, "unauthorized")


async def test_turns_is_empty_without_tables(api: Api) -> None:
    player = await api.player()
    response = await player.get("/v1/players/me/turns")
    assert response.json() == []
    response = await player.get("/v1/players/me/turns", wait="0.2")
    assert response.json() == []
    assert_problem(await player.get("/v1/players/me/turns", wait="31"), 422, "validation_error")


async def test_a_new_token_revokes_the_old_one_at_once(api: Api) -> None:
    player = await api.player()
    old = player.token
    table = await player.post("/v1/tables", {"seat": 0, "bots": {"1": "random"}})
    table_id = table.json()["id"]
    rotated = await player.post("/v1/players/me/token")
    assert rotated.status_code == 200, rotated.text
    assert rotated.headers["cache-control"] == "no-store"
    body = rotated.json()
    assert body["id"] == player.id
    assert body["name"] == "Вася"
    assert len(body["token"]) >= 32
    assert body["token"] != old
    stale, fresh = Client(api.http, old), Client(api.http, body["token"])
    for path in ("/v1/players/me", "/v1/players/me/turns", f"/v1/tables/{table_id}/state"):
        assert_problem(await stale.get(path), 401, "unauthorized")
        assert (await fresh.get(path)).status_code == 200
    assert_problem(await stale.put(f"/v1/tables/{table_id}/seats/2"), 401, "unauthorized")
    assert_problem(await stale.post("/v1/players/me/token"), 401, "unauthorized")
    me = (await fresh.get("/v1/players/me")).json()
    assert (me["id"], me["name"]) == (player.id, "Вася")
    # The new token holds the seat.
    assert (await fresh.get(f"/v1/tables/{table_id}/state")).json()["my_seat"] == 0


async def test_of_two_rotations_of_one_token_one_wins(api: Api) -> None:
    player = await api.player()
    answers = await asyncio.gather(*(player.post("/v1/players/me/token") for _ in range(2)))
    assert sorted(a.status_code for a in answers) == [200, 401]
    (winner,) = (a.json()["token"] for a in answers if a.status_code == 200)
    assert (await Client(api.http, winner).get("/v1/players/me")).status_code == 200


async def test_rotating_is_limited_like_moves_and_does_not_refill_the_budget(
    database_url: str,
) -> None:
    settings = Settings(database_url=database_url, rate_moves_per_s=0.01)
    async with running(settings) as app:
        player = await app.player()
        codes = []
        for _ in range(22):  # each rotation with the token the one before gave
            answer = await player.post("/v1/players/me/token")
            codes.append(answer.status_code)
            if answer.status_code == 200:
                player.token = answer.json()["token"]
        assert codes[:20] == [200] * 20  # the burst of 20, shared along the chain
        limited = await player.post("/v1/players/me/token")
        assert_problem(limited, 429, "rate_limited")
        assert int(limited.headers["retry-after"]) >= 1
        assert (await player.get("/v1/players/me")).status_code == 200


async def test_a_long_poll_of_a_token_revoked_while_it_waits_is_refused(api: Api) -> None:
    player = await api.player()
    table = (await player.post("/v1/tables", {"seat": 0})).json()
    path = f"/v1/tables/{table['id']}/state"
    waits = [
        asyncio.create_task(player.get(path, since_version=table["version"], wait=1)),
        asyncio.create_task(player.get("/v1/players/me/turns", wait=1)),
    ]
    await asyncio.sleep(0.2)
    assert (await player.post("/v1/players/me/token")).status_code == 200
    for answer in await asyncio.gather(*waits):
        assert_problem(answer, 401, "unauthorized")


async def test_a_stream_of_a_revoked_token_ends_within_its_heartbeat(database_url: str) -> None:
    settings = Settings(
        database_url=database_url, stream_heartbeat_s=0.2, stream_max_s=60, **UNLIMITED
    )
    async with running(settings) as app:
        player, watcher = await app.player(), await app.player("Петя")
        table = (await player.post("/v1/tables", {"seat": 0})).json()
        path = f"/v1/tables/{table['id']}/stream"
        # Through the in-process transport a stream's answer arrives when the stream ends.
        streams = [asyncio.create_task(p.get(path)) for p in (player, watcher)]
        await app.gauge_reaches("kozel_open_streams", 2)
        await asyncio.sleep(0.5)  # two heartbeats and a half: a quiet line is sent
        assert (await player.post("/v1/players/me/token")).status_code == 200
        rotated = time.monotonic()
        ended = await asyncio.wait_for(streams[0], 5)
        assert time.monotonic() - rotated < 0.2 + 0.5
        assert ended.status_code == 200
        assert [version for version, _ in sse_views(ended)] == [table["version"]]
        assert ": quiet" in ended.text
        assert not streams[1].done(), "another player's stream goes on"
        streams[1].cancel()
