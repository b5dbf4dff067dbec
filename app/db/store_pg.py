"""The event store on PostgreSQL, through asyncpg directly.

The hot paths of the service are a read of the projection row and an append: each is one
statement, one round trip, on a connection of the store's own pool (`pg_pool`); an append is
atomic on its own (the guarded UPDATE of the projection row, the events, the move id, the seat
rows and the NOTIFY, in one statement). A new table's rows come first, in a short transaction
with its first append. asyncpg prepares each statement once per connection and speaks
PostgreSQL's binary protocol: through it a statement cost the server about half of what it did
through psycopg (issue 19, `docs/performance.md`). The schema is the one Alembic manages
(`app/db/models.py`); the SQL below names its columns, and its parameters by name
(`Statement`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import UTC
from typing import Any

import asyncpg
import orjson
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from app.config import async_url
from app.db.directory import TableDirectory
from app.db.pg_pool import ConnectionPool
from app.db.store import (
    CHANNEL,
    Append,
    RequestRecord,
    StoredEvent,
    TableRow,
    VersionConflict,
)
from app.db.store_sql import append_in_transaction


class Statement:
    """SQL written with named parameters (`:name`), sent with asyncpg's numbered ones."""

    def __init__(self, sql: str) -> None:
        self.names: list[str] = []
        self.sql = re.sub(r"(?<!:):([a-z_]+)", self._number, sql)

    def _number(self, found: re.Match[str]) -> str:
        name = found[1]
        if name not in self.names:
            self.names.append(name)
        return f"${self.names.index(name) + 1}"

    def args(self, params: Mapping[str, Any]) -> list[Any]:
        return [params[name] for name in self.names]


_READ = Statement("""
SELECT version, CASE WHEN version = :known THEN NULL ELSE snapshot END, snapshot_schema
FROM game_tables WHERE id = :id
""")
_READ_WITH_MOVE = Statement("""
SELECT t.version, CASE WHEN t.version = :known THEN NULL ELSE t.snapshot END,
       t.snapshot_schema, m.version, m.digest
FROM game_tables t LEFT JOIN moves m
    ON m.table_id = t.id AND m.player_id = :player AND m.move_id = :move
WHERE t.id = :id
""")
_LOAD = """
SELECT seq, type, schema_version, deal_no, payload, created_at FROM events
WHERE table_id = $1 AND seq > $2 ORDER BY seq
"""
_VERSION = "SELECT version FROM game_tables WHERE id = $1"
_REQUEST = """
INSERT INTO table_requests (player_id, key, digest, table_id, created_at)
VALUES ($1, $2, $3, $4, $5)
"""
_NEW_TABLE = """
INSERT INTO game_tables
    (id, variant, status, options, version, deal_no, scores, created_at, updated_at)
VALUES ($1, $2, 'waiting', $3, 0, 0, '[]', $4, $4)
"""
_NEW_SEAT = "INSERT INTO seats (table_id, seat, must_act) VALUES ($1, $2, false)"
_APPEND = Statement("""
WITH guard AS (
    UPDATE game_tables SET version = :new_version, updated_at = :at, status = :status,
        deal_no = :deal_no, scores = :scores,
        snapshot = :snapshot, snapshot_schema = :snapshot_schema,
        deadline_at = :deadline_at
    WHERE id = :id AND version = :expected
    RETURNING id
), logged AS (
    INSERT INTO events (table_id, seq, type, schema_version, deal_no, payload, created_at)
    SELECT guard.id, e.seq, e.type, e.schema_version, e.deal_no, e.payload, :at
    FROM guard, json_to_recordset(:events)
        AS e(seq integer, type text, schema_version integer, deal_no integer, payload json)
    RETURNING 1
), moved AS (
    INSERT INTO moves (table_id, player_id, move_id, version, digest, created_at)
    SELECT guard.id, m.player_id, m.move_id, :new_version, m.digest, :at
    FROM guard, json_to_recordset(:moves) AS m(player_id text, move_id text, digest text)
    RETURNING 1
), seated AS (
    UPDATE seats SET player_id = c.player_id, bot = c.bot, must_act = c.must_act
    FROM guard, json_to_recordset(:seats)
        AS c(seat integer, player_id text, bot text, must_act boolean)
    WHERE seats.table_id = guard.id AND seats.seat = c.seat
    RETURNING 1
), notified AS (
    SELECT pg_notify(:channel, :notify) FROM guard WHERE :notify <> ''
)
SELECT (SELECT count(*) FROM guard), (SELECT count(*) FROM notified)
""")
"""An append as one statement (atomic on its own): the guarded UPDATE of the projection row,
and only if it matched, the events, the move id, the seat rows and the wake-up."""
_TURNS = """
SELECT t.id, t.version FROM game_tables t JOIN seats s ON s.table_id = t.id
WHERE s.player_id = $1 AND s.must_act AND t.status = 'playing' ORDER BY t.updated_at
"""
_ACTING = """
SELECT DISTINCT s.player_id FROM seats s JOIN game_tables t ON t.id = s.table_id
WHERE s.player_id = ANY($1::text[]) AND s.must_act AND t.status = 'playing'
"""
_VERSIONS = "SELECT id, version FROM game_tables WHERE id = ANY($1::text[])"
_TABLE_OF_REQUEST = "SELECT table_id, digest FROM table_requests WHERE player_id = $1 AND key = $2"


def dsn(database_url: str) -> str:
    """The libpq connection string of an SQLAlchemy URL (any PostgreSQL driver name)."""
    url = make_url(async_url(database_url)).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


async def json_through_orjson(connection: asyncpg.Connection) -> None:
    """JSON in and out as Python values, through orjson (the same JSON text, faster)."""
    await connection.set_type_codec(
        "json", schema="pg_catalog", encoder=_json_text, decoder=orjson.loads
    )


def _json_text(value: Any) -> str:
    return orjson.dumps(value).decode()


def _append_args(append: Append) -> list[Any]:
    p, move = append.projection, append.move
    first = append.expected_version + 1
    return _APPEND.args(
        {
            "id": append.table_id,
            "expected": append.expected_version,
            "new_version": append.new_version,
            "at": append.at,
            "status": p.status,
            "deal_no": p.deal_no,
            "scores": list(p.scores),
            "snapshot": p.snapshot,
            "snapshot_schema": p.snapshot_schema,
            "deadline_at": p.deadline_at,
            "events": [
                {
                    "seq": seq,
                    "type": e.type,
                    "schema_version": e.schema_version,
                    "deal_no": e.deal_no,
                    "payload": e.payload,
                }
                for seq, e in enumerate(append.events, start=first)
            ],
            "moves": []
            if move is None
            else [{"player_id": move.player_id, "move_id": move.key, "digest": move.digest}],
            "seats": [
                {"seat": c.seat, "player_id": c.player_id, "bot": c.bot, "must_act": c.must_act}
                for c in append.seats
            ],
            "channel": CHANNEL,
            "notify": append.notify or "",
        }
    )


class PostgresStore(TableDirectory):
    """The log through asyncpg; the listings of the lobby and the clock (`TableDirectory`)
    through SQLAlchemy Core on `engine`."""

    def __init__(self, database_url: str, engine: AsyncEngine, pool_size: int = 10) -> None:
        super().__init__(engine)
        # A request waits this long for a connection, then fails (503).
        self._pool = ConnectionPool(dsn(database_url), pool_size, 5.0, json_through_orjson)
        self._min_size = min(2, pool_size)

    async def open(self) -> None:
        await self._pool.open(self._min_size)

    async def close(self) -> None:
        await self._pool.close()

    async def read(
        self, table_id: str, known_version: int | None = None, move: tuple[str, str] | None = None
    ) -> TableRow | None:
        params: dict[str, Any] = {"id": table_id, "known": known_version}
        statement = _READ
        if move is not None:
            params["player"], params["move"] = move
            statement = _READ_WITH_MOVE
        async with self._pool.connection() as connection:
            row = await connection.fetchrow(statement.sql, *statement.args(params))
        return None if row is None else TableRow(*row)

    async def load(self, table_id: str, after_seq: int = 0) -> list[StoredEvent]:
        async with self._pool.connection() as connection:
            rows = await connection.fetch(_LOAD, table_id, after_seq)
        return [
            StoredEvent(seq, kind, schema, deal_no, payload, at.astimezone(UTC))
            for seq, kind, schema, deal_no, payload, at in rows
        ]

    async def append(self, append: Append) -> None:
        if append.finish is not None:  # once a game: its ratings need a transaction of reads
            await append_in_transaction(self._engine, append)
            return
        async with self._pool.connection() as connection:
            try:
                if append.new_table is None:
                    guarded = await connection.fetchrow(_APPEND.sql, *_append_args(append))
                else:  # a new table's rows first, then the append, in one transaction
                    async with connection.transaction():
                        await self._create(connection, append)
                        guarded = await connection.fetchrow(_APPEND.sql, *_append_args(append))
                        if guarded is None or guarded[0] != 1:
                            raise VersionConflict(None)
            except (VersionConflict, asyncpg.IntegrityConstraintViolationError):
                guarded = None
            if guarded is None or guarded[0] != 1:
                raise VersionConflict(await connection.fetchval(_VERSION, append.table_id))

    async def _create(self, connection: asyncpg.Connection, append: Append) -> None:
        new = append.new_table
        assert new is not None
        table_id, at = append.table_id, append.at
        if new.request is not None:
            request = new.request
            await connection.execute(
                _REQUEST, request.player_id, request.key, request.digest, table_id, at
            )
        await connection.execute(_NEW_TABLE, table_id, new.variant, new.options, at)
        await connection.executemany(_NEW_SEAT, [(table_id, seat) for seat in new.seats])

    async def turns(self, player_id: str) -> list[tuple[str, int]]:
        async with self._pool.connection() as connection:
            rows = await connection.fetch(_TURNS, player_id)
        return [(table_id, version) for table_id, version in rows]

    async def acting(self, player_ids: Sequence[str]) -> set[str]:
        async with self._pool.connection() as connection:
            rows = await connection.fetch(_ACTING, list(player_ids))
        return {player_id for (player_id,) in rows}

    async def versions(self, table_ids: Sequence[str]) -> dict[str, int]:
        async with self._pool.connection() as connection:
            rows = await connection.fetch(_VERSIONS, list(table_ids))
        return {table_id: int(version) for table_id, version in rows}

    async def table_of_request(self, player_id: str, key: str) -> RequestRecord | None:
        async with self._pool.connection() as connection:
            row = await connection.fetchrow(_TABLE_OF_REQUEST, player_id, key)
        return None if row is None else RequestRecord(str(row[0]), row[1])
