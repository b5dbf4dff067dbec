"""OpenAPI helpers: the problem responses an operation can give."""

from __future__ import annotations

from typing import Any

from app.api.problems import PROBLEM, STATUS, TITLES
from app.api.schemas.problem import Problem

OPTIONAL_AUTH: dict[str, Any] = {"security": [{}]}
"""Public reads: a token is optional (it adds the caller's private view, or counts the
caller's own rate limit); FastAPI lists the bearer scheme itself, and this adds the empty
requirement beside it."""

DATABASE_DOWN = "database_unavailable"
"""Any operation that reads or writes the database answers 503 with this code (and
`Retry-After`) while the database cannot be reached."""
NOT_OF_AN_OPERATION = {DATABASE_DOWN, "too_many_connections", "request_timeout"}
"""Codes no single operation stands for: the database's (added with `database`), and those
the connection guard sends (`app.api.connections`): the refusal of a connection over the cap,
and the end of a request whose body does not come in time."""


def errors(*statuses: int, database: bool = True) -> dict[int | str, dict[str, Any]]:
    """`responses=` for the given problem statuses, each documented as problem+json with the
    codes it may carry; with `database`, also the 503 of an unreachable database. (FastAPI puts
    the model under `application/json`; `app.api.openapi` moves it to problem+json.)"""
    codes: dict[int, list[str]] = {
        status: [
            c for c, known in STATUS.items() if known == status and c not in NOT_OF_AN_OPERATION
        ]
        for status in statuses
    }
    if database:
        codes.setdefault(STATUS[DATABASE_DOWN], []).append(DATABASE_DOWN)
    return {
        status: {
            "model": Problem,
            "description": "; ".join(f"`{code}`: {TITLES[code]}" for code in listed),
            "content": {PROBLEM: {}},
        }
        for status, listed in codes.items()
    }
