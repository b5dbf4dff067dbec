"""The two polls: their answers, and the plain form of them that the lane answers.

Bot authors follow their games by polling: `GET /v1/players/me/turns?wait`, then the view
(`GET …/state`), then the move; simple clients long-poll `GET …/state?since_version&wait`.
The answers are written once, here (`answer_state`, `answer_turns`), and reached two ways:
through their routes (`routes_play.get_state`, `routes_players.list_my_turns`), which are the
OpenAPI operations and take any request FastAPI parses, and through the lane (`app.api.lane`)
for a request in the plain form clients send (`plain_poll`): GET (or HEAD), the parameters as
decimal numbers within their ranges, at most one `Authorization` and `If-None-Match`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from fastapi.responses import Response
from starlette.types import Scope

from app import logs
from app.api.deps import Services, bearer_of
from app.api.responses import FastJSONResponse, RawJSONResponse

MAX_WAIT_S = 30
"""The longest `wait` of either poll (seconds)."""
MAX_VERSION = 2**31 - 1
MAX_TAG = 200
"""The longest `If-None-Match` a poll reads."""


# The answers, whichever way the request came


async def answer_state(
    services: Services,
    table_id: str,
    token: str | None,
    since_version: int | None,
    wait: float,
    if_none_match: str | None,
) -> Response:
    """The caller's view (the public one without a token), long-polled with `since_version`
    and `wait`: see the `getState` operation."""
    caller = None if token is None else await services.players.authenticate(token)
    if since_version is not None and wait > 0:
        table = await services.tables.wait_for_version(table_id, since_version, wait)
        if token is not None:  # a token revoked while it waited is refused too
            await services.players.authenticate(token)
    else:
        table = await services.tables.get(table_id)
    seat = table.lobby.seat_of(caller.id) if caller and table.lobby else None
    headers = {"ETag": view_tag(table.version, seat), "Vary": "Authorization"}
    if table.version == since_version and wait > 0:
        return Response(status_code=304, headers=headers)
    if if_none_match is not None and _matches(if_none_match, headers["ETag"]):
        return Response(status_code=304, headers=headers)
    logs.table_id.set(table_id)
    logs.seat.set(seat)
    logs.version.set(table.version)
    return RawJSONResponse(services.views.body(table, seat), headers=headers)


async def answer_turns(services: Services, token: str, wait: float) -> Response:
    """The caller's tables where it must act now, long-polled with `wait`: see the
    `listMyTurns` operation."""
    caller = await services.players.authenticate(token)
    found = await services.tables.turns(caller, wait)
    if wait > 0:  # a token revoked while it waited is refused too
        await services.players.authenticate(token)
    return FastJSONResponse([{"table_id": t, "version": v} for t, v in found])


def view_tag(version: int, seat: int | None) -> str:
    """The entity tag of a view: each seat sees its own body at a version (its hand, its
    options), and everyone else the public one."""
    return f'"v{version}"' if seat is None else f'"v{version}-s{seat}"'


def _matches(if_none_match: str, tag: str) -> bool:
    """RFC 9110 §13.1.2: `*` matches any current view; otherwise a list of entity tags,
    compared weakly (`W/"v7-s0"` matches `"v7-s0"`)."""
    if if_none_match.strip() == "*":
        return True
    return tag in {candidate.strip().removeprefix("W/") for candidate in if_none_match.split(",")}


# The lane


_STATE_PATH = re.compile(r"/v1/tables/([0-9a-f-]{36})/state")
_TURNS_PATH = "/v1/players/me/turns"
_VERSION = re.compile(r"[0-9]{1,10}")
_SECONDS = re.compile(r"[0-9]{1,2}(?:\.[0-9]{1,6})?")


@dataclass(frozen=True, slots=True)
class PlainPoll:
    """A poll in the plain form the lane answers: its parameters parsed as the route would."""

    operation: str
    """`getState` or `listMyTurns`."""
    table_id: str | None
    token: str | None
    since_version: int | None
    wait: float
    if_none_match: str | None


def plain_poll(scope: Scope) -> PlainPoll | None:
    """The poll `scope` asks for, if it is in the plain form; None for any other request (the
    routes answer it, valid or not)."""
    if scope["type"] != "http" or scope["method"] != "GET":
        return None
    path: str = scope["path"]
    if path == _TURNS_PATH:
        operation, table_id = "listMyTurns", None
    elif (found := _STATE_PATH.fullmatch(path)) is not None:
        operation, table_id = "getState", found[1]
    else:
        return None
    query = _query(scope["query_string"], ("since_version", "wait") if table_id else ("wait",))
    headers = _headers(scope["headers"])
    if query is None or headers is None:
        return None
    token, if_none_match = headers
    since, wait = query.get("since_version"), query.get("wait", "0")
    if since is not None and not (_VERSION.fullmatch(since) and int(since) <= MAX_VERSION):
        return None
    if not (_SECONDS.fullmatch(wait) and float(wait) <= MAX_WAIT_S):
        return None
    if operation == "listMyTurns" and token is None:
        return None  # the route's 401
    return PlainPoll(
        operation,
        table_id,
        token,
        None if since is None else int(since),
        float(wait),
        None if operation == "listMyTurns" else if_none_match,
    )


def _query(raw: bytes, names: tuple[str, ...]) -> dict[str, str] | None:
    """The poll's parameters, each given at most once; None when any name or value is
    escaped (the route decodes it) or a parameter comes twice."""
    found: dict[str, str] = {}
    for pair in raw.decode("latin-1").split("&") if raw else ():
        name, _, value = pair.partition("=")
        if "%" in pair or "+" in pair:
            return None
        if name in names:
            if name in found:
                return None
            found[name] = value
    return found


def _headers(raw: list[tuple[bytes, bytes]]) -> tuple[str | None, str | None] | None:
    """The bearer token and `If-None-Match`, if each comes at most once and the token in the
    plain `Bearer <token>` form; else None."""
    authorization: str | None = None
    if_none_match: str | None = None
    for name, value in raw:
        if name == b"authorization":
            if authorization is not None:
                return None
            authorization = value.decode("latin-1")
        elif name == b"if-none-match":
            if if_none_match is not None or len(value) > MAX_TAG:
                return None
            if_none_match = value.decode("latin-1")
    if authorization is None:
        return None, if_none_match
    token = bearer_of(authorization)
    return None if token is None else (token, if_none_match)
