"""The poll lane (`app/api/polling.py`) answers the plain polls without FastAPI's work per
request: it must answer every request exactly as the routes do, take only the plain form, and
leave everything else (and every refusal of a malformed request) to the routes."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx
import pytest

from app.api.polling import PlainPoll, plain_poll
from app.config import Settings
from app.metrics import REGISTRY
from tests.api.conftest import UNLIMITED, Api, Client, assert_problem, running
from tests.api.play import human_table, step

pytestmark = pytest.mark.anyio

TABLE = "0b9e8d3c-58a4-4ac9-9c37-6a3ae2c5b1f7"
COMPARED = (
    "content-type",
    "content-length",
    "etag",
    "vary",
    "retry-after",
    "www-authenticate",
    "cache-control",
)


def scope(
    path: str,
    query: str = "",
    headers: list[tuple[bytes, bytes]] | None = None,
    method: str = "GET",
) -> dict[str, Any]:
    return {
        "type": "http",
        "method": method,
        "path": path,
        "query_string": query.encode(),
        "headers": headers or [],
    }


BEARER = [(b"authorization", b"Bearer tok")]


def test_the_lane_takes_the_plain_polls() -> None:
    state = f"/v1/tables/{TABLE}/state"
    assert plain_poll(scope(state)) == PlainPoll("getState", TABLE, None, None, 0.0, None)
    taken = plain_poll(
        scope(
            state,
            "since_version=12&wait=29.5&other=x",
            [*BEARER, (b"if-none-match", b'W/"v12-s0"')],
        )
    )
    assert taken == PlainPoll("getState", TABLE, "tok", 12, 29.5, 'W/"v12-s0"')
    turns = plain_poll(scope("/v1/players/me/turns", "wait=30", BEARER))
    assert turns == PlainPoll("listMyTurns", None, "tok", None, 30.0, None)


@pytest.mark.parametrize(
    ("path", "query", "headers", "method"),
    [
        (f"/v1/tables/{TABLE}/state", "", BEARER, "POST"),
        (f"/v1/tables/{TABLE}/state/", "", BEARER, "GET"),  # the router redirects
        (f"/v1/tables/{TABLE}/stream", "", BEARER, "GET"),
        ("/v1/tables/not-a-table/state", "", BEARER, "GET"),
        (f"/v1/tables/{TABLE}/state", "wait=31", BEARER, "GET"),
        (f"/v1/tables/{TABLE}/state", "wait=-1", BEARER, "GET"),
        (f"/v1/tables/{TABLE}/state", "wait=", BEARER, "GET"),
        (f"/v1/tables/{TABLE}/state", "wait=1e1", BEARER, "GET"),
        (f"/v1/tables/{TABLE}/state", "since_version=2147483648", BEARER, "GET"),
        (f"/v1/tables/{TABLE}/state", "since_version=-1", BEARER, "GET"),
        (f"/v1/tables/{TABLE}/state", "since_version=1&since_version=2", BEARER, "GET"),
        (f"/v1/tables/{TABLE}/state", "since%5Fversion=1", BEARER, "GET"),
        (f"/v1/tables/{TABLE}/state", "wait=+1", BEARER, "GET"),
        (f"/v1/tables/{TABLE}/state", "", [(b"authorization", b"Basic abc")], "GET"),
        (f"/v1/tables/{TABLE}/state", "", [(b"authorization", b"Bearer ")], "GET"),
        (f"/v1/tables/{TABLE}/state", "", [(b"authorization", b"Bearer a b")], "GET"),
        (f"/v1/tables/{TABLE}/state", "", [*BEARER, *BEARER], "GET"),
        (f"/v1/tables/{TABLE}/state", "", [(b"if-none-match", b"x" * 201)], "GET"),
        ("/v1/players/me/turns", "wait=1", [], "GET"),  # the route's 401
        ("/v1/players/me/turns", "wait=30.5", BEARER, "GET"),
    ],
)
def test_anything_else_goes_to_the_routes(
    path: str, query: str, headers: list[tuple[bytes, bytes]], method: str
) -> None:
    assert plain_poll(scope(path, query, headers, method)) is None


async def test_the_lane_answers_as_the_routes_do(database_url: str) -> None:
    settings = Settings(database_url=database_url, recheck_interval_s=0.2, **UNLIMITED)
    async with running(settings) as lane, running(settings, poll_lane=False) as routes:
        table_id, players = await human_table(lane)
        await step(table_id, players, random.Random(3))
        state = f"/v1/tables/{table_id}/state"
        seat0 = players[0]
        view = (await seat0.get(state)).json()
        version, acting = view["version"], players[view["to_act"][0]]
        asked: list[tuple[Client | None, str, dict[str, str], dict[str, str]]] = [
            (None, state, {}, {}),
            (seat0, state, {}, {}),
            (seat0, state, {"since_version": str(version - 1), "wait": "5"}, {}),
            (seat0, state, {"since_version": str(version), "wait": "0.2"}, {}),
            (seat0, state, {"since_version": str(version + 5), "wait": "5"}, {}),
            (seat0, state, {}, {"If-None-Match": f'W/"v{version}-s0"'}),
            (seat0, state, {}, {"If-None-Match": '"v1-s0", *'}),
            (seat0, state, {}, {"If-None-Match": f'"v{version}"'}),
            (None, state, {}, {"If-None-Match": f'"v{version}"'}),
            (None, state, {"wait": "31"}, {}),
            (seat0, f"/v1/tables/{'0' * 8}-0000-0000-0000-{'0' * 12}/state", {}, {}),
            (seat0, "/v1/players/me/turns", {}, {}),
            (acting, "/v1/players/me/turns", {"wait": "1"}, {}),
            (seat0, "/v1/players/me/turns", {"wait": "0.2"}, {}),
            (None, "/v1/players/me/turns", {}, {}),
        ]
        for client, path, params, headers in asked:
            answers = []
            for api in (lane, routes):
                caller = Client(api.http) if client is None else Client(api.http, client.token)
                for method in ("GET", "HEAD"):
                    request = caller.get if method == "GET" else caller.head
                    answers.append(_answer(await request(path, headers, **params)))
            assert answers[0] == answers[2], (path, params, headers)
            assert answers[1] == answers[3], (path, params, headers)
            assert answers[1][2] == b""  # HEAD: no body
        unknown = Client(lane.http, "no-such-token")
        assert_problem(await unknown.get(state), 401, "unauthorized")
        assert_problem(await unknown.get("/v1/players/me/turns"), 401, "unauthorized")


def _answer(response: httpx.Response) -> tuple[int, dict[str, str], bytes]:
    headers = {name: response.headers[name] for name in COMPARED if name in response.headers}
    return response.status_code, headers, response.content


def _requests(route: str, status: str) -> float:
    labels = {"route": route, "method": "GET", "status": status}
    return REGISTRY.get_sample_value("kozel_http_requests_total", labels) or 0.0


async def test_the_lanes_requests_are_counted_under_their_routes(api: Api) -> None:
    table_id, players = await human_table(api)
    before = _requests("/v1/tables/{table_id}/state", "200")
    turns_before = _requests("/v1/players/me/turns", "200")
    await players[0].get(f"/v1/tables/{table_id}/state")
    await players[0].get("/v1/players/me/turns")
    assert _requests("/v1/tables/{table_id}/state", "200") == before + 1
    assert _requests("/v1/players/me/turns", "200") == turns_before + 1


async def test_a_long_poll_in_the_lane_is_released_by_the_move(api: Api) -> None:
    table_id, players = await human_table(api)
    view = (await players[0].get(f"/v1/tables/{table_id}/state")).json()
    waiting = asyncio.create_task(
        players[0].get(
            f"/v1/tables/{table_id}/state", since_version=str(view["version"]), wait="10"
        )
    )
    await api.gauge_reaches("kozel_open_long_polls", 1)
    moved = await step(table_id, players, random.Random(5))
    assert moved is not None
    answered = await asyncio.wait_for(waiting, 5)
    assert answered.status_code == 200
    assert answered.json()["version"] > view["version"]
