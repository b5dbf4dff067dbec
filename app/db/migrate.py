"""Alembic glue: upgrade a database, and tell whether its schema is current."""

from __future__ import annotations

from pathlib import Path

import psycopg
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from app.config import async_url

MIGRATIONS = Path(__file__).resolve().parent.parent.parent / "migrations"


class SchemaBehind(RuntimeError):
    """The database is not at the migrations' head: run `kozel migrate` first."""


def alembic_config(database_url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", async_url(database_url).replace("%", "%%"))
    return config


MIGRATION_LOCK = 0x6B6F7A656C  # "kozel": the PostgreSQL advisory lock of `kozel migrate`


def upgrade(database_url: str) -> None:
    """Upgrade to the latest revision. On PostgreSQL an advisory lock makes instances that
    start at once migrate one after the other (the later ones then find nothing to do)."""
    url = make_url(async_url(database_url))
    if url.get_backend_name() != "postgresql":
        command.upgrade(alembic_config(database_url), "head")
        return
    dsn = url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(dsn, autocommit=True) as lock:
        lock.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
        try:
            command.upgrade(alembic_config(database_url), "head")
        finally:
            lock.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK,))


def head_revision(database_url: str) -> str | None:
    return ScriptDirectory.from_config(alembic_config(database_url)).get_current_head()


async def current_revision(engine: AsyncEngine) -> str | None:
    async with engine.connect() as connection:
        return await connection.run_sync(
            lambda sync: MigrationContext.configure(sync).get_current_revision()
        )


async def check_schema(engine: AsyncEngine, database_url: str) -> None:
    current, head = await current_revision(engine), head_revision(database_url)
    if current != head:
        raise SchemaBehind(
            f"the database schema is at {current or 'nothing'}, the code needs {head}: "
            "run `kozel migrate` (or `make migrate`)"
        )
