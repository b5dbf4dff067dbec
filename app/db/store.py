"""The append-only event store: one stream per table, keyed by `(table_id, seq)`.

Two implementations keep one contract (`tests/db/test_store.py` runs it against both):
`store_sql.SqlStore` on SQLAlchemy Core (the embedded SQLite default; it runs on PostgreSQL
too) and `store_pg.PostgresStore`, which speaks psycopg directly so that an append is one
pipelined round trip. `open_store` picks by URL.

An append checks the expected version against the table's projection row in the same
transaction (`UPDATE … WHERE version = expected`); the primary key of the log is the last guard
against two writers of the same version.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from app.db.standings import Finish

CHANNEL = "kozel_wakeup"
"""The PostgreSQL NOTIFY channel of `Append.notify`."""


class VersionConflict(Exception):
    """Another writer appended first (or a row this append adds exists already)."""

    code = "version_conflict"

    def __init__(self, current_version: int | None) -> None:
        super().__init__(f"the table moved on (version {current_version})")
        self.current_version = current_version


class StoreUnavailable(Exception):
    """The database cannot be reached (or dropped the connection) now: nothing was written,
    and the request may be tried again."""

    code = "database_unavailable"


@dataclass(frozen=True, slots=True)
class StoredEvent:
    seq: int
    type: str
    schema_version: int
    deal_no: int
    payload: dict[str, Any]
    at: datetime


@dataclass(frozen=True, slots=True)
class NewEvent:
    type: str
    schema_version: int
    deal_no: int
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class ClientRequest:
    """A request a client may send again: a player's `move_id` or `Idempotency-Key` (`key`),
    and the digest of what it asked (`app/services/idempotency.py`)."""

    player_id: str
    key: str
    digest: str


@dataclass(frozen=True, slots=True)
class RequestRecord:
    """The table an `Idempotency-Key` created, and the digest its request had (None: recorded
    before digests were kept)."""

    table_id: str
    digest: str | None


@dataclass(frozen=True, slots=True)
class TableRow:
    """One read of a table's projection row."""

    version: int
    snapshot: dict[str, Any] | None
    """The fold of the log at `version`; None when the reader already knows that version, or
    when no snapshot is stored."""
    snapshot_schema: int | None
    move_version: int | None = None
    """The version a given `move_id` of a given player led to, if that move landed."""
    move_digest: str | None = None
    """That move's request digest (None: it landed before digests were kept)."""


@dataclass(frozen=True, slots=True)
class Projection:
    """The columns of the projection row that follow the log."""

    status: str
    deal_no: int
    scores: tuple[int, ...]
    """Per side, in the game's unit."""
    snapshot: dict[str, Any]
    snapshot_schema: int
    deadline_at: datetime | None


@dataclass(frozen=True, slots=True)
class SeatChange:
    seat: int
    player_id: str | None
    bot: str | None
    must_act: bool


@dataclass(frozen=True, slots=True)
class NewTable:
    """A table created by this append (its row is inserted at version 0 first)."""

    variant: str
    options: dict[str, Any]
    seats: tuple[int, ...]
    """The seats that players or bots take (a row each)."""
    request: ClientRequest | None = None
    """The creator's `Idempotency-Key`, if it sent one."""


@dataclass(frozen=True, slots=True)
class Append:
    table_id: str
    expected_version: int
    events: Sequence[NewEvent]
    at: datetime
    projection: Projection
    seats: Sequence[SeatChange] = ()
    """Seat rows whose player, bot or `must_act` flag changed."""
    move: ClientRequest | None = None
    """The `move_id` of the client move that caused this append."""
    notify: str | None = None
    """A wake-up for the other instances, sent when the append commits (PostgreSQL)."""
    new_table: NewTable | None = field(default=None)
    finish: Finish | None = None
    """The game ends with this append: its seats' results and ratings are written in the
    same transaction (`app/db/standings.py`), and its events may be stamped a little later
    than `at` (`record_finish`)."""

    @property
    def new_version(self) -> int:
        return self.expected_version + len(self.events)


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    player_id: str | None
    player_name: str | None
    player_bot: bool
    """Whether the seated player is a bot account (`bot` is a server bot's level)."""
    bot: str | None


@dataclass(frozen=True, slots=True)
class TableSummary:
    """A table as the lobby lists it: its projection row and its seats."""

    id: str
    variant: str
    status: str
    options: dict[str, Any]
    seats: tuple[SeatRow, ...]
    scores: tuple[int, ...]
    deal_no: int
    version: int
    created_at: datetime
    updated_at: datetime
    """When its log last grew: the live tables are listed by it."""

    def listed_at(self, status: str | None) -> datetime:
        """The time a listing of `status` orders it by (`by_activity`)."""
        return self.updated_at if by_activity(status) else self.created_at


def by_activity(status: str | None) -> bool:
    """The live tables (`playing`) are listed by their last move, the most recent first, so
    that a lobby shows the games worth watching; every other listing newest first. (Rated
    tables first, once a table is rated: put that key ahead of this one in the order of
    `TableDirectory.summaries` and in its cursor, `TableSummary.listed_at`.)"""
    return status == "playing"


class EventStore(Protocol):
    async def read(
        self, table_id: str, known_version: int | None = None, move: tuple[str, str] | None = None
    ) -> TableRow | None:
        """The projection row (None: no such table), in one statement outside a transaction.
        The snapshot is left out when its version is `known_version`. With `move` (a player's
        `(player_id, move_id)`), also the version that move led to and its digest."""

    async def load(self, table_id: str, after_seq: int = 0) -> list[StoredEvent]:
        """The log of a table after `after_seq`, in order."""

    async def append(self, append: Append) -> None:
        """Append in one transaction, or raise `VersionConflict` and write nothing."""

    async def turns(self, player_id: str) -> list[tuple[str, int]]:
        """`(table_id, version)` of the running tables where the player must act now."""

    async def acting(self, player_ids: Sequence[str]) -> set[str]:
        """Those of the players who must act at some running table now (one query for many:
        the followers' safety re-check)."""

    async def versions(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The current version of each of the tables that exists (one query for many)."""

    async def table_of_request(self, player_id: str, key: str) -> RequestRecord | None:
        """The table an `Idempotency-Key` of this player created, if any."""

    async def summaries(
        self, status: str | None, limit: int, before: tuple[datetime, str] | None
    ) -> list[TableSummary]:
        """Tables newest first (with `status`, if given; the live ones by their last move,
        `by_activity`), at most `limit`, listed before `(listed_at, id)` when given (the cursor
        of the page before)."""

    async def summary(self, table_id: str) -> TableSummary | None: ...

    async def seat_address(self, table_id: str, player_id: str, address: str) -> list[str]:
        """Keep the address a player takes a seat of a rated table from; returns the other
        players that took a seat of it from that address."""

    async def due(self, now: datetime, limit: int) -> tuple[list[str], datetime | None]:
        """Running tables whose earliest move-clock deadline has passed, the oldest first (at
        most `limit`), and the earliest deadline still to come (None: none is known)."""

    async def close(self) -> None: ...
