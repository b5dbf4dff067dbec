from __future__ import annotations

from pathlib import Path

import pytest

from app.db.migrate import upgrade


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A migrated SQLite database of its own, for a test whose database does not matter."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'kozel.sqlite3'}"
    upgrade(url)
    return url
