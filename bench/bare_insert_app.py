"""The yardsticks for `bench/api.py`: a bare FastAPI endpoint that does one INSERT transaction
on the same database, in two ways.

- `app` (`POST /insert`), issue 19's yardstick: the INSERT through the SQLAlchemy engine the
  service uses for its players and listings (`create_engine`: a pool of 10 and 20 more on
  demand), as `BEGIN`, the INSERT and `COMMIT`. The service's own appends left this engine for
  psycopg directly; under 200 clients this pool also opens and closes connections all along.
- `pool_app` (`POST /insert`): the INSERT as the event store appends, one statement in
  autocommit through asyncpg on the store's own pool of `db_pool_size` connections
  (`PostgresStore`, `pg_pool`): the floor of a durable write through the service's own write
  path.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime

from fastapi import FastAPI
from sqlalchemy import text

from app.config import Settings
from app.db.database import create_engine
from app.db.pg_pool import ConnectionPool
from app.db.store_pg import dsn, json_through_orjson

URL = os.environ["DATABASE_URL"]
CREATE = "CREATE TABLE IF NOT EXISTS bench_insert (id TEXT PRIMARY KEY, at TIMESTAMPTZ)"


def _app(
    start: Callable[[], Awaitable[None]],
    stop: Callable[[], Awaitable[None]],
    insert_row: Callable[[str], Awaitable[None]],
) -> FastAPI:
    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await start()
        yield
        await stop()

    bare = FastAPI(lifespan=lifespan)

    @bare.post("/insert")
    async def insert() -> dict[str, str]:
        row = str(uuid.uuid4())
        await insert_row(row)
        return {"id": row}

    return bare


engine = create_engine(URL)


async def _engine_start() -> None:
    async with engine.begin() as connection:
        await connection.execute(text(CREATE))


async def _engine_insert(row: str) -> None:
    async with engine.begin() as connection:
        await connection.execute(
            text("INSERT INTO bench_insert (id, at) VALUES (:id, :at)"),
            {"id": row, "at": datetime.now(UTC)},
        )


app = _app(_engine_start, engine.dispose, _engine_insert)

_size = Settings().db_pool_size
pool = ConnectionPool(dsn(URL), _size, 5.0, json_through_orjson)


async def _pool_start() -> None:
    await pool.open(_size)
    async with pool.connection() as connection:
        await connection.execute(CREATE)


async def _pool_insert(row: str) -> None:
    async with pool.connection() as connection:
        await connection.execute(
            "INSERT INTO bench_insert (id, at) VALUES ($1, $2)", row, datetime.now(UTC)
        )


pool_app = _app(_pool_start, pool.close, _pool_insert)
