"""The 24-card Kozel's own route: the lone-trump answers of K-9 (`POST …/exchange`).

A route like the shared ones (`routes_play`): it reads the body with the game's wire adapter
and acts through `acting`; the adapter itself knows nothing of routes."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body
from fastapi.responses import Response

from app.api.acting import act
from app.api.deps import Caller, MoveLimit, ServicesDep
from app.api.docs import errors
from app.api.games.kozel24 import ExchangeIn, ViewOut, exchange_command
from app.api.routes_tables import TableId

router = APIRouter(prefix="/v1/tables/{table_id}", tags=["playing"])


@router.post(
    "/exchange",
    response_model=ViewOut,
    operation_id="postExchange",
    dependencies=[MoveLimit],
    summary="The lone trump (K-9): exchange or keep it, or give the partner a card (kozel24)",
    responses=errors(401, 403, 404, 409, 422, 429),
)
async def post_exchange(
    table_id: TableId,
    caller: Caller,
    services: ServicesDep,
    body: Annotated[
        ExchangeIn,
        Body(
            openapi_examples={
                "exchange": {"value": {"decision": "exchange"}},
                "keep": {"value": {"decision": "keep"}},
                "give": {"value": {"give": "10H"}},
            }
        ),
    ],
) -> Response:
    return await act(
        services,
        table_id,
        caller,
        "exchange",
        lambda table, seat: exchange_command(body, seat),
        body,
    )
