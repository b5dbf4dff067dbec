"""Bad input gets a 4xx problem+json with a stable code, never a 500, and changes nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.api.conftest import Api, assert_problem
from tests.api.play import human_table

pytestmark = pytest.mark.anyio

BODIES = {
    "deep arrays": b"[" * 30_000 + b"]" * 30_000,
    "deep objects": b'{"a":' * 10_000 + b"1" + b"}" * 10_000,
    "not json": b"{{{",
    "bad utf-8": b'{"name": "\xff\xfe"}',
    "a huge number": b'{"type": "cut", "position": ' + b"9" * 4_000 + b"}",
    "infinity": b'{"type": "cut", "position": 1e309}',
    "a list": b"[1, 2, 3]",
    "null": b"null",
    "empty": b"",
}


@pytest.mark.parametrize("name", sorted(BODIES))
async def test_malformed_bodies(api: Api, name: str) -> None:
    table_id, players = await human_table(api)
    before = (await api.anonymous.get(f"/v1/tables/{table_id}")).json()["version"]
    headers = {"Authorization": f"Bearer {players[0].token}", "content-type": "application/json"}
    for path in ["/v1/players", "/v1/tables", f"/v1/tables/{table_id}/moves"]:
        response = await api.http.post(path, content=BODIES[name], headers=headers)
        assert_problem(response, 422, "validation_error")
    assert (await api.anonymous.get(f"/v1/tables/{table_id}")).json()["version"] == before


async def test_oversized_bodies_are_refused_before_they_are_read(api: Api) -> None:
    big = b'{"name": "' + b"x" * 200_000 + b'"}'
    response = await api.http.post("/v1/players", content=big)
    body = assert_problem(response, 413, "payload_too_large")
    assert "65536" in body["detail"]


async def test_oversized_chunked_bodies_are_refused_as_sized_ones_are(api: Api) -> None:
    """A body without a Content-Length is counted as it arrives (2 MB, in 64 KB chunks)."""

    async def chunks() -> AsyncIterator[bytes]:
        yield b'{"name": "'
        for _ in range(32):
            yield b"x" * 65_536
        yield b'"}'

    response = await api.http.post(
        "/v1/players", content=chunks(), headers={"content-type": "application/json"}
    )
    assert "content-length" not in response.request.headers
    body = assert_problem(response, 413, "payload_too_large")
    assert "65536" in body["detail"]


@pytest.mark.parametrize(
    "params",
    [
        {"wait": "31"},
        {"wait": "-1"},
        {"wait": "nan"},
        {"wait": "inf"},
        {"since_version": "-1", "wait": "1"},
        {"since_version": "99999999999999999999", "wait": "1"},
        {"since_version": "x"},
    ],
)
async def test_absurd_long_poll_parameters(api: Api, params: dict[str, str]) -> None:
    table_id, players = await human_table(api)
    response = await players[0].get(f"/v1/tables/{table_id}/state", **params)
    assert_problem(response, 422, "validation_error")


@pytest.mark.parametrize(
    ("endpoint", "body"),
    [
        ("moves", {"type": "play", "card": "ZZ"}),
        ("moves", {"type": "play", "card": "11H"}),
        ("moves", {"type": "play", "card": ""}),
        ("moves", {"type": "play", "card": "7S"}),  # a card, but not of the 24-card deck (K-2)
        ("moves", {"type": "play", "card": "as"}),
        ("moves", {"type": "play", "card": "A♠"}),
        ("moves", {"type": "play", "card": " AS"}),
        ("exchange", {"give": "ZZ"}),
        ("exchange", {"give": "10h"}),
    ],
)
async def test_codes_that_are_no_card(api: Api, endpoint: str, body: dict[str, object]) -> None:
    table_id, players = await human_table(api)
    response = await players[0].post(f"/v1/tables/{table_id}/{endpoint}", body)
    problem = assert_problem(response, 422, "invalid_card")
    assert repr(body.get("card", body.get("give"))) in problem["detail"]


@pytest.mark.parametrize(
    "body",
    [
        {"type": "play", "card": 12},
        {"type": "play"},
        {"type": "cut", "position": 0},
        {"type": "cut", "position": True},
        {"type": "cut", "position": 5, "expected_version": -3},
        {"type": "cut", "position": 5, "expected_version": 2**40},
        {"type": "cut", "position": 5, "move_id": "x" * 65},
        {"type": "cut", "position": 5, "move_id": "bad id"},
        {"type": "cut", "position": 5, "extra": 1},
    ],
)
async def test_bad_moves(api: Api, body: dict[str, object]) -> None:
    table_id, players = await human_table(api)
    response = await players[0].post(f"/v1/tables/{table_id}/moves", body)
    assert_problem(response, 422, "validation_error")


async def test_messages_unicode_and_length(api: Api) -> None:
    table_id, players = await human_table(api)
    path = f"/v1/tables/{table_id}/messages"
    for text in ["я" * 10_000, "я" * 201, "", "   ", "\n\t "]:
        problem = assert_problem(
            await players[0].post(path, {"text": text}), 422, "invalid_message"
        )
        assert "(K-16)" in problem["detail"]
    assert_problem(await players[0].post(path, {"text": 12}), 422, "validation_error")
    # Well-formed Unicode is fine as such; deal 1 refuses messages (K-16).
    for text in ["🂡 прицеп", "a\u0000b", "\u202eRTL", "\U0001d55c\U0001d560\U0001d56b"]:
        assert_problem(await players[0].post(path, {"text": text}), 409, "messages_disabled")


async def test_unknown_routes_and_methods(api: Api) -> None:
    assert_problem(await api.http.get("/v1/nothing"), 404, "not_found")
    assert_problem(await api.http.delete("/v1/players"), 405, "method_not_allowed")
