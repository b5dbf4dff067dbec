"""Seeks: `POST /v1/seeks` and the Seek it answers (`../shared/api/contract.md`, "Finding a
game")."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.api.schemas.common import Strict, TableOptionsIn, WholeNumber
from app.domain.registry import DEFAULT_VARIANT, GAMES


class SeekIn(Strict):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"variant": "sixty_six", "bots_after_s": 30}]},
    )
    variant: Literal[tuple(GAMES)] = Field(  # type: ignore[valid-type]
        default=DEFAULT_VARIANT, description="One of `GET /v1/games`"
    )
    seats: Annotated[int, Field(ge=2, le=4), WholeNumber] | None = Field(
        default=None,
        description="How many players, where the game is played by several counts; by "
        "default its first",
    )
    options: TableOptionsIn = Field(
        default_factory=TableOptionsIn,
        description="The table's options, as for `POST /v1/tables`: seeks match only with "
        "seeks of the same options",
    )
    rated: bool = Field(default=True, description="Match only with seeks of the same `rated`")
    bots_after_s: Annotated[int, Field(ge=0, le=600), WholeNumber] | None = Field(
        default=None,
        description="After this many seconds, seats still empty go to server bots (of the "
        "level nearest the seekers' rating); null: people only",
    )


class SeekOut(BaseModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "id": "6f1c0b8e-3f7a-4d59-9a52-0c6f3e1d2a4b",
                    "status": "matched",
                    "variant": "sixty_six",
                    "seats": 2,
                    "options": {"move_clock_s": None, "first_dealer": None},
                    "rated": True,
                    "bots_after_s": 30,
                    "created_at": "2026-12-06T12:00:00Z",
                    "expires_at": "2026-12-06T12:10:00Z",
                    "table_id": "0b9f5a1e-7c2d-4e8b-a3f6-1d2c3b4a5e6f",
                    "seat": 1,
                }
            ]
        }
    )
    id: str
    status: Literal["waiting", "matched", "cancelled", "expired"]
    variant: str
    seats: int
    options: dict[str, Any]
    rated: bool
    bots_after_s: int | None
    created_at: datetime
    expires_at: datetime
    """A seek still waiting then expires."""
    table_id: str | None = Field(description="The table, once matched")
    seat: int | None = Field(description="The caller's seat there, once matched")
