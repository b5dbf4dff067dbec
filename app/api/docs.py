"""OpenAPI helpers: the problem responses an operation can give."""

from __future__ import annotations

from typing import Any

from app.api.problems import PROBLEM, STATUS, TITLES
from app.api.schemas import Problem

DATABASE_DOWN = "database_unavailable"
"""Any operation that reads or writes the database answers 503 with this code (and
`Retry-After`) while the database cannot be reached."""


def errors(*statuses: int, database: bool = True) -> dict[int | str, dict[str, Any]]:
    """`responses=` for the given problem statuses, each documented as problem+json with the
    codes it may carry; with `database`, also the 503 of an unreachable database."""
    codes: dict[int, list[str]] = {
        status: [c for c, known in STATUS.items() if known == status and c != DATABASE_DOWN]
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
