"""Playing: the caller's view (long-poll, ETag), moves, the lone trump, messages, resigning,
the event log and finished deals."""

from __future__ import annotations

import weakref
from collections.abc import AsyncIterator, Callable
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Body, Header, Path, Query, Response
from fastapi.responses import JSONResponse, StreamingResponse

from app import logs
from app.api import schemas as s
from app.api.deps import (
    Caller,
    LimitKey,
    MessageLimit,
    MoveLimit,
    OptionalCaller,
    PollLimit,
    ServicesDep,
)
from app.api.docs import errors
from app.api.problems import ApiProblem
from app.api.responses import FastJSONResponse
from app.api.routes_tables import TableId
from app.api.views import deal_record, exchange_command, move_command, view_out
from app.domain import kozel24 as k
from app.domain.errors import IllegalAction
from app.metrics import MOVES
from app.services.players import PlayerInfo
from app.services.tables import seat_of

router = APIRouter(prefix="/v1/tables/{table_id}", tags=["playing"])

ACTION_ERRORS = errors(401, 403, 404, 409, 422, 429)
OPTIONAL_AUTH: dict[str, Any] = {"security": [{}, {"HTTPBearer": []}]}
"""Public reads: a token is optional (it adds the caller's private view)."""


@router.get(
    "/state",
    response_model=s.ViewOut,
    operation_id="getState",
    dependencies=[PollLimit],
    openapi_extra=OPTIONAL_AUTH,
    summary="The caller's view of the table (long-poll with since_version and wait)",
    description="Without a token: the public view (no hand). With `since_version` and `wait` "
    "(seconds, at most 30) the call returns as soon as the version is past `since_version`, "
    'else 304 after `wait`. Sends `ETag: "v<version>"`; `If-None-Match` gives 304.',
    responses={304: {"description": "Not modified"}, **errors(401, 404, 422, 429)},
)
async def get_state(
    table_id: TableId,
    caller: OptionalCaller,
    services: ServicesDep,
    since_version: Annotated[int | None, Query(ge=0, le=2**31 - 1)] = None,
    wait: Annotated[float, Query(ge=0, le=30)] = 0,
    if_none_match: Annotated[str | None, Header(max_length=200)] = None,
) -> Response:
    if since_version is not None and wait > 0:
        table = await services.tables.wait_for_version(table_id, since_version, wait)
        if table.version <= since_version:
            return _not_modified(table.version)
    else:
        table = await services.tables.get(table_id)
    if if_none_match is not None and f'"v{table.version}"' in if_none_match:
        return _not_modified(table.version)
    seat = table.lobby.seat_of(caller.id) if caller and table.lobby else None
    logs.table_id.set(table_id)
    logs.seat.set(seat)
    logs.version.set(table.version)
    headers = {"ETag": f'"v{table.version}"', "Vary": "Authorization"}
    return FastJSONResponse(view_out(table, seat), headers=headers)


@router.get(
    "/stream",
    operation_id="streamState",
    dependencies=[PollLimit],
    openapi_extra=OPTIONAL_AUTH,
    summary="The caller's view as a stream of server-sent events, one per new version",
    description="`text/event-stream`: an `event: view` with `id: <version>` and the View as "
    "`data` for the current version and then for every new one; a comment line when the table "
    "is quiet. The stream ends when the game is over, when the server stops, or after a few "
    "minutes: reconnect with `Last-Event-ID` (or `since_version`) to go on without a gap. The "
    "same views as `GET …/state` (without a token: the public view). A token (or an address "
    "without one) may hold a few streams open at once; one more is 429 `rate_limited`.",
    responses={
        200: {
            "description": "The stream of views",
            "content": {
                "text/event-stream": {
                    # One event (OpenAPI 3.1 tools read `schema` as the schema of each event).
                    "schema": {
                        "type": "object",
                        "required": ["event", "id", "data"],
                        "properties": {
                            "event": {"const": "view"},
                            "id": {"type": "string", "pattern": "^[0-9]+$"},
                            "data": {
                                "type": "string",
                                "contentMediaType": "application/json",
                                "contentSchema": {"$ref": "#/components/schemas/ViewOut"},
                            },
                        },
                    },
                    "example": 'id: 57\nevent: view\ndata: {"table_id": "…", "version": 57, '
                    '"status": "playing", "legal_actions": []}\n\n: quiet\n\n',
                }
            },
        },
        **errors(401, 404, 422, 429),
    },
    response_class=StreamingResponse,
)
async def stream_state(
    table_id: TableId,
    caller: OptionalCaller,
    services: ServicesDep,
    key: LimitKey,
    since_version: Annotated[int | None, Query(ge=0, le=2**31 - 1)] = None,
    last_event_id: Annotated[str | None, Header(max_length=20)] = None,
) -> StreamingResponse:
    since = since_version if since_version is not None else _event_id(last_event_id)
    await services.tables.get(table_id)  # a table that does not exist is a 404, not a stream
    logs.table_id.set(table_id)
    settings = services.settings
    close = services.limits.open_stream(key)

    async def views() -> AsyncIterator[bytes]:
        following = services.tables.follow(
            table_id, since, settings.stream_heartbeat_s, settings.stream_max_s
        )
        async for table in following:
            if table is None:
                yield b": quiet\n\n"
                continue
            seat = table.lobby.seat_of(caller.id) if caller and table.lobby else None
            data = orjson.dumps(view_out(table, seat))
            yield b"id: %d\nevent: view\ndata: %b\n\n" % (table.version, data)

    stream = views()
    weakref.finalize(stream, close)  # however the stream ends, even if it never started
    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no", "Vary": "Authorization"}
    return StreamingResponse(stream, media_type="text/event-stream", headers=headers)


def _event_id(value: str | None) -> int:
    """The version a reconnecting stream saw last (`Last-Event-ID`), or -1 for none."""
    if value is None or not value.isdecimal():
        return -1
    return min(int(value), 2**31 - 1)


def _not_modified(version: int) -> Response:
    return Response(status_code=304, headers={"ETag": f'"v{version}"', "Vary": "Authorization"})


async def _act(
    services: ServicesDep,
    table_id: str,
    caller: PlayerInfo,
    command: Callable[[int], k.Command],
    body: s.Acting,
) -> JSONResponse:
    logs.table_id.set(table_id)
    try:
        table, seat = await services.tables.act(
            table_id, caller, command, body.expected_version, body.move_id
        )
    except Exception as error:
        MOVES.labels(getattr(error, "code", "internal_error")).inc()
        if isinstance(error, IllegalAction):
            await _illegal(services, table_id, caller, error)
        raise
    MOVES.labels("accepted").inc()
    logs.seat.set(seat)
    logs.version.set(table.version)
    return FastJSONResponse(view_out(table, seat))


async def _illegal(
    services: ServicesDep, table_id: str, caller: PlayerInfo, error: IllegalAction
) -> None:
    """422 `illegal_move` with the legal actions the caller has now."""
    current = await services.tables.get(table_id)
    seat = seat_of(current, caller.id)
    raise ApiProblem(
        "illegal_move",
        str(error),
        current_version=current.version,
        legal_actions=view_out(current, seat)["legal_actions"],
    ) from None


@router.post(
    "/moves",
    response_model=s.ViewOut,
    operation_id="postMove",
    dependencies=[MoveLimit],
    summary="Cut, play a card, claim no queens, or play on",
    description="Returns the caller's view after the move. `legal_actions` in the view lists "
    "exactly the bodies that are accepted now.",
    responses=ACTION_ERRORS,
)
async def post_move(
    table_id: TableId,
    caller: Caller,
    services: ServicesDep,
    body: Annotated[
        s.MoveIn,
        Body(
            openapi_examples={
                "cut": {"value": {"type": "cut", "position": 12}},
                "play": {"value": {"type": "play", "card": "AS", "move_id": "a1b2"}},
                "claim": {"value": {"type": "claim_no_queens"}},
                "play_on": {"value": {"type": "play_on"}},
            }
        ),
    ],
) -> JSONResponse:
    return await _act(services, table_id, caller, lambda seat: move_command(body, seat), body)


@router.post(
    "/exchange",
    response_model=s.ViewOut,
    operation_id="postExchange",
    dependencies=[MoveLimit],
    summary="The lone trump (K-9): exchange or keep it, or give the partner a card",
    responses=ACTION_ERRORS,
)
async def post_exchange(
    table_id: TableId,
    caller: Caller,
    services: ServicesDep,
    body: Annotated[
        s.DecisionIn | s.GiveIn,
        Body(
            openapi_examples={
                "exchange": {"value": {"decision": "exchange"}},
                "keep": {"value": {"decision": "keep"}},
                "give": {"value": {"give": "10H"}},
            }
        ),
    ],
) -> JSONResponse:
    return await _act(services, table_id, caller, lambda seat: exchange_command(body, seat), body)


@router.post(
    "/messages",
    response_model=s.ViewOut,
    operation_id="postMessage",
    dependencies=[MessageLimit],
    summary="A table message (K-16), seen by the whole table; disabled in deal 1",
    responses=ACTION_ERRORS,
)
async def post_message(
    table_id: TableId, caller: Caller, services: ServicesDep, body: s.MessageIn
) -> JSONResponse:
    return await _act(services, table_id, caller, lambda seat: k.PostMessage(seat, body.text), body)


@router.post(
    "/resign",
    response_model=s.ViewOut,
    operation_id="resign",
    dependencies=[MoveLimit],
    summary="The caller's team resigns (K-18)",
    responses=ACTION_ERRORS,
)
async def resign(
    table_id: TableId,
    caller: Caller,
    services: ServicesDep,
    body: Annotated[s.ResignIn | None, Body()] = None,
) -> JSONResponse:
    return await _act(services, table_id, caller, k.Resign, body or s.ResignIn())


@router.get(
    "/events",
    operation_id="listEvents",
    dependencies=[PollLimit],
    openapi_extra=OPTIONAL_AUTH,
    summary="The table's log as the caller may see it",
    description="Events of a running deal are redacted for the caller's seat (or for a "
    "spectator); events it may not see at all are left out. A finished deal's events are "
    "shown whole.",
    responses=errors(401, 404, 422, 429),
)
async def list_events(
    table_id: TableId,
    caller: OptionalCaller,
    services: ServicesDep,
    after_seq: Annotated[int, Query(ge=0, le=2**31 - 1)] = 0,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> s.EventPage:
    page = await services.tables.log(table_id, caller, after_seq, limit)
    return s.EventPage(
        items=[
            s.EventOut(seq=e.seq, type=e.type, deal_no=e.deal_no, at=e.at, data=data)
            for e, data in page.items
        ],
        next_after_seq=page.next_after_seq,
    )


@router.get(
    "/deals/{deal_no}",
    operation_id="getDeal",
    summary="A finished deal: every hand, the cut, the seed and its commitment",
    description="403 `deal_running` while the deal is being played.",
    responses=errors(403, 404, 422),
)
async def get_deal(
    table_id: TableId,
    deal_no: Annotated[int, Path(ge=1, le=10_000)],
    services: ServicesDep,
) -> s.DealRecordOut:
    return deal_record(await services.tables.deal_events(table_id, deal_no))
