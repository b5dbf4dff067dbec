"""The JSON shapes of the public API (`../shared/api/contract.md`), for parsing and OpenAPI:
the shared ones (`common`), accounts (`accounts`), the catalogue (`games`), the envelope of
every game's view (`envelope`) and the problem document (`problem`). Each game's own shapes
are its wire adapter's (`app.api.games`)."""

from __future__ import annotations

from app.api.schemas.accounts import CredentialsIn, MeOut, SessionIn, SessionOut, TokenOut
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
from app.api.schemas.ratings import (
    HistorySeatOut,
    LeaderboardPage,
    PlayedGameOut,
    PlayedGamePage,
    ProfileOut,
    RankedOut,
    RatingOut,
    RecordOut,
)

__all__ = [
    "Acting",
    "CredentialsIn",
    "DeadlineOut",
    "EventOut",
    "EventPage",
    "GameOut",
    "HistorySeatOut",
    "InvalidField",
    "LeaderboardPage",
    "MeOut",
    "MessageIn",
    "MessageOut",
    "NewPlayerIn",
    "NewPlayerOut",
    "NewTableIn",
    "PlayedGameOut",
    "PlayedGamePage",
    "PlayerOut",
    "ProfileOut",
    "RankedOut",
    "RatingOut",
    "RecordOut",
    "ResignIn",
    "SeatIn",
    "SeatOut",
    "SessionIn",
    "SessionOut",
    "TableOptionsIn",
    "TableOut",
    "TablePage",
    "TokenOut",
    "TurnOut",
]
