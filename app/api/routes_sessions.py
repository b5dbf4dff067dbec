"""Sign-in: a login and a password give a new token for one more device."""

from __future__ import annotations

from fastapi import APIRouter, Response

from app.api import schemas as s
from app.api.deps import Address, MoveLimit, ServicesDep
from app.api.docs import errors
from app.services.throttle import Budget

router = APIRouter(prefix="/v1/sessions", tags=["players"])
BUDGET = Budget()
MINUTES = int(BUDGET.window.total_seconds() // 60)


@router.post(
    "",
    status_code=201,
    operation_id="createSession",
    dependencies=[MoveLimit],
    summary="Sign in: a new token for this device, given the account's login and password",
    description="The token is shown only in this answer, and is listed among the account's "
    "tokens under `device`. A wrong password and an unknown login are both 401 "
    "`bad_credentials`, with the same body and after about the same time. Failed sign-ins "
    f"are counted per login ({BUDGET.per_login} in {MINUTES} minutes) and per client address "
    f"({BUDGET.per_address} in {MINUTES} minutes) on every instance alike: beyond either, 429 "
    "`rate_limited` with `Retry-After`, even for the right password. A success clears its "
    "login's count.",
    responses=errors(401, 422, 429),
)
async def create_session(
    body: s.SessionIn, services: ServicesDep, address: Address, response: Response
) -> s.SessionOut:
    new = await services.accounts.sign_in(body.login, body.password, body.device, address)
    response.headers["Cache-Control"] = "no-store"
    player = new.player
    return s.SessionOut(
        player=s.PlayerOut(id=player.id, name=player.name, bot=player.bot), token=new.token
    )
