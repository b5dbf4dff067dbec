from __future__ import annotations

import pytest

from tests.databases import database_url, postgres

__all__ = ["database_url", "postgres"]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
