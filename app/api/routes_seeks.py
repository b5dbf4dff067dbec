"""Seeks: find a game (`../shared/api/contract.md`, "Finding a game")."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query

from app.api import polling
from app.api.deps import Caller, MoveLimit, PollLimit, ServicesDep
from app.api.docs import errors
from app.api.schemas.seeks import SeekIn, SeekOut
from app.services.seeks import SeekInfo, SeekRequest
from app.services.tables import NewTableRequest

router = APIRouter(prefix="/v1/seeks", tags=["seeks"])

SeekId = Annotated[str, Path(pattern=r"^[0-9a-f-]{36}$", description="The seek's id")]


@router.post(
    "",
    status_code=201,
    operation_id="createSeek",
    dependencies=[MoveLimit],
    summary="Seek a game: matched into a new table with players of the same seek",
    description="Seeks for the same variant, seat count, options and `rated` are matched into "
    "a new table as soon as there are enough; rated seeks by rating, in a window that widens "
    "with the wait. Seats go to the matched players in a random order (in a team game the "
    "sides are balanced by rating). With `bots_after_s`, seats still empty after that many "
    "seconds go to server bots. A person's seek is matched only with people (and server "
    "bots), a bot account's only with bot accounts (and server bots). A seek expires after "
    "10 minutes. A player has one waiting seek per variant: another is 409 `already_seeking`, "
    "whose `seek_id` names the waiting one. A bot account whose move clock ran out in its "
    "last 3 games is benched for 15 minutes after the last of them: 429 `benched` with "
    "`until` and `Retry-After`. Options are checked as for `POST /v1/tables` (422 "
    "`invalid_option`). Seeks and their cancellations count as moves for the rate limit.",
    responses=errors(401, 409, 422, 429),
)
async def create_seek(body: SeekIn, caller: Caller, services: ServicesDep) -> SeekOut:
    clock = body.options.move_clock_s
    if "move_clock_s" not in body.options.model_fields_set:
        clock = services.settings.default_move_clock_s  # the operator's default
    table = NewTableRequest(
        variant=body.variant,
        seats=body.seats,
        options=body.options.game_options(),
        move_clock_s=clock,
        first_dealer=body.options.first_dealer,
    )
    asked = SeekRequest(table, body.rated, body.bots_after_s)
    return seek_out(await services.seeks.create(caller, asked))


@router.get(
    "/{seek_id}",
    operation_id="getSeek",
    dependencies=[PollLimit],
    summary="The caller's seek; with `wait`, once it is no longer waiting",
    description="With `wait` (seconds, at most 30) a long-poll: it returns as soon as the "
    "seek is `matched` (with `table_id` and `seat`), `cancelled` or `expired`, else as it "
    "is when the time is up.",
    responses=errors(401, 404, 422, 429),
)
async def get_seek(
    seek_id: SeekId,
    caller: Caller,
    services: ServicesDep,
    wait: Annotated[float, Query(ge=0, le=polling.MAX_WAIT_S)] = 0,
) -> SeekOut:
    return seek_out(await services.seeks.get(caller, seek_id, wait))


@router.delete(
    "/{seek_id}",
    operation_id="cancelSeek",
    dependencies=[MoveLimit],
    summary="Cancel a waiting seek",
    description="A seek matched already is 409 `already_matched`; cancelling one that is "
    "cancelled or expired answers it as it is.",
    responses=errors(401, 404, 409, 422),
)
async def cancel_seek(seek_id: SeekId, caller: Caller, services: ServicesDep) -> SeekOut:
    return seek_out(await services.seeks.cancel(caller, seek_id))


def seek_out(seek: SeekInfo) -> SeekOut:
    return SeekOut(
        id=seek.id,
        status=seek.status,  # type: ignore[arg-type]
        variant=seek.variant,
        seats=seek.seats,
        options=seek.options,
        rated=seek.rated,
        bots_after_s=seek.bots_after_s,
        created_at=seek.created_at,
        expires_at=seek.expires_at,
        table_id=seek.table_id,
        seat=seek.seat,
    )
