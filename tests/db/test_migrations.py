"""Migrations: `kozel migrate` upgrades a database, and the server refuses an old schema."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import anyio
import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text
from sqlalchemy.engine import make_url

from app.api.main import create_app
from app.config import Settings
from app.db.database import create_engine, session_factory
from app.db.migrate import (
    SchemaBehind,
    alembic_config,
    check_schema,
    current_revision,
    head_revision,
    upgrade,
)
from app.db.models import Base
from app.db.store import RequestRecord
from app.db.store_sql import SqlStore
from app.db.wakeup import Wakeup
from app.services.players import PlayerInfo, Players, token_hash
from tests.databases import created

ROOT = Path(__file__).resolve().parents[2]


def kozel(*args: str, url: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_URL": url}
    command = [sys.executable, "-m", "app.cli", *args]
    return subprocess.run(command, check=False, cwd=ROOT, env=env, capture_output=True, text=True)


@pytest.mark.slow  # three subprocesses; tests/ops runs the CLI in the default suite
def test_migrate_and_check_db_from_the_command_line(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    behind = kozel("check-db", url=url)
    assert behind.returncode == 1
    assert "kozel migrate" in behind.stderr
    assert kozel("migrate", url=url).returncode == 0
    ok = kozel("check-db", url=url)
    assert ok.returncode == 0, ok.stderr
    assert kozel("migrate", url=url).returncode == 0  # idempotent


def test_check_db_reports_an_unreachable_database() -> None:
    result = kozel("check-db", url="postgresql://nobody@127.0.0.1:1/none")
    assert result.returncode == 2
    assert "unreachable" in result.stderr


@pytest.mark.anyio
async def test_the_server_refuses_a_schema_that_is_behind(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'old.sqlite3'}"
    # Alembic runs its own event loop: from async code it goes to a thread.
    await anyio.to_thread.run_sync(command.upgrade, alembic_config(url), "0001")
    engine = create_engine(url)
    with pytest.raises(SchemaBehind):
        await check_schema(engine, url)
    await engine.dispose()
    app = create_app(Settings(database_url=url))
    with pytest.raises(SchemaBehind):
        async with app.router.lifespan_context(app):
            pass
    await anyio.to_thread.run_sync(upgrade, url)
    async with app.router.lifespan_context(app):
        pass
    assert head_revision(url) == "0009"


@pytest.fixture(params=["sqlite", "postgres"])
def empty_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database with nothing in it: a new SQLite file, or a new PostgreSQL database (the
    shared `database_url` is migrated already, so it cannot show an upgrade from nothing)."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'empty.sqlite3'}"
        return
    database = created(migrate=False)
    if database is None:
        pytest.skip("PostgreSQL is not reachable (it is required under CI)")
    yield database.url
    database.drop()


async def _schema(url: str) -> tuple[str, str | None, list[Any]]:
    """The database's dialect, its revision, and how its tables differ from the models."""
    engine = create_engine(url)
    async with engine.connect() as connection:
        revision = await current_revision(engine)
        differences = await connection.run_sync(
            lambda sync: compare_metadata(MigrationContext.configure(sync), Base.metadata)
        )
    await engine.dispose()
    return engine.dialect.name, revision, differences


def test_migrations_upgrade_an_empty_database_to_the_models(empty_database: str) -> None:
    dialect, revision, differences = asyncio.run(_schema(empty_database))
    assert dialect == make_url(empty_database).get_backend_name()
    assert revision is None
    assert differences  # every table is missing
    upgrade(empty_database)
    dialect, revision, differences = asyncio.run(_schema(empty_database))
    assert revision == head_revision(empty_database)
    assert differences == [], "the migrated schema is not the one the models describe"
    upgrade(empty_database)  # at head already: nothing to do
    assert asyncio.run(_schema(empty_database))[1:] == (revision, [])


@pytest.mark.anyio
async def test_0005_leaves_the_requests_recorded_before_it_without_a_digest(
    database_url: str,
) -> None:
    """Move ids and idempotency keys recorded before request digests were kept have none (they
    match any body, as they did); the revision goes down and up again on both databases."""
    config = alembic_config(database_url)
    await anyio.to_thread.run_sync(command.downgrade, config, "0004")
    engine = create_engine(database_url)
    try:
        at = "2026-11-30 10:00:00+00:00"
        async with engine.begin() as connection:
            for statement in [
                "INSERT INTO game_tables (id, variant, status, options, version, deal_no, "
                "written_0, written_1, created_at, updated_at) VALUES "
                "('t1', 'kozel24', 'playing', '{}', 3, 1, 0, 0, :at, :at)",
                "INSERT INTO moves (table_id, player_id, move_id, version, created_at) "
                "VALUES ('t1', 'p1', 'm1', 3, :at)",
                "INSERT INTO table_requests (player_id, key, table_id, created_at) "
                "VALUES ('p1', 'k1', 't1', :at)",
            ]:
                await connection.execute(text(statement), {"at": at})
        await anyio.to_thread.run_sync(upgrade, database_url)
        store = SqlStore(engine)
        row = await store.read("t1", move=("p1", "m1"))
        assert row is not None
        assert (row.move_version, row.move_digest) == (3, None)
        assert await store.table_of_request("p1", "k1") == RequestRecord("t1", None)
        await anyio.to_thread.run_sync(command.downgrade, config, "0004")
    finally:
        await anyio.to_thread.run_sync(upgrade, database_url)
        await engine.dispose()


@pytest.mark.anyio
async def test_0006_moves_the_written_totals_to_scores_per_side_and_back(
    database_url: str,
) -> None:
    """Every table row keeps its figures: `written_0, written_1` become `scores`, on both
    databases, and the downgrade gives them back; the rows that refer to a table (its log)
    stay (on SQLite a rebuilt table would have taken them with it, ON DELETE CASCADE)."""
    config = alembic_config(database_url)
    await anyio.to_thread.run_sync(command.downgrade, config, "0005")
    engine = create_engine(database_url)
    rows = {"t1": (4, 12), "t2": (0, 0), "t3": (10, 2)}
    insert_row = text(
        "INSERT INTO game_tables (id, variant, status, options, version, deal_no, written_0, "
        "written_1, created_at, updated_at) VALUES (:id, 'kozel24', 'playing', '{}', 3, 1, "
        ":w0, :w1, :at, :at)"
    )
    try:
        at = "2026-11-30 10:00:00+00:00"
        async with engine.begin() as connection:
            for table_id, (w0, w1) in rows.items():
                params = {"id": table_id, "w0": w0, "w1": w1, "at": at}
                await connection.execute(insert_row, params)
            await connection.execute(
                text(
                    "INSERT INTO events (table_id, seq, type, schema_version, deal_no, payload, "
                    "created_at) VALUES ('t1', 1, 'table_created', 1, 0, '{}', :at)"
                ),
                {"at": at},
            )
        await anyio.to_thread.run_sync(upgrade, database_url)
        store = SqlStore(engine)
        for table_id, written in rows.items():
            summary = await store.summary(table_id)
            assert summary is not None
            assert summary.scores == written
        assert [e.type for e in await store.load("t1")] == ["table_created"]
        await anyio.to_thread.run_sync(command.downgrade, config, "0005")
        async with engine.connect() as connection:
            back = await connection.execute(
                text("SELECT id, written_0, written_1 FROM game_tables ORDER BY id")
            )
            assert {table_id: (w0, w1) for table_id, w0, w1 in back} == rows
    finally:
        await anyio.to_thread.run_sync(upgrade, database_url)
        await engine.dispose()


@pytest.mark.anyio
async def test_0007_makes_every_players_token_its_first_device_token(database_url: str) -> None:
    """Players keep working across the upgrade: each one's token is its first device token
    (and its seats stay, though SQLite rebuilds `players`); the downgrade gives each player
    its earliest token back, and a hash no token has to one left without any."""
    config = alembic_config(database_url)
    await anyio.to_thread.run_sync(command.downgrade, config, "0006")
    engine = create_engine(database_url)
    at = "2026-11-30 10:00:00+00:00"
    try:
        async with engine.begin() as connection:
            for player_id, token in (("p1", "old-token-1"), ("p2", "old-token-2")):
                await connection.execute(
                    text(
                        "INSERT INTO players (id, name, token_hash, created_at) "
                        "VALUES (:id, 'Вася', :hash, :at)"
                    ),
                    {"id": player_id, "hash": token_hash(token), "at": at},
                )
            await connection.execute(
                text(
                    "INSERT INTO game_tables (id, variant, status, options, version, deal_no, "
                    "scores, created_at, updated_at) VALUES "
                    "('t1', 'kozel24', 'waiting', '{}', 1, 0, '[0, 0]', :at, :at)"
                ),
                {"at": at},
            )
            await connection.execute(text("INSERT INTO seats VALUES ('t1', 0, 'p1', NULL, false)"))
        await anyio.to_thread.run_sync(upgrade, database_url)
        wakeup = Wakeup()
        players = Players(session_factory(engine), wakeup)
        vasya = await players.authenticate("old-token-1")
        assert vasya == PlayerInfo("p1", "Вася", False)
        (first,) = await players.tokens(vasya, "old-token-1")
        assert (first.id, first.device, first.current) == ("p1", None, True)
        assert first.created_at == datetime.fromisoformat(at)
        assert first.last_used_at > first.created_at  # just now, by `authenticate`
        await players.revoke(PlayerInfo("p2", "Вася", False), "p2")
        await players.issue(vasya, "phone")  # a later token: not the one the downgrade keeps
        async with engine.connect() as connection:
            seats = await connection.execute(text("SELECT table_id, seat, player_id FROM seats"))
            assert list(seats) == [("t1", 0, "p1")]
        await anyio.to_thread.run_sync(command.downgrade, config, "0006")
        async with engine.connect() as connection:
            back = await connection.execute(text("SELECT id, token_hash FROM players ORDER BY id"))
            assert list(back) == [("p1", token_hash("old-token-1")), ("p2", "revoked:p2")]
            seats = await connection.execute(text("SELECT player_id FROM seats"))
            assert list(seats) == [("p1",)]
    finally:
        await anyio.to_thread.run_sync(upgrade, database_url)
        await engine.dispose()
