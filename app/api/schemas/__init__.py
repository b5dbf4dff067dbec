"""The JSON shapes of the public API (`../shared/api/contract.md`), for parsing and OpenAPI:
the shared ones (`common`), the catalogue (`games`), the envelope of every game's view
(`envelope`) and the problem document (`problem`). Each game's own shapes are its wire
adapter's (`app.api.games`)."""

from __future__ import annotations

from app.api.schemas.common import (
    Acting,
    DeadlineOut,
    EventOut,
    EventPage,
    InvalidField,
    MessageIn,
    MessageOut,
    NewPlayerIn,
    NewPlayerOut,
    NewTableIn,
    PlayerOut,
    ResignIn,
    SeatIn,
    SeatOut,
    TableOptionsIn,
    TableOut,
    TablePage,
    TurnOut,
)
from app.api.schemas.games import GameOut

__all__ = [
    "Acting",
    "DeadlineOut",
    "EventOut",
    "EventPage",
    "GameOut",
    "InvalidField",
    "MessageIn",
    "MessageOut",
    "NewPlayerIn",
    "NewPlayerOut",
    "NewTableIn",
    "PlayerOut",
    "ResignIn",
    "SeatIn",
    "SeatOut",
    "TableOptionsIn",
    "TableOut",
    "TablePage",
    "TurnOut",
]
