"""Posting an action: the one path of every move, answer, message and resignation."""

from __future__ import annotations

from fastapi.responses import Response

from app import logs
from app.api import schemas as s
from app.api.deps import Services
from app.api.problems import ApiProblem
from app.api.responses import RawJSONResponse
from app.api.views import move_key, view_out
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
    ) from None
