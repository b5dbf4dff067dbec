"""Migrations: `kozel migrate` upgrades a database, and the server refuses an old schema."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from alembic import command

from app.api.main import create_app
from app.config import Settings
from app.db.database import create_engine
from app.db.migrate import SchemaBehind, alembic_config, check_schema, head_revision, upgrade

ROOT = Path(__file__).resolve().parents[2]


def kozel(*args: str, url: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_URL": url}
    command = [sys.executable, "-m", "app.cli", *args]
    return subprocess.run(command, check=False, cwd=ROOT, env=env, capture_output=True, text=True)


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
    assert head_revision(url) == "0004"


def test_migrations_run_on_postgres_too(database_url: str) -> None:
    upgrade(database_url)  # already at head: a no-op that must not fail
