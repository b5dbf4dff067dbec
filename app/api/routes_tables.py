"""Tables and seats: create, list, read, sit, seat a bot, leave."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Header, Path, Query

from app.api import schemas as s
from app.api.deps import Address, Caller, ServicesDep
from app.api.docs import errors
from app.api.views import table_out
from app.services.tables import NewTableRequest

router = APIRouter(prefix="/v1/tables", tags=["tables"])

TableId = Annotated[str, Path(pattern=r"^[0-9a-f-]{36}$", description="The table's id")]
SeatNo = Annotated[int, Path(ge=0, le=3, description="A seat 0..n-1 of the table")]


@router.post(
    "",
    status_code=201,
    operation_id="createTable",
    summary="Create a table of a game, optionally taking a seat and seating bots",
    description="`variant` is one of `GET /v1/games` (default `kozel24`), `seats` the number "
    "of players where the game allows several, `options` the table's (`move_clock_s`, "
    "`first_dealer`, `rated`) and the game's own (its catalogue entry gives their JSON Schema); an "
    "unknown variant, seat count or option is 422 `invalid_option`. Option names are "
    "snake_case; an option's old camelCase name (the rules file's, e.g. `matchTarget`) is "
    "read as an alias, and one option named both ways is 422 `invalid_option`. Honours "
    "`Idempotency-Key`: the same key from the same player with the same body returns the "
    "table the first request created; with another body it is 409 `idempotency_mismatch`. "
    "The same body is the same request as the server reads it (canonical JSON: sorted keys, "
    "no white space, defaults filled in, options by their snake_case names), so key order, "
    "a default spelled out or an option's old name change nothing.",
    responses=errors(401, 409, 422),
)
async def create_table(
    body: s.NewTableIn,
    caller: Caller,
    services: ServicesDep,
    address: Address,
    idempotency_key: Annotated[
        str | None, Header(min_length=1, max_length=200, alias="Idempotency-Key")
    ] = None,
) -> s.TableOut:
    clock = body.options.move_clock_s
    if "move_clock_s" not in body.options.model_fields_set:
        clock = services.settings.default_move_clock_s  # the operator's default
    asked = NewTableRequest(
        variant=body.variant,
        seats=body.seats,
        options=body.options.game_options(),
        move_clock_s=clock,
        first_dealer=body.options.first_dealer,
        rated=body.options.rated,
        seat=body.seat,
        bots={int(seat): level for seat, level in body.bots.items()},
    )
    table = await services.tables.create(caller, asked, idempotency_key, address)
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
    description="Idempotent for the same caller. The game starts when all four seats are "
    "filled; then seats no longer change (409 `game_started`, and 409 `game_over` once the "
    "game is over). At a rated table, a seat is refused to an account while another account "
    "from the same address holds one (409 `same_address`; docs/security.md).",
    responses=errors(401, 404, 409, 422),
)
async def take_seat(
    table_id: TableId,
    seat: SeatNo,
    caller: Caller,
    services: ServicesDep,
    address: Address,
    body: Annotated[s.SeatIn | None, Body()] = None,
) -> s.TableOut:
    if body is not None and body.bot is not None:
        table = await services.tables.seat_bot(table_id, seat, body.bot, caller)
    else:
        table = await services.tables.sit(table_id, seat, caller, address)
    return table_out(await services.tables.summary(table.id))


@router.delete(
    "/{table_id}/seats/{seat}",
    operation_id="leaveSeat",
    summary="Leave a seat (or remove a bot); during a game a bot takes the seat over (K-18)",
    description="Before the game starts the seat is free again (a seated player may also "
    "remove a bot). During the game the caller leaves its own seat and a `heuristic` bot "
    "plays it to the end (K-18); the game's bots stay (409 `game_started`). Once the game is "
    "over every seat change is 409 `game_over`: the log ends with `game_ended`.",
    responses=errors(401, 403, 404, 409, 422),
)
async def leave_seat(
    table_id: TableId, seat: SeatNo, caller: Caller, services: ServicesDep
) -> s.TableOut:
    table = await services.tables.leave(table_id, seat, caller)
    return table_out(await services.tables.summary(table.id))
