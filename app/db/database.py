"""Engines and sessions for SQLite (embedded default) and PostgreSQL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from app.config import async_url
from app.db.store import EventStore
from app.db.store_pg import PostgresStore
from app.db.store_sql import SqlStore


def is_sqlite(url: str) -> bool:
    return make_url(async_url(url)).get_backend_name() == "sqlite"


def create_engine(url: str) -> AsyncEngine:
    url = async_url(url)
    if is_sqlite(url):
        database = make_url(url).database
        if database and database != ":memory:":
            Path(database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_async_engine(
            url,
            connect_args={"timeout": 30},
            hide_parameters=True,  # errors that reach a log never show a snapshot's cards
            json_serializer=_json_text,
            json_deserializer=orjson.loads,
        )
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    return create_async_engine(
        url,
        pool_size=10,
        max_overflow=20,
        pool_pre_ping=True,
        hide_parameters=True,
        json_serializer=_json_text,
        json_deserializer=orjson.loads,
    )


def _json_text(value: Any) -> str:
    """JSON columns through orjson: the same text as `json.dumps` without spaces, faster."""
    return orjson.dumps(value).decode()


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


async def open_store(database_url: str, engine: AsyncEngine, pool_size: int) -> EventStore:
    """The event store for a database: asyncpg with its own pool on PostgreSQL (an append is
    one round trip), SQLAlchemy Core on `engine` elsewhere."""
    if make_url(async_url(database_url)).get_backend_name() == "postgresql":
        store = PostgresStore(database_url, engine, pool_size)
        await store.open()
        return store
    return SqlStore(engine)


def session_factory(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False)
