"""The tables: players (accounts), their tokens and failed sign-ins, the table projection and
its seats, the append-only event log, and the records that make retries safe (move ids,
idempotency keys)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    Dialect,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    false,
    text,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator


class UTCDateTime(TypeDecorator[datetime]):
    """Timestamps stored with their zone and read back as UTC (SQLite forgets the zone)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value


class Base(DeclarativeBase):
    type_annotation_map = {datetime: UTCDateTime}  # noqa: RUF012


class Player(Base):
    """An account: a guest until it claims a login and a password (then it signs in from any
    device); a bot account is marked as one from its sign-up on."""

    __tablename__ = "players"
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    bot: Mapped[bool] = mapped_column(server_default=false())
    login: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """In lower case, so that two logins that differ only in case are one (the index)."""
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    """argon2id, in its encoded form (the parameters and the salt with the hash)."""
    created_at: Mapped[datetime] = mapped_column()

    __table_args__ = (Index("ix_players_login", "login", unique=True),)


class Token(Base):
    """A device's bearer token, stored as its SHA-256. Deleting the row revokes it."""

    __tablename__ = "tokens"
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(36), ForeignKey("players.id", ondelete="CASCADE"), index=True
    )
    hash: Mapped[str] = mapped_column(String(64))
    device: Mapped[str | None] = mapped_column(String(60), nullable=True)
    created_at: Mapped[datetime] = mapped_column()
    last_used_at: Mapped[datetime] = mapped_column()
    """Kept to the minute (`app/services/players.py`), not written on every request."""

    __table_args__ = (Index("ix_tokens_hash", "hash", unique=True),)


class CredentialFailure(Base):
    """A failed (or still running) check of a password, or a claim of a taken login: what
    sign-ins are throttled by, per login and per client address, on every instance alike
    (`app/services/throttle.py`). Rows older than the throttle's window are deleted."""

    __tablename__ = "credential_failures"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    login: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The login tried (lower case), known or not; None for a failure of the address alone."""
    address: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(index=True)

    __table_args__ = (
        Index("ix_credential_failures_login", "login", "at"),
        Index("ix_credential_failures_address", "address", "at"),
    )


class GameTable(Base):
    """The projection of a table's log: updated in the same transaction as each append."""

    __tablename__ = "game_tables"
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    variant: Mapped[str] = mapped_column(String(20))
    status: Mapped[str] = mapped_column(String(10))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer)
    deal_no: Mapped[int] = mapped_column(Integer, default=0)
    scores: Mapped[list[int]] = mapped_column(JSON)
    """Per side, in the game's own unit (written points, pairs, game points, marks…)."""
    created_at: Mapped[datetime] = mapped_column()
    updated_at: Mapped[datetime] = mapped_column()
    snapshot: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The fold of the log at `version` (a cache the log can always rebuild)."""
    snapshot_schema: Mapped[int | None] = mapped_column(Integer, nullable=True)
    deadline_at: Mapped[datetime | None] = mapped_column(nullable=True, index=True)
    """The earliest move-clock deadline of a human seat that must act (None: no clock)."""

    __table_args__ = (Index("ix_game_tables_status_created", "status", "created_at", "id"),)


class Seat(Base):
    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(
        String(36), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str | None] = mapped_column(
        String(36), ForeignKey("players.id"), nullable=True, index=True
    )
    bot: Mapped[str | None] = mapped_column(String(20), nullable=True)
    must_act: Mapped[bool] = mapped_column(default=False)


class Event(Base):
    """The log. `(table_id, seq)` is the key: two writers of one version cannot both land."""

    __tablename__ = "events"
    table_id: Mapped[str] = mapped_column(
        String(36), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    type: Mapped[str] = mapped_column(String(40))
    schema_version: Mapped[int] = mapped_column(Integer)
    deal_no: Mapped[int] = mapped_column(Integer)
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column()


class Move(Base):
    """A `move_id` and the version its move led to: a retry answers with the view at that
    version (the log never changes, so the answer is the same) and appends nothing. `digest`
    is the request's (`app/services/idempotency.py`): the same id with another request is
    refused; NULL (a move recorded before digests were kept) matches any request."""

    __tablename__ = "moves"
    table_id: Mapped[str] = mapped_column(
        String(36), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    move_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    digest: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column()


class TableRequest(Base):
    """An `Idempotency-Key` of table creation, per player, and the digest of the request (as
    for `Move`)."""

    __tablename__ = "table_requests"
    player_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    table_id: Mapped[str] = mapped_column(String(36))
    digest: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column()


class Rating(Base):
    """A rated player's standing in one variant, and its record: a projection of the finished
    tables' logs (`app/services/ratings.py`; `kozel ratings rebuild` writes it anew).

    `holder` is an account's id, or `bot:<level>` for one of the server's bot levels (they are
    rated players too). `rating` is the displayed one (`mu - 3 sigma`), kept beside mu and
    sigma for the leaderboard's index; `last_finished_at` and `last_table_id` are its last
    game's, so that each holder's games are rated in finish order on every instance."""

    __tablename__ = "ratings"
    holder: Mapped[str] = mapped_column(String(40), primary_key=True)
    variant: Mapped[str] = mapped_column(String(20), primary_key=True)
    player_id: Mapped[str | None] = mapped_column(
        String(36), ForeignKey("players.id", ondelete="CASCADE"), nullable=True
    )
    bot: Mapped[bool] = mapped_column(server_default=false())
    """A bot account or a server bot level (`bots=true` on the leaderboard)."""
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    rating: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, server_default="0")
    """Rated games."""
    provisional: Mapped[bool] = mapped_column(server_default=true())
    played: Mapped[int] = mapped_column(Integer, server_default="0")
    """Finished games, rated or not (`won`, `lost` likewise)."""
    won: Mapped[int] = mapped_column(Integer, server_default="0")
    lost: Mapped[int] = mapped_column(Integer, server_default="0")
    last_finished_at: Mapped[datetime | None] = mapped_column(nullable=True)
    last_table_id: Mapped[str | None] = mapped_column(String(36), nullable=True)

    __table_args__ = (
        Index("ix_ratings_player", "player_id", "variant"),
        Index("ix_ratings_leaderboard", "variant", "bot", "provisional", "rating", "holder"),
    )


class FinishedSeat(Base):
    """A seat of a finished game, as its player's history shows it: who held it from the
    start, its result and, at a rated table, the holder's displayed rating before and after."""

    __tablename__ = "finished_seats"
    table_id: Mapped[str] = mapped_column(
        String(36), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    variant: Mapped[str] = mapped_column(String(20))
    finished_at: Mapped[datetime] = mapped_column()
    holder: Mapped[str] = mapped_column(String(40))
    player_id: Mapped[str | None] = mapped_column(
        String(36), ForeignKey("players.id", ondelete="CASCADE"), nullable=True
    )
    bot: Mapped[str | None] = mapped_column(String(20), nullable=True)
    """The server bot level that held the seat (None: an account)."""
    place: Mapped[int] = mapped_column(Integer)
    result: Mapped[str] = mapped_column(String(5))
    """`won`, `lost` or `drawn` (`app/services/ratings.py`)."""
    rated: Mapped[bool] = mapped_column()
    rating_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    rating_after: Mapped[float | None] = mapped_column(Float, nullable=True)

    __table_args__ = (
        Index("ix_finished_seats_history", "player_id", "finished_at", "table_id"),
        Index(
            "ix_finished_seats_variant_history", "player_id", "variant", "finished_at", "table_id"
        ),
    )


class Seek(Base):
    """A player's wish for a game (`app/services/seeks.py`): waiting until it is matched into a
    table (then `table_id` and `seat`), cancelled or expired. Seeks match only within one
    `pool` (a digest of the variant, seat count, options, `rated`, and whether its player is a
    bot account). A player has one waiting seek per variant (the partial unique index)."""

    __tablename__ = "seeks"
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(36), ForeignKey("players.id", ondelete="CASCADE"), index=True
    )
    variant: Mapped[str] = mapped_column(String(20))
    seats: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The game's options as its table will have them (encoded), and the table's own."""
    rated: Mapped[bool] = mapped_column()
    bot: Mapped[bool] = mapped_column()
    """Whether the seeker is a bot account: bot accounts are matched only with bot accounts."""
    pool: Mapped[str] = mapped_column(String(64))
    rating: Mapped[float] = mapped_column(Float)
    """The seeker's rating in the variant when the seek was made."""
    bots_after_s: Mapped[int | None] = mapped_column(Integer, nullable=True)
    status: Mapped[str] = mapped_column(String(10))
    table_id: Mapped[str | None] = mapped_column(String(36), nullable=True, index=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column()
    expires_at: Mapped[datetime] = mapped_column()
    matched_at: Mapped[datetime | None] = mapped_column(nullable=True, index=True)

    __table_args__ = (
        Index(
            "ix_seeks_one_waiting",
            "player_id",
            "variant",
            unique=True,
            sqlite_where=text("status = 'waiting'"),
            postgresql_where=text("status = 'waiting'"),
        ),
        Index(
            "ix_seeks_waiting_pool",
            "pool",
            "created_at",
            sqlite_where=text("status = 'waiting'"),
            postgresql_where=text("status = 'waiting'"),
        ),
    )


class SeatAddress(Base):
    """The address (a digest of the throttle's form of it) each account took a seat of a
    rated table from: two accounts from one address are not seated at one rated table, and
    a game they both held anyway is not rated (`docs/security.md`)."""

    __tablename__ = "seat_addresses"
    table_id: Mapped[str] = mapped_column(
        String(36), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    address: Mapped[str] = mapped_column(String(64))

    __table_args__ = (Index("ix_seat_addresses_address", "table_id", "address"),)


class ClockLapse(Base):
    """A table where the server played for a player whose move clock ran out: a bot account
    that lapses in several games in a row is benched from seeks for a while."""

    __tablename__ = "clock_lapses"
    player_id: Mapped[str] = mapped_column(
        String(36), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    table_id: Mapped[str] = mapped_column(
        String(36), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    at: Mapped[datetime] = mapped_column()
