from __future__ import annotations

import pytest

from tests.databases import database_url, postgres

__all__ = ["database_url", "postgres"]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


WHOLE_GAMES_OVER_SERVERS = ("tests/e2e/", "tests/browser/", "tests/security/test_hidden_cards.py")
"""Whole games played through real servers or a browser: the store behind them is the same on
both databases, which the store, API and concurrency tests check in the default run, so here
the PostgreSQL twin runs in the slow suite (CI runs both) and the default run stays short."""


@pytest.hookimpl(tryfirst=True)  # before `-m 'not slow'` deselects
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        callspec = getattr(item, "callspec", None)
        on_postgres = callspec is not None and callspec.params.get("database_url") == "postgres"
        if on_postgres and item.nodeid.startswith(WHOLE_GAMES_OVER_SERVERS):
            item.add_marker(pytest.mark.slow)
