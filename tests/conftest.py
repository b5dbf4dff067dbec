from __future__ import annotations

import pytest

from tests.databases import database_url, postgres
from tests.nats_servers import nats_url, own_nats

__all__ = ["database_url", "nats_url", "own_nats", "postgres"]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
