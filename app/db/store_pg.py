"""The event store on PostgreSQL, through psycopg directly.

The hot paths of the service are a read of the projection row and an append. Here a read is
one statement on an autocommit connection, and an append is one pipelined transaction: the
guarded UPDATE of the projection row, the events, the move id, the seat rows and the NOTIFY
go to the server together, and the guard's row count is checked before COMMIT. The schema is
the one Alembic manages (`app/db/models.py`); the SQL below names its columns.
"""

from __future__ import annotations

from datetime import UTC
from typing import Any

import orjson
import psycopg
from psycopg.types.json import Json, set_json_dumps, set_json_loads
from psycopg_pool import AsyncConnectionPool
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from app.config import async_url
from app.db.directory import TableDirectory
from app.db.store import (
    CHANNEL,
    Append,
    RequestRecord,
    StoredEvent,
    TableRow,
    VersionConflict,
)

_READ = """
SELECT version, CASE WHEN version = %(known)s THEN NULL ELSE snapshot END, snapshot_schema
FROM game_tables WHERE id = %(id)s
"""
_READ_WITH_MOVE = """
SELECT t.version, CASE WHEN t.version = %(known)s THEN NULL ELSE t.snapshot END,
       t.snapshot_schema, m.version, m.digest
FROM game_tables t LEFT JOIN moves m
    ON m.table_id = t.id AND m.player_id = %(player)s AND m.move_id = %(move)s
WHERE t.id = %(id)s
"""
_LOAD = """
SELECT seq, type, schema_version, deal_no, payload, created_at FROM events
WHERE table_id = %s AND seq > %s ORDER BY seq
"""
_VERSION = "SELECT version FROM game_tables WHERE id = %s"
_REQUEST = """
INSERT INTO table_requests (player_id, key, digest, table_id, created_at)
VALUES (%s, %s, %s, %s, %s)
"""
_NEW_TABLE = """
INSERT INTO game_tables
    (id, variant, status, options, version, deal_no, scores, created_at, updated_at)
VALUES (%s, %s, 'waiting', %s, 0, 0, '[]', %s, %s)
"""
_NEW_SEAT = "INSERT INTO seats (table_id, seat, must_act) VALUES (%s, %s, false)"
_APPEND = """
WITH guard AS (
    UPDATE game_tables SET version = %(new_version)s, updated_at = %(at)s, status = %(status)s,
        deal_no = %(deal_no)s, scores = %(scores)s,
        snapshot = %(snapshot)s, snapshot_schema = %(snapshot_schema)s,
        deadline_at = %(deadline_at)s
    WHERE id = %(id)s AND version = %(expected)s
    RETURNING id
), logged AS (
    INSERT INTO events (table_id, seq, type, schema_version, deal_no, payload, created_at)
    SELECT guard.id, e.seq, e.type, e.schema_version, e.deal_no, e.payload, %(at)s
    FROM guard, json_to_recordset(%(events)s)
        AS e(seq integer, type text, schema_version integer, deal_no integer, payload json)
    RETURNING 1
), moved AS (
    INSERT INTO moves (table_id, player_id, move_id, version, digest, created_at)
    SELECT guard.id, m.player_id, m.move_id, %(new_version)s, m.digest, %(at)s
    FROM guard, json_to_recordset(%(moves)s) AS m(player_id text, move_id text, digest text)
    RETURNING 1
), seated AS (
    UPDATE seats SET player_id = c.player_id, bot = c.bot, must_act = c.must_act
    FROM guard, json_to_recordset(%(seats)s)
        AS c(seat integer, player_id text, bot text, must_act boolean)
    WHERE seats.table_id = guard.id AND seats.seat = c.seat
    RETURNING 1
), notified AS (
    SELECT pg_notify(%(channel)s, %(notify)s) FROM guard WHERE %(notify)s <> ''
)
SELECT (SELECT count(*) FROM guard), (SELECT count(*) FROM notified)
"""
"""An append as one statement (atomic on its own): the guarded UPDATE of the projection row,
and only if it matched, the events, the move id, the seat rows and the wake-up."""
_TURNS = """
SELECT t.id, t.version FROM game_tables t JOIN seats s ON s.table_id = t.id
WHERE s.player_id = %s AND s.must_act AND t.status = 'playing' ORDER BY t.updated_at
"""
_TABLE_OF_REQUEST = "SELECT table_id, digest FROM table_requests WHERE player_id = %s AND key = %s"


def conninfo(database_url: str) -> str:
    """The libpq connection string of an SQLAlchemy URL (any PostgreSQL driver name)."""
    url = make_url(async_url(database_url)).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


async def _configure(connection: psycopg.AsyncConnection[Any]) -> None:
    """JSON in and out through orjson (the same JSON text, faster)."""
    set_json_dumps(orjson.dumps, connection)
    set_json_loads(orjson.loads, connection)


def _append_params(append: Append) -> dict[str, Any]:
    p, move = append.projection, append.move
    first = append.expected_version + 1
    return {
        "id": append.table_id,
        "expected": append.expected_version,
        "new_version": append.new_version,
        "at": append.at,
        "status": p.status,
        "deal_no": p.deal_no,
        "scores": Json(list(p.scores)),
        "snapshot": Json(p.snapshot),
        "snapshot_schema": p.snapshot_schema,
        "deadline_at": p.deadline_at,
        "events": Json(
            [
                {
                    "seq": seq,
                    "type": e.type,
                    "schema_version": e.schema_version,
                    "deal_no": e.deal_no,
                    "payload": e.payload,
                }
                for seq, e in enumerate(append.events, start=first)
            ]
        ),
        "moves": Json(
            []
            if move is None
            else [{"player_id": move.player_id, "move_id": move.key, "digest": move.digest}]
        ),
        "seats": Json(
            [
                {"seat": c.seat, "player_id": c.player_id, "bot": c.bot, "must_act": c.must_act}
                for c in append.seats
            ]
        ),
        "channel": CHANNEL,
        "notify": append.notify or "",
    }


class PostgresStore(TableDirectory):
    """The log through psycopg; the listings of the lobby and the clock (`TableDirectory`)
    through SQLAlchemy Core on `engine`."""

    def __init__(self, database_url: str, engine: AsyncEngine, pool_size: int = 10) -> None:
        super().__init__(engine)
        self._pool = AsyncConnectionPool(
            conninfo(database_url),
            min_size=min(2, pool_size),
            max_size=pool_size,
            kwargs={"autocommit": True},
            open=False,
            timeout=5.0,  # a request waits this long for a connection, then fails (503)
            name="kozel-store",
            configure=_configure,
        )

    async def open(self) -> None:
        await self._pool.open(wait=True, timeout=30)

    async def close(self) -> None:
        await self._pool.close()

    async def read(
        self, table_id: str, known_version: int | None = None, move: tuple[str, str] | None = None
    ) -> TableRow | None:
        params: dict[str, Any] = {"id": table_id, "known": known_version}
        if move is not None:
            params["player"], params["move"] = move
        async with self._pool.connection() as connection:
            cursor = await connection.execute(_READ_WITH_MOVE if move else _READ, params)
            row = await cursor.fetchone()
        return None if row is None else TableRow(*row)

    async def load(self, table_id: str, after_seq: int = 0) -> list[StoredEvent]:
        async with self._pool.connection() as connection:
            cursor = await connection.execute(_LOAD, (table_id, after_seq))
            rows = await cursor.fetchall()
        return [
            StoredEvent(seq, kind, schema, deal_no, payload, at.astimezone(UTC))
            for seq, kind, schema, deal_no, payload, at in rows
        ]

    async def append(self, append: Append) -> None:
        async with self._pool.connection() as connection:
            try:
                if append.new_table is None:
                    cursor = await connection.execute(_APPEND, _append_params(append))
                    guarded = await cursor.fetchone()
                else:  # a new table's rows first, then the append, in one transaction
                    async with connection.pipeline() as pipeline, connection.transaction():
                        await self._create(connection, append)
                        cursor = await connection.execute(_APPEND, _append_params(append))
                        await pipeline.sync()
                        guarded = await cursor.fetchone()
                        if guarded is None or guarded[0] != 1:
                            raise VersionConflict(None)
            except (VersionConflict, psycopg.errors.IntegrityError):
                guarded = None
            if guarded is None or guarded[0] != 1:
                cursor = await connection.execute(_VERSION, (append.table_id,))
                row = await cursor.fetchone()
                raise VersionConflict(None if row is None else row[0])

    async def _create(self, connection: psycopg.AsyncConnection[Any], append: Append) -> None:
        new = append.new_table
        assert new is not None
        table_id, at = append.table_id, append.at
        if new.request is not None:
            request = new.request
            await connection.execute(
                _REQUEST, (request.player_id, request.key, request.digest, table_id, at)
            )
        await connection.execute(_NEW_TABLE, (table_id, new.variant, Json(new.options), at, at))
        async with connection.cursor() as cursor:
            await cursor.executemany(_NEW_SEAT, [(table_id, seat) for seat in new.seats])

    async def turns(self, player_id: str) -> list[tuple[str, int]]:
        async with self._pool.connection() as connection:
            cursor = await connection.execute(_TURNS, (player_id,))
            return [(table_id, version) for table_id, version in await cursor.fetchall()]

    async def table_of_request(self, player_id: str, key: str) -> RequestRecord | None:
        async with self._pool.connection() as connection:
            cursor = await connection.execute(_TABLE_OF_REQUEST, (player_id, key))
            row = await cursor.fetchone()
        return None if row is None else RequestRecord(str(row[0]), row[1])
