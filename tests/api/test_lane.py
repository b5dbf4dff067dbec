"""The lane (`app/api/lane.py`) answers the plain polls and moves without FastAPI's work per
request: it must answer every request exactly as the routes do, take only the plain form, and
leave everything else (and every refusal of a malformed request) to the routes."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx
import orjson
import pytest

from app.api.acting import PlainMove, plain_move, read_move
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
    async with running(settings) as lane, running(settings, lane=False) as routes:
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


def _requests(route: str, status: str, method: str = "GET") -> float:
    labels = {"route": route, "method": method, "status": status}
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


# Moves


MOVE = [
    (b"authorization", b"Bearer tok"),
    (b"content-type", b"application/json"),
    (b"content-length", b"27"),
]


def _without(name: bytes) -> list[tuple[bytes, bytes]]:
    return [(n, v) for n, v in MOVE if n != name]


def test_the_lane_takes_the_plain_moves() -> None:
    moves = f"/v1/tables/{TABLE}/moves"
    assert plain_move(scope(moves, headers=MOVE, method="POST")) == PlainMove(TABLE, "tok")
    charset = [*_without(b"content-type"), (b"content-type", b"Application/JSON; charset=UTF-8")]
    assert plain_move(scope(moves, headers=charset, method="POST")) == PlainMove(TABLE, "tok")


@pytest.mark.parametrize(
    ("path", "headers", "method"),
    [
        (f"/v1/tables/{TABLE}/moves", MOVE, "GET"),
        (f"/v1/tables/{TABLE}/moves/", MOVE, "POST"),
        (f"/v1/tables/{TABLE}/exchange", MOVE, "POST"),  # a game's own route
        (f"/v1/tables/{TABLE}/messages", MOVE, "POST"),
        ("/v1/tables/not-a-table/moves", MOVE, "POST"),
        (f"/v1/tables/{TABLE}/moves", _without(b"authorization"), "POST"),  # the route's 401
        (f"/v1/tables/{TABLE}/moves", [*MOVE, (b"authorization", b"Bearer b")], "POST"),
        (
            f"/v1/tables/{TABLE}/moves",
            [*_without(b"authorization"), (b"authorization", b"Basic abc")],
            "POST",
        ),
        (f"/v1/tables/{TABLE}/moves", _without(b"content-type"), "POST"),
        (
            f"/v1/tables/{TABLE}/moves",
            [*_without(b"content-type"), (b"content-type", b"text/plain")],
            "POST",
        ),
        (
            f"/v1/tables/{TABLE}/moves",
            [*_without(b"content-type"), (b"content-type", b"application/merge-patch+json")],
            "POST",
        ),
        (f"/v1/tables/{TABLE}/moves", [*MOVE, (b"content-type", b"application/json")], "POST"),
        (f"/v1/tables/{TABLE}/moves", _without(b"content-length"), "POST"),
        (f"/v1/tables/{TABLE}/moves", [*MOVE, (b"transfer-encoding", b"chunked")], "POST"),
    ],
)
def test_any_other_post_goes_to_the_routes(
    path: str, headers: list[tuple[bytes, bytes]], method: str
) -> None:
    assert plain_move(scope(path, headers=headers, method=method)) is None


def test_the_lane_reads_a_body_as_the_route_does() -> None:
    read = read_move(b'{"type": "play", "card": "AS", "expected_version": 4, "move_id": "m"}')
    assert read is not None
    assert read.model_dump(exclude_none=True) == {
        "type": "play",
        "card": "AS",
        "expected_version": 4,
        "move_id": "m",
    }
    unread = [
        b"",
        b"{",
        b"[]",
        b"null",
        b'{"type": "fly"}',
        b'{"type": "play"}',
        b'{"type": "play", "card": "AS", "stray": 1}',
        b"[" * 100_000,
        b"\xff\xfe",
    ]
    for body in unread:
        assert read_move(body) is None, body


def _post(api: Api, client: Client | None, path: str, body: bytes, kind: str) -> Any:
    headers = {"Content-Type": kind}
    if client is not None and client.token:
        headers["Authorization"] = f"Bearer {client.token}"
    return api.http.post(path, content=body, headers=headers)


async def test_the_lane_answers_moves_as_the_routes_do(database_url: str) -> None:
    settings = Settings(database_url=database_url, recheck_interval_s=0.2, **UNLIMITED)
    async with running(settings) as lane, running(settings, lane=False) as routes:
        table_id, players = await human_table(lane)
        moves = f"/v1/tables/{table_id}/moves"
        rng = random.Random(11)
        for _ in range(3):  # past the cut, into the play
            await step(table_id, players, rng)
        seen = [(await p.get(f"/v1/tables/{table_id}/state")).json() for p in players]
        view = next(v for v in seen if v["my_seat"] in v["to_act"])
        acting, version = players[view["my_seat"]], view["version"]
        waiting = players[(view["my_seat"] + 1) % len(players)]
        legal = view["legal_actions"][0]["body"]
        held = {card for v in seen for card in (v.get("my_hand") or [])}
        playable = {a["body"].get("card") for a in view["legal_actions"]}
        unplayable = sorted(held - set(view["my_hand"]) - playable)
        assert unplayable
        stranger = await lane.player("stranger")
        other_table = f"/v1/tables/{'0' * 8}-0000-0000-0000-{'0' * 12}/moves"

        def body(**fields: Any) -> bytes:
            return orjson.dumps(fields)

        json_ = "application/json"
        refused: list[tuple[Client | None, str, bytes, str]] = [
            (acting, moves, body(**legal, expected_version=version - 1), json_),  # 409
            (acting, moves, body(type="play", card=unplayable[0]), json_),  # 422 illegal
            (waiting, moves, body(**legal), json_),  # not this seat's turn
            (stranger, moves, body(**legal), json_),  # 403, not seated
            (Client(lane.http, "no-such-token"), moves, body(**legal), json_),  # 401
            (None, moves, body(**legal), json_),  # 401, through the route
            (acting, other_table, body(**legal), json_),  # 404
            (acting, moves, body(type="cut", position=30), json_),  # the game's own 422
            (acting, moves, b'{"type": "fly"}', json_),  # the route's 422s, body replayed
            (acting, moves, b"{not json", json_),
            (acting, moves, body(**legal, stray=1), json_),
            (acting, moves, body(**legal), "text/plain"),
            (acting, moves, b"", json_),
        ]
        for client, path, content, kind in refused:
            answers = []
            for api in (lane, routes):
                caller = None if client is None else Client(api.http, client.token)
                answers.append(_answer(await _post(api, caller, path, content, kind)))
            assert answers[0] == answers[1], (path, content, kind)
            assert answers[0][0] >= 400, answers[0]
        assert (await acting.get(f"/v1/tables/{table_id}/state")).json()["version"] == version

        # Accepted in one way, the same move again in either gives the same answer; the
        # move id with another body is refused alike.
        first = body(**legal, expected_version=version, move_id="lane-1")
        accepted = _answer(await _post(lane, acting, moves, first, json_))
        assert accepted[0] == 200
        for api in (routes, lane):
            assert _answer(await _post(api, acting, moves, first, json_)) == accepted
        reused = body(**legal, expected_version=version + 7, move_id="lane-1")
        assert _answer(await _post(lane, acting, moves, reused, json_)) == _answer(
            await _post(routes, acting, moves, reused, json_)
        )
        after = (await acting.get(f"/v1/tables/{table_id}/state")).json()
        assert after["version"] > version
        assert (
            accepted[2]
            == (await Client(routes.http, acting.token).get(f"/v1/tables/{table_id}/state")).content
        )


async def test_the_lane_limits_moves_as_the_routes_do(database_url: str) -> None:
    limited = {**UNLIMITED, "rate_moves_per_s": 1e-6}  # a burst of 20, then nothing
    settings = Settings(database_url=database_url, recheck_interval_s=0.2, **limited)
    async with running(settings) as lane, running(settings, lane=False) as routes:
        table_id, _ = await human_table(lane)
        answers = []
        for api in (lane, routes):
            stranger = await api.player("stranger")
            path = f"/v1/tables/{table_id}/moves"
            for _ in range(20):  # each refused (not seated), each counted
                answer = await _post(
                    api, stranger, path, b'{"type": "play_on"}', "application/json"
                )
                assert_problem(answer, 403, "not_seated")
            answers.append(
                _answer(
                    await _post(api, stranger, path, b'{"type": "play_on"}', "application/json")
                )
            )
        assert answers[0] == answers[1]
        assert answers[0][0] == 429


async def test_the_lanes_moves_are_counted_under_their_route(api: Api) -> None:
    table_id, players = await human_table(api)
    template = "/v1/tables/{table_id}/moves"
    before = _requests(template, "200", "POST")
    assert await step(table_id, players, random.Random(2)) is not None
    assert _requests(template, "200", "POST") == before + 1
