"""The event store's contract, on SQLite and PostgreSQL: ordered appends, the expected
version, and exactly one winner when two writers race for one version."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.db import store
from app.db.database import create_engine, session_factory
from app.db.models import GameTable
from app.db.store import NewEvent, VersionConflict

pytestmark = pytest.mark.anyio
NOW = datetime(2026, 11, 30, tzinfo=UTC)


@pytest.fixture
async def sessions(database_url: str) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    engine = create_engine(database_url)
    factory = session_factory(engine)
    async with factory() as session, session.begin():
        session.add(
            GameTable(
                id="t1",
                variant="kozel24",
                status="waiting",
                options={},
                version=0,
                deal_no=0,
                written_0=0,
                written_1=0,
                created_at=NOW,
                updated_at=NOW,
            )
        )
    yield factory
    await engine.dispose()


def events(*types: str) -> list[NewEvent]:
    return [NewEvent(t, 1, 0, {"n": i, "text": "козёл"}) for i, t in enumerate(types)]


async def append(
    sessions: async_sessionmaker[AsyncSession], expected: int, new: list[NewEvent]
) -> int:
    async with sessions() as session, session.begin():
        return await store.append(session, "t1", expected, new, NOW, {"status": "playing"})


async def test_appends_are_read_back_in_order(sessions: async_sessionmaker[AsyncSession]) -> None:
    assert await append(sessions, 0, events("a", "b")) == 2
    assert await append(sessions, 2, events("c")) == 3
    async with sessions() as session:
        loaded = await store.load(session, "t1")
        later = await store.load(session, "t1", after_seq=2)
        row = await session.get(GameTable, "t1")
    assert [(e.seq, e.type) for e in loaded] == [(1, "a"), (2, "b"), (3, "c")]
    assert loaded[0].payload == {"n": 0, "text": "козёл"}
    assert loaded[0].at == NOW
    assert [e.seq for e in later] == [3]
    assert row is not None
    assert (row.version, row.status) == (3, "playing")


async def test_a_stale_version_is_refused_and_nothing_is_written(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    await append(sessions, 0, events("a"))
    with pytest.raises(VersionConflict) as conflict:
        await append(sessions, 0, events("x"))
    assert conflict.value.current_version == 1
    async with sessions() as session:
        assert [e.type for e in await store.load(session, "t1")] == ["a"]


async def test_two_writers_of_one_version_exactly_one_wins(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    for round_no in range(10):
        version = round_no
        outcomes = await asyncio.gather(
            append(sessions, version, events(f"left{round_no}")),
            append(sessions, version, events(f"right{round_no}")),
            return_exceptions=True,
        )
        wins = [o for o in outcomes if isinstance(o, int)]
        losses = [o for o in outcomes if isinstance(o, VersionConflict)]
        assert (len(wins), len(losses)) == (1, 1), outcomes
    async with sessions() as session:
        loaded = await store.load(session, "t1")
    assert [e.seq for e in loaded] == list(range(1, 11))
