"""The two databases every store, concurrency and API test runs against.

SQLite: a fresh file per test. PostgreSQL: one fresh database per test session on the local
server (`KOZEL_TEST_POSTGRES_URL`, default the machine's `postgres@127.0.0.1:5432/test`),
emptied between tests. Without a reachable PostgreSQL the PostgreSQL cases are skipped,
except under CI (`CI=true`), where that is a failure.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from sqlalchemy.engine import make_url

from app.db.migrate import upgrade

DEFAULT_POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
TABLES = (
    "seat_addresses",
    "finished_seats",
    "ratings",
    "clock_lapses",
    "seeks",
    "credential_failures",
    "tokens",
    "table_requests",
    "moves",
    "events",
    "seats",
    "game_tables",
    "players",
)


def postgres_admin_url() -> str:
    return os.environ.get("KOZEL_TEST_POSTGRES_URL", DEFAULT_POSTGRES)


def _dsn(url: str) -> str:
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class PostgresDatabase:
    """A throw-away database on the local server, migrated once."""

    def __init__(self) -> None:
        self.admin = postgres_admin_url()
        self.name = f"kozel_test_{uuid.uuid4().hex[:12]}"
        self.url = (
            make_url(self.admin).set(database=self.name).render_as_string(hide_password=False)
        )

    def create(self, migrate: bool = True) -> None:
        with psycopg.connect(_dsn(self.admin), autocommit=True, connect_timeout=5) as conn:
            conn.execute(f'CREATE DATABASE "{self.name}"')
        if migrate:
            upgrade(self.url)

    def empty(self) -> None:
        with psycopg.connect(_dsn(self.url), autocommit=True) as conn:
            conn.execute(f"TRUNCATE {', '.join(TABLES)} CASCADE")

    def drop(self) -> None:
        with psycopg.connect(_dsn(self.admin), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


def created(migrate: bool = True) -> PostgresDatabase | None:
    """A new database on the local server, or None when no server answers (outside CI)."""
    database = PostgresDatabase()
    try:
        database.create(migrate)
    except psycopg.OperationalError as error:
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL is required under CI: {error}")
        return None
    return database


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresDatabase | None]:
    database = created()
    yield database
    if database is not None:
        database.drop()


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(
    request: pytest.FixtureRequest, tmp_path: Path, postgres: PostgresDatabase | None
) -> str:
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'kozel.sqlite3'}"
        upgrade(url)
        return url
    if postgres is None:
        pytest.skip("PostgreSQL is not reachable (it is required under CI)")
    postgres.empty()
    return postgres.url
