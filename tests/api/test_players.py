"""Players, tokens and authentication."""

from __future__ import annotations

import pytest

from tests.api.conftest import Api, Client, assert_problem

pytestmark = pytest.mark.anyio


async def test_register_returns_the_token_once(api: Api) -> None:
    response = await api.http.post("/v1/players", json={"name": "  Петя  "})
    assert response.status_code == 201
    body = response.json()
    assert body["name"] == "Петя"
    assert len(body["token"]) >= 32
    me = await Client(api.http, body["token"]).get("/v1/players/me")
    assert me.json() == {"id": body["id"], "name": "Петя"}
    assert "token" not in me.json()


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, "tab\there"])
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
