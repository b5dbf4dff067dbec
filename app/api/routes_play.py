"""Playing: the caller's view (long-poll, ETag), moves, the lone trump, messages, resigning,
the event log and finished deals."""

from __future__ import annotations

from collections.abc import AsyncGenerator
from typing import Annotated

import orjson
from fastapi import APIRouter, Body, Header, Path, Query, Request, Response
from fastapi.responses import JSONResponse, StreamingResponse

from app import logs
from app.api import head, polling
from app.api import schemas as s
from app.api.acting import act, answer_move
from app.api.deps import (
    Caller,
    LimitKey,
    MessageLimit,
    MoveLimit,
    OptionalCaller,
    OptionalToken,
    PollLimit,
    ServicesDep,
)
from app.api.docs import OPTIONAL_AUTH, errors
from app.api.games import ADAPTERS, AnyDealRecord, AnyView, MoveBody
from app.api.limits import holding
from app.api.responses import FastJSONResponse
from app.api.routes_tables import TableId
from app.api.views import deal_record_out
from app.domain.commands import PostMessage, Resign

router = APIRouter(prefix="/v1/tables/{table_id}", tags=["playing"])

ACTION_ERRORS = errors(401, 403, 404, 409, 422, 429)
SSE_EXAMPLE = orjson.dumps(next(iter(ADAPTERS.values())).view_example).decode()


@router.get(
    "/state",
    response_model=AnyView,
    operation_id="getState",
    dependencies=[PollLimit],
    openapi_extra=OPTIONAL_AUTH,
    summary="The caller's view of the table (long-poll with since_version and wait)",
    description="Without a token: the public view (no hand). With `since_version` and `wait` "
    "(seconds, at most 30) the call returns as soon as the version is past `since_version`, "
    "else 304 after `wait`; a `since_version` beyond the table's version answers at once with "
    'the current view. Sends an `ETag` per viewer: `"v<version>-s<seat>"` for a seat, '
    '`"v<version>"` for the public view; `If-None-Match` with that tag (in a list, weak or '
    "not) or `*` gives 304. An instance lets a few hundred long-polls wait at once: one more "
    "that would have to wait is 429 `rate_limited` with `Retry-After` at once.",
    responses={304: {"description": "Not modified"}, **errors(401, 404, 422, 429)},
)
async def get_state(
    table_id: TableId,
    token: OptionalToken,
    services: ServicesDep,
    since_version: Annotated[int | None, Query(ge=0, le=polling.MAX_VERSION)] = None,
    wait: Annotated[float, Query(ge=0, le=polling.MAX_WAIT_S)] = 0,
    if_none_match: Annotated[str | None, Header(max_length=polling.MAX_TAG)] = None,
) -> Response:
    # Most polls never reach this route: the lane answers them (`app.api.lane`).
    return await polling.answer_state(services, table_id, token, since_version, wait, if_none_match)


@router.get(
    "/stream",
    operation_id="streamState",
    dependencies=[PollLimit],
    openapi_extra=OPTIONAL_AUTH,
    summary="The caller's view as a stream of server-sent events, one per new version",
    description="`text/event-stream`: an `event: view` with `id: <version>` and the View as "
    "`data` for the current version and then for every new one; a comment line when the table "
    "is quiet. The stream ends when the game is over, when the server stops, when its token is "
    "revoked (`POST /v1/players/me/token`; within a heartbeat), or after a few minutes: "
    "reconnect with `Last-Event-ID` (or `since_version`) to go on without a gap; one "
    "beyond the table's version starts the stream with the current view. The "
    "same views as `GET …/state` (without a token: the public view). A token (or an address "
    "without one) may hold a few streams open at once; one more is 429 `rate_limited`.",
    responses={
        200: {
            "description": "The stream of views",
            "content": {
                "text/event-stream": {
                    # The body is a stream of text, never one JSON value: a client reads it as
                    # text (or line by line) and parses each event's `data` as a ViewOut.
                    "schema": {
                        "type": "string",
                        "description": "Server-sent events: `id: <version>`, `event: view` and "
                        "`data: <ViewOut as JSON>`, a blank line after each; `: quiet` lines "
                        "between them",
                    },
                    "example": f"id: 57\nevent: view\ndata: {SSE_EXAMPLE}\n\n: quiet\n\n",
                }
            },
        },
        **errors(401, 404, 422, 429),
    },
    response_class=StreamingResponse,
)
async def stream_state(
    request: Request,
    table_id: TableId,
    caller: OptionalCaller,
    token: OptionalToken,
    services: ServicesDep,
    key: LimitKey,
    since_version: Annotated[int | None, Query(ge=0, le=2**31 - 1)] = None,
    last_event_id: Annotated[str | None, Header(max_length=20)] = None,
) -> Response:
    since = since_version if since_version is not None else _event_id(last_event_id)
    await services.tables.get(table_id)  # a table that does not exist is a 404, not a stream
    logs.table_id.set(table_id)
    settings = services.settings
    close = services.limits.open_stream(key)
    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no", "Vary": "Authorization"}
    if head.requested(request):  # the stream's headers (and its limit), without a stream
        close()
        answer = Response(media_type="text/event-stream", headers=headers)
        del answer.headers["content-length"]  # a stream has no length
        return answer

    async def views() -> AsyncGenerator[bytes, None]:
        following = services.tables.follow(
            table_id, since, settings.stream_heartbeat_s, settings.stream_max_s
        )
        async for table in following:
            if token is not None and not await services.players.holds(token):
                return  # the token was revoked: the client reconnects and gets 401
            if table is None:
                yield b": quiet\n\n"
                continue
            seat = table.lobby.seat_of(caller.id) if caller and table.lobby else None
            data = services.views.body(table, seat)
            yield b"id: %d\nevent: view\ndata: %b\n\n" % (table.version, data)

    stream = holding(views(), close)
    return StreamingResponse(stream, media_type="text/event-stream", headers=headers)


def _event_id(value: str | None) -> int:
    """The version a reconnecting stream saw last (`Last-Event-ID`), or -1 for none."""
    if value is None or not value.isdecimal():
        return -1
    return min(int(value), 2**31 - 1)


@router.post(
    "/moves",
    response_model=AnyView,
    operation_id="postMove",
    dependencies=[MoveLimit],
    summary="A move of the table's game: a body of its `legal_actions`",
    description="Every game's actions but the 24-card Kozel's lone-trump answers "
    '(`…/exchange`) are posted here, as `{"type": …, …}` bodies named after the game\'s '
    "rules (kozel24: cut, play a card, claim no queens, play on). Returns the caller's view "
    "after the move. `legal_actions` in the view lists exactly the bodies that are accepted "
    "now.",
    responses=ACTION_ERRORS,
)
async def post_move(
    table_id: TableId,
    caller: Caller,
    services: ServicesDep,
    body: Annotated[
        MoveBody,
        Body(
            openapi_examples={
                "cut": {"value": {"type": "cut", "position": 12}},
                "play": {"value": {"type": "play", "card": "AS", "move_id": "a1b2"}},
                "claim": {"value": {"type": "claim_no_queens"}},
                "play_on": {"value": {"type": "play_on"}},
            }
        ),
    ],
) -> Response:
    # Most moves never reach this route: the lane answers them (`app.api.lane`).
    return await answer_move(services, table_id, caller, body)


@router.post(
    "/messages",
    response_model=AnyView,
    operation_id="postMessage",
    dependencies=[MessageLimit],
    summary="A table message (K-16), seen by the whole table; disabled in deal 1",
    responses=ACTION_ERRORS,
)
async def post_message(
    table_id: TableId, caller: Caller, services: ServicesDep, body: s.MessageIn
) -> Response:
    return await act(
        services,
        table_id,
        caller,
        "messages",
        lambda table, seat: PostMessage(seat, body.text),
        body,
    )


@router.post(
    "/resign",
    response_model=AnyView,
    operation_id="resign",
    dependencies=[MoveLimit],
    summary="The caller's side resigns (K-18 and its like in every game)",
    responses=ACTION_ERRORS,
)
async def resign(
    table_id: TableId,
    caller: Caller,
    services: ServicesDep,
    body: Annotated[s.ResignIn | None, Body()] = None,
) -> Response:
    return await act(
        services, table_id, caller, "resign", lambda table, seat: Resign(seat), body or s.ResignIn()
    )


@router.get(
    "/events",
    operation_id="listEvents",
    dependencies=[PollLimit],
    openapi_extra=OPTIONAL_AUTH,
    summary="The table's log as the caller may see it",
    description="Every seq from `after_seq + 1` on is listed, up to `limit` events and the "
    "table's version. Events of a running deal are redacted for the caller's seat (or for a "
    'spectator); an event it may not see at all is listed as `{"seq", "type": "hidden", '
    '"deal_no", "at", "data": null}`, so a client tells a hidden event from a lost page (a '
    "placeholder shows no more than the view's `version` already does). A finished deal's "
    "events are shown whole, but those of a deal whose record is withheld (403 "
    "`deal_hidden` of `…/deals/{deal_no}`) stay as they were while it ran until the game is "
    "over. Once the game is over every event is shown whole. Read on after "
    "`next_after_seq`, the last seq listed.",
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
            s.EventOut(seq=e.seq, type=e.type, deal_no=e.deal_no, at=e.at, data=e.data)
            for e in page.items
        ],
        next_after_seq=page.next_after_seq,
    )


@router.get(
    "/deals/{deal_no}",
    operation_id="getDeal",
    summary="A finished deal: every hand, the cut, the seed and its commitment, the deck",
    description="The deal as its game records it, with `deck`: the whole card order after "
    "the cut that it was dealt from, so anyone can re-check the shuffle from the seed and "
    "replay the deal. 403 `deal_running` while the deal is being played. 403 `deal_hidden` "
    "while the game runs, for a deal whose rules keep part of it hidden after it ends (B-14: "
    "a deal of Bura ended early by a bura or a declaration shows only its piles and bura "
    "hands; K-9, C32-13: the cards of an exchange; C32-12: a deal voided for four queens): "
    "the problem names the `rule` and tells the deal's `commitment`; the record, seed and "
    "all, is shown once the game is over. Until then the deal's events in `…/events` show "
    "each viewer what they showed it while the deal ran.",
    response_model=AnyDealRecord,
    responses=errors(403, 404, 422),
)
async def get_deal(
    table_id: TableId,
    deal_no: Annotated[int, Path(ge=1, le=10_000)],
    services: ServicesDep,
) -> JSONResponse:
    table, record = await services.tables.deal_record(table_id, deal_no)
    return FastJSONResponse(deal_record_out(table.variant, record))
