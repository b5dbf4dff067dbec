"""Players: register, who am I, credentials, tokens (a new one, the list, revoking one), and
the bot author's turn list."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Response

from app.api import polling
from app.api import schemas as s
from app.api.deps import (
    Address,
    Caller,
    MoveLimit,
    PollLimit,
    ServicesDep,
    Token,
    token_key,
)
from app.api.docs import OPTIONAL_AUTH, errors
from app.services.players import NewPlayer

router = APIRouter(prefix="/v1/players", tags=["players"])


@router.post(
    "",
    status_code=201,
    operation_id="createPlayer",
    summary="Register a player (a guest account, or a bot account) and get its bearer token",
    description="The token is shown only in this answer; it is the account's first device "
    "token. A guest claims a login and a password later (`PUT /v1/players/me/credentials`) "
    'to sign in from other devices. `"bot": true` makes a bot account, shown as a bot '
    "wherever it is named.",
    responses=errors(422),
)
async def create_player(
    body: s.NewPlayerIn, services: ServicesDep, response: Response
) -> s.NewPlayerOut:
    new = await services.players.register(body.name, body.bot)
    return _new_player_out(new, response)


@router.post(
    "/me/token",
    operation_id="rotateToken",
    dependencies=[MoveLimit],
    summary="Replace the caller's token: a new one now, the old one revoked at once",
    description="Answers with the player and its new token, shown only this once; it stays "
    "the same device's token (its id in the token list). From this "
    "answer on the old token is 401 `unauthorized` on every request and on every instance; "
    "a view stream opened with it ends within its heartbeat (reconnect with the new token and "
    "`Last-Event-ID`). Limited like moves.",
    responses=errors(401, 429),
)
async def rotate_token(token: Token, services: ServicesDep, response: Response) -> s.NewPlayerOut:
    new = await services.players.rotate(token)
    services.limits.carry_over(token_key(token), token_key(new.token))
    return _new_player_out(new, response)


@router.get(
    "/me",
    operation_id="getMe",
    summary="The caller: its name, whether it is a bot account, its login (null for a guest)",
    responses=errors(401),
)
async def get_me(caller: Caller, services: ServicesDep) -> s.MeOut:
    account = await services.accounts.account(caller)
    return s.MeOut(id=account.id, name=account.name, bot=account.bot, login=account.login)


@router.put(
    "/me/credentials",
    operation_id="setCredentials",
    dependencies=[MoveLimit],
    summary="Claim (or change) the caller's login and password",
    description="A guest claims a login and a password with its token alone; an account that "
    "has a password changes either only with `current_password` too (403 `wrong_password` "
    "when it is missing or wrong). A login is unique without regard to case (409 "
    "`login_taken`); a password has at least 8 characters (422 `weak_password`) and is "
    "stored only as an argon2id hash. The caller's tokens stay valid: revoke the ones you "
    "do not trust with `DELETE /v1/players/me/tokens/{token_id}`. Wrong current passwords "
    "are throttled as sign-ins are, and so are claims of a taken login per address (429 "
    "`rate_limited` with `Retry-After`).",
    responses=errors(401, 403, 409, 422, 429),
)
async def set_credentials(
    body: s.CredentialsIn, caller: Caller, services: ServicesDep, address: Address
) -> s.MeOut:
    account = await services.accounts.claim(
        caller, body.login, body.password, body.current_password, address
    )
    return s.MeOut(id=account.id, name=account.name, bot=account.bot, login=account.login)


@router.get(
    "/me/tokens",
    operation_id="listMyTokens",
    response_model=list[s.TokenOut],
    dependencies=[PollLimit],
    summary="The caller's tokens, one per device (never the tokens themselves)",
    description="Oldest first; `current` marks the token of this request. `last_used_at` "
    "is kept to the minute.",
    responses=errors(401, 429),
)
async def list_my_tokens(caller: Caller, token: Token, services: ServicesDep) -> list[s.TokenOut]:
    found = await services.players.tokens(caller, token)
    return [
        s.TokenOut(
            id=t.id,
            device=t.device,
            created_at=t.created_at,
            last_used_at=t.last_used_at,
            current=t.current,
        )
        for t in found
    ]


@router.delete(
    "/me/tokens/{token_id}",
    status_code=204,
    operation_id="revokeToken",
    dependencies=[MoveLimit],
    summary="Revoke one of the caller's tokens (a device lost), its own too",
    description="From this answer on the token is 401 `unauthorized` on every request and "
    "on every instance; its waiting long-polls answer 401 and its open view streams end "
    "within their heartbeat. Another player's token id is 404 `not_found`, as an id that "
    "does not exist.",
    responses=errors(401, 404, 422, 429),
)
async def revoke_token(
    caller: Caller,
    services: ServicesDep,
    token_id: Annotated[str, Path(max_length=36)],
) -> Response:
    await services.players.revoke(caller, token_id)
    return Response(status_code=204)


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


PlayerId = Annotated[str, Path(max_length=40, description="A player's id")]
Limit = Annotated[int, Query(ge=1, le=100)]
Cursor = Annotated[str | None, Query(max_length=300, description="`next_cursor` of a page")]


@router.get(
    "/{player_id}",
    operation_id="getPlayer",
    dependencies=[PollLimit],
    openapi_extra=OPTIONAL_AUTH,
    summary="A player's public profile: its ratings and record per variant",
    description="`ratings` has a variant once the player has a rated game of it; `record` "
    "once it has finished one (rated or not). An unknown id is 404 `not_found`.",
    responses=errors(404, 422, 429),
)
async def get_player(player_id: PlayerId, services: ServicesDep) -> s.ProfileOut:
    found = await services.profiles.profile(player_id)
    return s.ProfileOut(
        id=found.player.id,
        name=found.player.name,
        bot=found.player.bot,
        created_at=found.created_at,
        ratings={
            variant: s.RatingOut(
                rating=r.rating, mu=r.mu, sigma=r.sigma, games=r.games, provisional=r.provisional
            )
            for variant, r in found.ratings.items()
        },
        record={
            variant: s.RecordOut(played=r.played, won=r.won, lost=r.lost)
            for variant, r in found.record.items()
        },
    )


@router.get(
    "/{player_id}/games",
    operation_id="listPlayerGames",
    dependencies=[PollLimit],
    openapi_extra=OPTIONAL_AUTH,
    summary="A player's finished games, newest first, with a cursor",
    description="A game that finishes while a client pages comes before the first page, "
    "never into a later one. An unknown player or variant is 404 `not_found`; a cursor this "
    "service did not give is 422 `validation_error`.",
    responses=errors(404, 422, 429),
)
async def list_player_games(
    player_id: PlayerId,
    services: ServicesDep,
    variant: Annotated[str | None, Query(max_length=40)] = None,
    limit: Limit = 20,
    cursor: Cursor = None,
) -> s.PlayedGamePage:
    items, next_cursor = await services.profiles.games(player_id, variant, limit, cursor)
    return s.PlayedGamePage(
        items=[
            s.PlayedGameOut(
                table_id=g.table_id,
                variant=g.variant,
                finished_at=g.finished_at,
                seats=[
                    s.HistorySeatOut(
                        seat=h.seat,
                        player=None
                        if h.player is None
                        else s.PlayerOut(id=h.player.id, name=h.player.name, bot=h.player.bot),
                        bot=h.bot,
                    )
                    for h in g.seats
                ],
                seat=g.seat,
                result=g.result,  # type: ignore[arg-type]
                rated=g.rated,
                rating_before=g.rating_before,
                rating_after=g.rating_after,
            )
            for g in items
        ],
        next_cursor=next_cursor,
    )


def _new_player_out(new: NewPlayer, response: Response) -> s.NewPlayerOut:
    """A player and its new token: shown this once, never cached."""
    response.headers["Cache-Control"] = "no-store"
    player = new.player
    return s.NewPlayerOut(id=player.id, name=player.name, bot=player.bot, token=new.token)
