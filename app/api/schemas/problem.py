"""The problem document (RFC 9457) every error answers with."""

from __future__ import annotations

from pydantic import BaseModel, Field

from app.api.games import AnyLegalAction
from app.api.schemas.common import InvalidField
from app.api.schemas.envelope import ReasonOut


class Problem(BaseModel):
    """RFC 9457 problem details with a stable `code`."""

    type: str
    title: str
    status: int
    detail: str
    code: str
    current_version: int | None = Field(default=None, description="With `version_conflict`")
    legal_actions: list[AnyLegalAction] | None = Field(
        default=None, description="With `illegal_move`: what the caller may do now"
    )
    errors: list[InvalidField] | None = Field(
        default=None, description="With `validation_error`: what does not match the API"
    )
    rule: str | None = Field(
        default=None,
        description="With `deal_hidden`: the rule that keeps part of the deal hidden until the "
        "game is over (`B-14`)",
    )
    commitment: str | None = Field(
        default=None,
        description="With `deal_hidden`: the deal's commitment, the SHA-256 hex of its seed "
        "(the seed is shown once the game is over)",
    )
    reason: ReasonOut | None = Field(
        default=None,
        description="With `illegal_move`: why, as the rules word it (`detail` is its English "
        "sentence with the rules cited); the same reason the view gives a refused card",
    )
