"""The JSON shapes of profiles, game histories and leaderboards (`docs/ratings.md`)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from app.api.schemas.common import PlayerOut


class RatingOut(BaseModel):
    rating: float = Field(description="The displayed rating: mu - 3 sigma (0 for a new player)")
    mu: float
    sigma: float
    games: int = Field(description="Rated games in this variant")
    provisional: bool = Field(
        description="Fewer than 5 rated games, or sigma above 6: not on the leaderboard yet"
    )


class RecordOut(BaseModel):
    played: int = Field(description="Finished games, rated or not")
    won: int = Field(description="Placed first (alone or shared) while some side placed below")
    lost: int = Field(description="Placed below first, or left the running game")


class ProfileOut(BaseModel):
    id: str
    name: str
    bot: bool
    created_at: datetime
    ratings: dict[str, RatingOut] = Field(description="Per variant played rated")
    record: dict[str, RecordOut] = Field(description="Per variant played")


class HistorySeatOut(BaseModel):
    seat: int
    player: PlayerOut | None
    bot: str | None = Field(description="The server bot level that held the seat")


class PlayedGameOut(BaseModel):
    table_id: str
    variant: str
    finished_at: datetime
    seats: list[HistorySeatOut] = Field(description="Who held each seat from the game's start")
    seat: int = Field(description="The player's seat")
    result: Literal["won", "lost", "drawn"]
    rated: bool
    rating_before: float | None = Field(description="At a rated table; else null")
    rating_after: float | None


class PlayedGamePage(BaseModel):
    items: list[PlayedGameOut]
    next_cursor: str | None


class RankedOut(BaseModel):
    rank: int = Field(description="Equal ratings share a rank (1, 2, 2, 4), across pages too")
    player: PlayerOut = Field(
        description="An account, or a server bot level (`id` `bot:<level>`, `name` the level)"
    )
    rating: float
    games: int


class LeaderboardPage(BaseModel):
    items: list[RankedOut]
    next_cursor: str | None
