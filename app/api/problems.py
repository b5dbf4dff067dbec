"""RFC 9457 problem+json: the one table from error codes to HTTP statuses."""

from __future__ import annotations

import logging
from typing import Any

import psycopg
import sqlalchemy.exc
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from app.api.responses import FastJSONResponse
from app.db.store import StoreUnavailable, VersionConflict
from app.domain import codec
from app.domain.errors import DomainError
from app.services.errors import ServiceError

PROBLEM = "application/problem+json"
log = logging.getLogger(__name__)

STATUS: dict[str, int] = {
    "unauthorized": 401,
    "bad_credentials": 401,
    "forbidden": 403,
    "wrong_password": 403,
    "not_seated": 403,
    "deal_running": 403,
    "deal_hidden": 403,
    "game_running": 403,
    "not_found": 404,
    "method_not_allowed": 405,
    "not_your_turn": 409,
    "version_conflict": 409,
    "idempotency_mismatch": 409,
    "seat_taken": 409,
    "login_taken": 409,
    "same_address": 409,
    "game_started": 409,
    "game_not_started": 409,
    "game_over": 409,
    "game_not_over": 409,
    "messages_disabled": 409,
    "already_seeking": 409,
    "already_matched": 409,
    "request_timeout": 408,
    "payload_too_large": 413,
    "illegal_move": 422,
    "invalid_card": 422,
    "invalid_command": 422,
    "invalid_message": 422,
    "invalid_option": 422,
    "invalid_login": 422,
    "weak_password": 422,
    "validation_error": 422,
    "rate_limited": 429,
    "benched": 429,
    "internal_error": 500,
    "not_ready": 503,
    "database_unavailable": 503,
    "too_many_connections": 503,
}

TITLES: dict[str, str] = {
    "unauthorized": "Missing or unknown bearer token",
    "bad_credentials": "Wrong login or password",
    "forbidden": "Not allowed",
    "wrong_password": "The current password is missing or wrong",
    "not_seated": "You hold no seat here",
    "deal_running": "The deal is still running",
    "deal_hidden": "Part of this deal stays hidden until the game is over",
    "game_running": "The game is still running",
    "not_found": "Not found",
    "method_not_allowed": "Method not allowed",
    "not_your_turn": "Not your turn",
    "version_conflict": "The table has moved on",
    "idempotency_mismatch": "This id was sent before with another request",
    "seat_taken": "The seat is taken",
    "login_taken": "The login is taken",
    "same_address": "Another account from your address holds a seat at this rated table",
    "game_started": "The game has started",
    "game_not_started": "The game has not started",
    "game_over": "The game is over",
    "game_not_over": "The game is not over",
    "messages_disabled": "Messages are disabled now",
    "already_seeking": "You have a waiting seek in this variant already",
    "already_matched": "The seek is matched already",
    "request_timeout": "The request did not arrive in time",
    "payload_too_large": "The request body is too large",
    "illegal_move": "Illegal move",
    "invalid_card": "Not a card",
    "invalid_command": "Not a well-formed command",
    "invalid_message": "Invalid message",
    "invalid_option": "Invalid option",
    "invalid_login": "Not a login",
    "weak_password": "The password is too short",
    "validation_error": "The request is not valid",
    "rate_limited": "Too many requests",
    "benched": "Benched from seeks for a while: the move clock ran out in the last games",
    "internal_error": "Internal error",
    "not_ready": "Not ready to serve",
    "database_unavailable": "The database cannot be reached",
    "too_many_connections": "Too many connections",
}


def problem(
    code: str, detail: str, headers: dict[str, str] | None = None, **extra: Any
) -> JSONResponse:
    status = STATUS[code]
    body = {
        "type": f"https://kozel.example/problems/{code}",
        "title": TITLES[code],
        "status": status,
        "detail": detail,
        "code": code,
        **extra,
    }
    headers = dict(headers or {})
    if status == 401:
        headers["WWW-Authenticate"] = "Bearer"
    return FastJSONResponse(body, status_code=status, media_type=PROBLEM, headers=headers)


class ApiProblem(Exception):
    """A problem raised by the API layer itself (with extra members such as legal_actions)."""

    def __init__(
        self, code: str, detail: str, headers: dict[str, str] | None = None, **extra: Any
    ) -> None:
        super().__init__(detail)
        self.code, self.detail, self.headers, self.extra = code, detail, headers, extra


_METHODS = ("DELETE", "GET", "PATCH", "POST", "PUT")


def _methods_for(request: Request) -> set[str]:
    """Every method some route of the request's path takes (routers nest, so each method is
    tried against the whole app); HEAD wherever GET (`head.HeadAsGet`)."""
    methods = {
        method
        for method in _METHODS
        if any(
            route.matches({**request.scope, "method": method})[0] == Match.FULL
            for route in request.app.routes
        )
    }
    return methods | {"HEAD"} if "GET" in methods else methods


def problem_of(error: Exception) -> JSONResponse:
    """The answer to an error raised while serving a request: the one mapping behind the
    exception handlers (`install`) and the lane (`app.api.lane`). A request's own validation
    errors are answered here too; the router's 404/405 have a handler of their own."""
    if isinstance(error, ApiProblem):
        return problem(error.code, error.detail, error.headers, **error.extra)
    if isinstance(error, RequestValidationError):  # the request's own, or its game's
        return _invalid(error)
    if isinstance(error, DomainError):
        code = error.code if error.code in STATUS else "illegal_move"
        if error.reason is not None:
            return problem(code, str(error), reason=codec.encode(error.reason))
        return problem(code, str(error))
    if isinstance(error, ServiceError):
        retry = error.retry_after_s
        headers = None if retry is None else {"Retry-After": str(retry)}
        return problem(error.code, str(error), headers, **error.members())
    if isinstance(error, VersionConflict):
        return problem("version_conflict", str(error), current_version=error.current_version)
    if _is_database_outage(error):
        log.warning("the database cannot be reached", exc_info=error)
        detail = "the database cannot be reached now; retry shortly"
        return problem("database_unavailable", detail, {"Retry-After": "1"})
    log.error("unexpected error", exc_info=error)
    return problem("internal_error", "an unexpected error; it has been logged")


def _invalid(error: RequestValidationError) -> JSONResponse:
    found = error.errors()
    errors = [
        {"loc": [str(part) for part in e.get("loc", ())], "msg": str(e.get("msg", ""))}
        for e in found
    ]
    # A value the rules name (a card, a message) is refused with the rules' own code: its
    # validator raises an error whose type is that code (`schemas`).
    for e in found:
        if STATUS.get(e.get("type", "")) == 422:
            return problem(e["type"], str(e.get("msg", "")), errors=errors)
    return problem("validation_error", "the request does not match the API", errors=errors)


def install(app: FastAPI) -> None:
    async def _known(_: Request, error: Exception) -> JSONResponse:
        return problem_of(error)

    for kind in (
        ApiProblem,
        DomainError,
        ServiceError,
        VersionConflict,
        sqlalchemy.exc.DBAPIError,
        psycopg.Error,
        Exception,
    ):
        app.add_exception_handler(kind, _known)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, error: RequestValidationError) -> JSONResponse:
        return problem_of(error)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, error: StarletteHTTPException) -> JSONResponse:
        code = {
            401: "unauthorized",
            404: "not_found",
            405: "method_not_allowed",
            413: "payload_too_large",
        }.get(error.status_code, "validation_error")
        headers = dict(error.headers or {})
        if error.status_code == 405:  # every method the path has, not one route's
            headers["Allow"] = ", ".join(sorted(_methods_for(request)))
        return problem(code, str(error.detail), headers)


def _is_database_outage(error: BaseException) -> bool:
    """A lost or refused database connection (either driver, or through SQLAlchemy): the
    request failed as a whole and may be retried; nothing was half written, since every
    write is one transaction."""
    if isinstance(error, sqlalchemy.exc.DBAPIError):
        return error.connection_invalidated or isinstance(
            error, sqlalchemy.exc.OperationalError | sqlalchemy.exc.InterfaceError
        )
    return isinstance(error, StoreUnavailable | psycopg.OperationalError | psycopg.InterfaceError)
