"""Authorization: every action needs a valid token of a player seated at that table; nobody
acts for a seat they do not hold or reads another table's private view."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from sqlalchemy import text

from tests.api.conftest import Api, Client, assert_problem, sse_views
from tests.api.play import human_table

pytestmark = pytest.mark.anyio

ACTIONS: list[tuple[str, str, Any]] = [
    ("post", "moves", {"type": "cut", "position": 3}),
    ("post", "exchange", {"decision": "keep"}),
    ("post", "messages", {"text": "hi"}),
    ("post", "resign", None),
]
BAD_TOKENS = [
    {},
    {"Authorization": ""},
    {"Authorization": "Bearer"},
    {"Authorization": "Bearer not-a-token"},
    {"Authorization": "Basic dXNlcjpwYXNz"},
    {"Authorization": "Bearer " + "x" * 5000},
]


@pytest.mark.parametrize("headers", BAD_TOKENS)
async def test_actions_refuse_missing_malformed_or_unknown_tokens(
    api: Api, headers: dict[str, str]
) -> None:
    table_id, _players = await human_table(api)
    before = (await api.anonymous.get(f"/v1/tables/{table_id}")).json()["version"]
    for method, endpoint, body in ACTIONS:
        path = f"/v1/tables/{table_id}/{endpoint}"
        response = await api.http.request(method, path, json=body, headers=headers)
        assert_problem(response, 401, "unauthorized")
    for path in ["/v1/players/me", "/v1/players/me/turns", "/v1/tables"]:
        method = "post" if path == "/v1/tables" else "get"
        response = await api.http.request(method, path, json={}, headers=headers)
        assert_problem(response, 401, "unauthorized")
    seat_path = f"/v1/tables/{table_id}/seats/1"
    assert_problem(await api.http.put(seat_path, headers=headers), 401, "unauthorized")
    assert_problem(await api.http.delete(seat_path, headers=headers), 401, "unauthorized")
    assert (await api.anonymous.get(f"/v1/tables/{table_id}")).json()["version"] == before


async def test_a_player_from_elsewhere_cannot_act_or_peek(api: Api) -> None:
    table_id, _players = await human_table(api)
    stranger = await api.player("stranger")
    for method, endpoint, body in ACTIONS:
        response = await stranger.http.request(
            method,
            f"/v1/tables/{table_id}/{endpoint}",
            json=body,
            headers={"Authorization": f"Bearer {stranger.token}"},
        )
        assert_problem(response, 403, "not_seated")
    view = (await stranger.get(f"/v1/tables/{table_id}/state")).json()
    assert view["my_seat"] is None
    assert view["my_hand"] is None
    assert view["legal_actions"] == []
    streamed = sse_views(await stranger.get(f"/v1/tables/{table_id}/stream"))
    assert [v["my_hand"] for _, v in streamed] == [None]
    # Seated at another table: still only the public view here.
    other_id, others = await human_table(api)
    theirs = (await others[0].get(f"/v1/tables/{table_id}/state")).json()
    assert theirs["my_hand"] is None
    assert other_id != table_id


@pytest.mark.parametrize("token", ["not-a-token", "x" * 5000])
async def test_reads_refuse_an_unknown_token_rather_than_show_the_public_view(
    api: Api, token: str
) -> None:
    table_id, _players = await human_table(api)
    headers = {"Authorization": f"Bearer {token}"}
    for path in ["state", "stream", "events"]:
        response = await api.http.get(f"/v1/tables/{table_id}/{path}", headers=headers)
        assert_problem(response, 401, "unauthorized")


async def test_nobody_acts_for_a_seat_they_do_not_hold(api: Api) -> None:
    table_id, players = await human_table(api)
    view = (await players[0].get(f"/v1/tables/{table_id}/state")).json()
    (cutter,) = view["to_act"]
    others = [p for n, p in enumerate(players) if n != cutter]
    for player in others:
        # A move is always made for the caller's own seat: here that seat has nothing to do.
        response = await player.post(f"/v1/tables/{table_id}/moves", {"type": "cut", "position": 3})
        assert_problem(response, 409, "not_your_turn")
    victim = players[cutter]
    thief: Client = others[0]
    assert_problem(await thief.delete(f"/v1/tables/{table_id}/seats/{cutter}"), 403, "not_seated")
    assert (await victim.get(f"/v1/tables/{table_id}/state")).json()["my_seat"] == cutter


async def test_tokens_are_stored_hashed(api: Api) -> None:
    player = await api.player("hash")
    services = api.http._transport.app.state.services  # type: ignore[attr-defined]
    async with services.players._sessions() as session:
        rows = (await session.execute(text("SELECT hash FROM tokens"))).scalars().all()
    assert player.token not in rows
    assert rows == [hashlib.sha256(player.token.encode()).hexdigest()]
