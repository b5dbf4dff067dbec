"""Again and replay: a rematch of a finished table, and the table as it stood after any
version of its log, every hand face up."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path
from fastapi.responses import JSONResponse

from app.api.deps import Caller, PollLimit, ServicesDep
from app.api.docs import OPTIONAL_AUTH, errors
from app.api.responses import FastJSONResponse
from app.api.routes_tables import TableId
from app.api.schemas.again import RematchOut, ReplayOut
from app.api.views import replay_out

router = APIRouter(prefix="/v1/tables/{table_id}", tags=["again"])


@router.post(
    "/rematch",
    operation_id="askRematch",
    summary="Ask for a rematch of a finished table",
    description="A seated player of a finished table asks. While others have still to ask "
    'the answer is `{"status": "asked"}`; once every seated person has (the server\'s bots '
    "agree), one new table with the same players, options and bots, the first dealer the "
    'seat after this game\'s, and `{"status": "created", "table_id"}`. Asking again changes '
    "nothing; asks raced on several instances make one table. The finished table's views "
    'show `rematch: {"asked": [seats], "table_id"}` (they move on a version with each ask). '
    "403 `not_seated` for anyone else; 409 `game_not_over` while the game has not ended.",
    responses=errors(401, 403, 404, 409, 422),
)
async def ask_rematch(table_id: TableId, caller: Caller, services: ServicesDep) -> RematchOut:
    answer = await services.tables.rematch(table_id, caller)
    return RematchOut(status=answer.status, table_id=answer.table_id)  # type: ignore[arg-type]


@router.get(
    "/replay/{version}",
    operation_id="getReplay",
    dependencies=[PollLimit],
    openapi_extra=OPTIONAL_AUTH,
    summary="A finished table as it stood after `version` events, every hand face up",
    description="The public view of the table's game at that version (the fields of its "
    "`…/state` for a spectator) plus `hands`: every seat's hand, face up. `deals` gives the "
    "versions of each deal (to jump to one), `last_version` the last step, and "
    "`shuffle_check` the server's check of the deal on view from its record (`…/deals/"
    "{deal_no}`): the seed matches the commitment, the deck follows from the seed, the hands "
    "from the deck. 403 `game_running` until the game is over; 422 for a version outside "
    "1..the table's version.",
    response_model=ReplayOut,
    responses=errors(403, 404, 422, 429),
)
async def get_replay(
    table_id: TableId,
    version: Annotated[int, Path(ge=1, le=2**31 - 1, description="A version of the table")],
    services: ServicesDep,
) -> JSONResponse:
    replay = await services.tables.replay(table_id, version)
    return FastJSONResponse(replay_out(replay))
