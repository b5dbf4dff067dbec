"""Tables and seats: create, list, read, sit, seat a bot, leave."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Header, Path, Query

from app.api import schemas as s
from app.api.deps import Caller, ServicesDep
from app.api.docs import errors
from app.api.views import table_out
from app.services.tables import TableOptions

router = APIRouter(prefix="/v1/tables", tags=["tables"])

TableId = Annotated[str, Path(pattern=r"^[0-9a-f-]{36}$", description="The table's id")]
SeatNo = Annotated[int, Path(ge=0, le=3, description="Seat 0..3")]


@router.post(
    "",
    status_code=201,
    operation_id="createTable",
    summary="Create a table, optionally taking a seat and seating bots",
    description="Honours `Idempotency-Key`: the same key from the same player returns the "
    "table the first request created.",
    responses=errors(401, 409, 422),
)
async def create_table(
    body: s.NewTableIn,
    caller: Caller,
    services: ServicesDep,
    idempotency_key: Annotated[
        str | None, Header(min_length=1, max_length=200, alias="Idempotency-Key")
    ] = None,
) -> s.TableOut:
    clock = body.options.move_clock_s
    if "move_clock_s" not in body.options.model_fields_set:
        clock = services.settings.default_move_clock_s  # the operator's default
    options = TableOptions(
        eggs=body.options.eggs,
        messages=body.options.messages,
        move_clock_s=clock,
        first_dealer=body.options.first_dealer,
    )
    bots: dict[int, str] = {int(seat): level for seat, level in body.bots.items()}
    table = await services.tables.create(
        caller, body.variant, options, body.seat, bots, idempotency_key
    )
    return table_out(await services.tables.summary(table.id))


@router.get(
    "",
    operation_id="listTables",
    summary="List tables, newest first, with a cursor",
    responses=errors(422),
)
async def list_tables(
    services: ServicesDep,
    status: Annotated[str | None, Query(pattern="^(waiting|playing|finished)$")] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    cursor: Annotated[str | None, Query(max_length=200)] = None,
) -> s.TablePage:
    items, next_cursor = await services.tables.summaries(status, limit, cursor)
    return s.TablePage(items=[table_out(item) for item in items], next_cursor=next_cursor)


@router.get(
    "/{table_id}",
    operation_id="getTable",
    summary="A table: seats, status, written totals, version",
    responses=errors(404, 422),
)
async def get_table(table_id: TableId, services: ServicesDep) -> s.TableOut:
    return table_out(await services.tables.summary(table_id))


@router.put(
    "/{table_id}/seats/{seat}",
    operation_id="takeSeat",
    summary='Take a seat (no body) or seat a bot (`{"bot": level}`)',
    description="Idempotent for the same caller. The game starts when all four seats are filled.",
    responses=errors(401, 404, 409, 422),
)
async def take_seat(
    table_id: TableId,
    seat: SeatNo,
    caller: Caller,
    services: ServicesDep,
    body: Annotated[s.SeatIn | None, Body()] = None,
) -> s.TableOut:
    if body is not None and body.bot is not None:
        table = await services.tables.seat_bot(table_id, seat, body.bot, caller)
    else:
        table = await services.tables.sit(table_id, seat, caller)
    return table_out(await services.tables.summary(table.id))


@router.delete(
    "/{table_id}/seats/{seat}",
    operation_id="leaveSeat",
    summary="Leave a seat (or remove a bot) before the game starts",
    responses=errors(401, 403, 404, 409, 422),
)
async def leave_seat(
    table_id: TableId, seat: SeatNo, caller: Caller, services: ServicesDep
) -> s.TableOut:
    table = await services.tables.leave(table_id, seat, caller)
    return table_out(await services.tables.summary(table.id))
