"""Alembic glue: upgrade a database, and tell whether its schema is current."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
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


def upgrade(database_url: str) -> None:
    command.upgrade(alembic_config(database_url), "head")


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
