"""Posting an action: the one path of every move, answer, message and resignation, and the
plain form of `POST …/moves` that the lane answers (`plain_move`, `read_move`)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from fastapi.responses import Response
from pydantic import TypeAdapter
from starlette.types import Scope

from app import logs
from app.api import schemas as s
from app.api.deps import Services, bearer_of
from app.api.games import MoveBody, adapter_of
from app.api.problems import ApiProblem
from app.api.responses import RawJSONResponse
from app.api.views import move_key, view_out
from app.domain import codec
from app.domain.errors import IllegalAction
from app.metrics import MOVES
from app.services.players import PlayerInfo
from app.services.playing import CommandOf
from app.services.tables import seat_of


async def act(
    services: Services,
    table_id: str,
    caller: PlayerInfo,
    endpoint: str,
    command: CommandOf,
    body: s.Acting,
) -> Response:
    logs.table_id.set(table_id)
    try:
        table, seat = await services.tables.act(
            table_id, caller, command, body.expected_version, move_key(endpoint, body)
        )
    except Exception as error:
        MOVES.labels(getattr(error, "code", "internal_error")).inc()
        if isinstance(error, IllegalAction):
            await _illegal(services, table_id, caller, error)
        raise
    MOVES.labels("accepted").inc()
    logs.seat.set(seat)
    logs.version.set(table.version)
    return RawJSONResponse(services.views.body(table, seat))


async def answer_move(
    services: Services, table_id: str, caller: PlayerInfo, move: s.Acting
) -> Response:
    """A body of `POST …/moves`, read by the table's game: see the `postMove` operation."""
    return await act(
        services,
        table_id,
        caller,
        "moves",
        lambda table, seat: adapter_of(table.variant).command(move, seat),
        move,
    )


async def _illegal(
    services: Services, table_id: str, caller: PlayerInfo, error: IllegalAction
) -> None:
    """422 `illegal_move` with the legal actions the caller has now."""
    current = await services.tables.get(table_id)
    seat = seat_of(current, caller.id)
    raise ApiProblem(
        "illegal_move",
        str(error),
        current_version=current.version,
        legal_actions=view_out(current, seat)["legal_actions"],
        reason=codec.encode(error.reason),
    ) from None


# The plain form of a move, as the lane reads it


_MOVE_PATH = re.compile(r"/v1/tables/([0-9a-f-]{36})/moves")
_JSON = frozenset({"application/json", "application/json; charset=utf-8"})
_MOVE_BODY: TypeAdapter[s.Acting] = TypeAdapter(MoveBody)
"""The body as the route validates it (FastAPI builds the same adapter of `MoveBody`)."""


@dataclass(frozen=True, slots=True)
class PlainMove:
    """A `POST …/moves` in the plain form the lane answers, before its body is read."""

    table_id: str
    token: str


def plain_move(scope: Scope) -> PlainMove | None:
    """The move `scope` posts, if it is in the plain form: one bearer token, a JSON body of a
    stated length; None for any other request (the route answers it, valid or not)."""
    if scope["type"] != "http" or scope["method"] != "POST":
        return None
    found = _MOVE_PATH.fullmatch(scope["path"])
    if found is None:
        return None
    seen: dict[bytes, str] = {}
    for name, value in scope["headers"]:
        if name in (b"authorization", b"content-type", b"content-length"):
            if name in seen:
                return None
            seen[name] = value.decode("latin-1")
        elif name == b"transfer-encoding":
            return None
    token = bearer_of(seen.get(b"authorization", ""))
    content_type = seen.get(b"content-type", "").lower()
    if token is None or content_type not in _JSON or not seen.get(b"content-length"):
        return None
    return PlainMove(found[1], token)


def read_move(body: bytes) -> s.Acting | None:
    """The body as the route reads it (`json.loads`, then one of the games' moves); None when
    the route must answer it: its own 422, worded as FastAPI words it."""
    try:
        return _MOVE_BODY.validate_python(json.loads(body))
    except Exception:  # not JSON, not a move, nested too deep: the route judges it
        return None
