"""Players: register, who am I, a new token, and the bot author's turn list."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Response

from app.api import polling
from app.api import schemas as s
from app.api.deps import Caller, MoveLimit, PollLimit, ServicesDep, Token, token_key
from app.api.docs import errors

router = APIRouter(prefix="/v1/players", tags=["players"])


@router.post(
    "",
    status_code=201,
    operation_id="createPlayer",
    summary="Register a player and get its bearer token",
    responses=errors(422),
)
async def create_player(
    body: s.NewPlayerIn, services: ServicesDep, response: Response
) -> s.NewPlayerOut:
    new = await services.players.register(body.name)
    response.headers["Cache-Control"] = "no-store"
    return s.NewPlayerOut(id=new.player.id, name=new.player.name, token=new.token)


@router.post(
    "/me/token",
    operation_id="rotateToken",
    dependencies=[MoveLimit],
    summary="Replace the caller's token: a new one now, the old one revoked at once",
    description="Answers with the player and its new token, shown only this once. From this "
    "answer on the old token is 401 `unauthorized` on every request and on every instance; "
    "a view stream opened with it ends within its heartbeat (reconnect with the new token and "
    "`Last-Event-ID`). Limited like moves.",
    responses=errors(401, 429),
)
async def rotate_token(token: Token, services: ServicesDep, response: Response) -> s.NewPlayerOut:
    new = await services.players.rotate(token)
    services.limits.carry_over(token_key(token), token_key(new.token))
    response.headers["Cache-Control"] = "no-store"
    return s.NewPlayerOut(id=new.player.id, name=new.player.name, token=new.token)


@router.get("/me", operation_id="getMe", summary="The caller", responses=errors(401))
async def get_me(caller: Caller) -> s.PlayerOut:
    return s.PlayerOut(id=caller.id, name=caller.name)


@router.get(
    "/me/turns",
    operation_id="listMyTurns",
    response_model=list[s.TurnOut],
    dependencies=[PollLimit],
    summary="The caller's tables where it must act now (long-poll with wait)",
    description="With `wait` (seconds, at most 30) the call returns as soon as the list is "
    "non-empty, or an empty list when the time is up. This is a bot's main loop. An instance "
    "lets a few hundred long-polls wait at once: one more that would have to wait is 429 "
    "`rate_limited` with `Retry-After` at once.",
    responses=errors(401, 422, 429),
)
async def list_my_turns(
    token: Token,
    services: ServicesDep,
    wait: Annotated[float, Query(ge=0, le=polling.MAX_WAIT_S)] = 0,
) -> Response:
    # Most polls never reach this route: the lane answers them (`app.api.lane`).
    return await polling.answer_turns(services, token, wait)
