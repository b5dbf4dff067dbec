"""Players: register, who am I, and the bot author's turn list."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from app.api import schemas as s
from app.api.deps import Caller, PollLimit, ServicesDep
from app.api.docs import errors

router = APIRouter(prefix="/v1/players", tags=["players"])


@router.post(
    "",
    status_code=201,
    operation_id="createPlayer",
    summary="Register a player and get its bearer token",
    responses=errors(422),
)
async def create_player(body: s.NewPlayerIn, services: ServicesDep) -> s.NewPlayerOut:
    new = await services.players.register(body.name)
    return s.NewPlayerOut(id=new.player.id, name=new.player.name, token=new.token)


@router.get("/me", operation_id="getMe", summary="The caller", responses=errors(401))
async def get_me(caller: Caller) -> s.PlayerOut:
    return s.PlayerOut(id=caller.id, name=caller.name)


@router.get(
    "/me/turns",
    operation_id="listMyTurns",
    dependencies=[PollLimit],
    summary="The caller's tables where it must act now (long-poll with wait)",
    description="With `wait` (seconds, at most 30) the call returns as soon as the list is "
    "non-empty, or an empty list when the time is up. This is a bot's main loop.",
    responses=errors(401, 422, 429),
)
async def list_my_turns(
    caller: Caller,
    services: ServicesDep,
    wait: Annotated[float, Query(ge=0, le=30)] = 0,
) -> list[s.TurnOut]:
    found = await services.tables.turns(caller, wait)
    return [s.TurnOut(table_id=table_id, version=version) for table_id, version in found]
