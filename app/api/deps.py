"""Dependency aliases for the routes: services, the caller, the optional caller, the client's
address."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from app.api.limits import Limits
from app.api.problems import ApiProblem
from app.api.view_cache import RenderedViews
from app.config import Settings
from app.services.accounts import Accounts
from app.services.players import PlayerInfo, Players, token_hash
from app.services.profiles import Profiles
from app.services.seeks import Seeks
from app.services.tables import Tables
from app.services.throttle import address_key


@dataclass(frozen=True, slots=True)
class Services:
    settings: Settings
    players: Players
    accounts: Accounts
    tables: Tables
    seeks: Seeks
    limits: Limits
    views: RenderedViews
    profiles: Profiles


def services_of(request: Request) -> Services:
    services: Services = request.app.state.services
    return services


async def _services(request: Request) -> Services:
    return services_of(request)


bearer = HTTPBearer(auto_error=False, description="The token from POST /v1/players")
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]

# Each dependency below reads the services from the request itself rather than through
# `Depends(_services)`: FastAPI resolves every dependency of a request afresh (its cache key,
# its parameters): a move request resolved eight of them, five now.


async def _token(credentials: Credentials) -> str:
    if credentials is None or not credentials.credentials:
        raise ApiProblem("unauthorized", "send Authorization: Bearer <token>")
    return credentials.credentials


async def _optional_token(credentials: Credentials) -> str | None:
    return credentials.credentials if credentials is not None else None


async def _caller(request: Request, credentials: Credentials) -> PlayerInfo:
    if credentials is None or not credentials.credentials:
        raise ApiProblem("unauthorized", "send Authorization: Bearer <token>")
    return await services_of(request).players.authenticate(credentials.credentials)


async def _optional_caller(request: Request, credentials: Credentials) -> PlayerInfo | None:
    if credentials is None:
        return None
    return await services_of(request).players.authenticate(credentials.credentials)


async def limit_key(request: Request, credentials: Credentials) -> str:
    """Whose limits a request counts against: its token, or its address without one.

    Like every dependency here it is `async`: FastAPI runs a plain `def` dependency in its
    thread pool, a thread hand-off on every request."""
    return _key_of(request, credentials)


def _key_of(request: Request, credentials: HTTPAuthorizationCredentials | None) -> str:
    token = credentials.credentials if credentials is not None else None
    return limit_key_of(token, request.scope.get("client"))


def limit_key_of(token: str | None, client: tuple[str, int] | None) -> str:
    """Whose limits a request counts against: its token, or its address (the ASGI scope's
    `client`) without one."""
    return token_key(token) if token else "a:" + (client[0] if client else "?")


def bearer_of(authorization: str) -> str | None:
    """The token of an `Authorization` value in the plain `Bearer <token>` form, else None
    (the lane leaves any other form to the routes, which judge it as `HTTPBearer` does)."""
    scheme, _, token = authorization.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or " " in token:
        return None
    return token


def token_key(token: str) -> str:
    """The limits key of a token."""
    return "t:" + token_hash(token)


async def _address(request: Request) -> str:
    """The client's address as sign-ins are throttled by (`throttle.address_key`)."""
    client = request.scope.get("client")
    return address_key(client[0] if client else None)


def _limited(kind: str) -> Callable[..., Awaitable[None]]:
    async def check(request: Request, credentials: Credentials) -> None:
        services_of(request).limits.check(kind, _key_of(request, credentials))

    return check


ServicesDep = Annotated[Services, Depends(_services)]
MoveLimit = Depends(_limited("moves"))
MessageLimit = Depends(_limited("messages"))
PollLimit = Depends(_limited("polling"))
Caller = Annotated[PlayerInfo, Depends(_caller)]
Token = Annotated[str, Depends(_token)]
"""The caller's bearer token itself (401 without one)."""
OptionalToken = Annotated[str | None, Depends(_optional_token)]
OptionalCaller = Annotated[PlayerInfo | None, Depends(_optional_caller)]
LimitKey = Annotated[str, Depends(limit_key)]
Address = Annotated[str, Depends(_address)]
