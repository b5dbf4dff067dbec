"""OpenAPI helpers: the problem responses an operation can give."""

from __future__ import annotations

from typing import Any

from app.api.problems import PROBLEM, STATUS, TITLES
from app.api.schemas import Problem


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """`responses=` for the given problem statuses, each documented as problem+json with the
    codes it may carry."""
    return {
        status: {
            "model": Problem,
            "description": "; ".join(
                f"`{code}`: {TITLES[code]}" for code, known in STATUS.items() if known == status
            ),
            "content": {PROBLEM: {}},
        }
        for status in statuses
    }
