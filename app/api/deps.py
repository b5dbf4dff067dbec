"""Dependency aliases for the routes: services, the caller, the optional caller."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from app.api.limits import Limits
from app.api.problems import ApiProblem
from app.config import Settings
from app.services.players import PlayerInfo, Players, token_hash
from app.services.tables import Tables


@dataclass(frozen=True, slots=True)
class Services:
    settings: Settings
    players: Players
    tables: Tables
    limits: Limits


async def _services(request: Request) -> Services:
    services: Services = request.app.state.services
    return services


bearer = HTTPBearer(auto_error=False, description="The token from POST /v1/players")


async def _caller(
    services: Annotated[Services, Depends(_services)],
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> PlayerInfo:
    if credentials is None or not credentials.credentials:
        raise ApiProblem("unauthorized", "send Authorization: Bearer <token>")
    return await services.players.authenticate(credentials.credentials)


async def _optional_caller(
    services: Annotated[Services, Depends(_services)],
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> PlayerInfo | None:
    if credentials is None:
        return None
    return await services.players.authenticate(credentials.credentials)


async def limit_key(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> str:
    """Whose limits a request counts against: its token, or its address without one.

    Like every dependency here it is `async`: FastAPI runs a plain `def` dependency in its
    thread pool, a thread hand-off on every request."""
    if credentials is not None and credentials.credentials:
        return "t:" + token_hash(credentials.credentials)
    return "a:" + (request.client.host if request.client else "?")


def _limited(kind: str) -> Callable[..., Awaitable[None]]:
    async def check(
        services: Annotated[Services, Depends(_services)],
        key: Annotated[str, Depends(limit_key)],
    ) -> None:
        services.limits.check(kind, key)

    return check


ServicesDep = Annotated[Services, Depends(_services)]
MoveLimit = Depends(_limited("moves"))
MessageLimit = Depends(_limited("messages"))
PollLimit = Depends(_limited("polling"))
Caller = Annotated[PlayerInfo, Depends(_caller)]
OptionalCaller = Annotated[PlayerInfo | None, Depends(_optional_caller)]
LimitKey = Annotated[str, Depends(limit_key)]
