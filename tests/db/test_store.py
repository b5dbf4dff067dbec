"""The event store's contract, for every store on every database it runs on: ordered appends,
the expected version, exactly one winner when two writers race for one version, reads that
skip a known snapshot, move ids, seat rows, turns, idempotency keys of new tables, and the
listings of the lobby and the move clock."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import insert
from sqlalchemy.engine import make_url

from app.db.database import create_engine
from app.db.migrate import upgrade
from app.db.models import Player
from app.db.store import (
    CHANNEL,
    Append,
    ClientRequest,
    EventStore,
    NewEvent,
    NewTable,
    Projection,
    RequestRecord,
    SeatChange,
    VersionConflict,
)
from app.db.store_pg import PostgresStore
from app.db.store_sql import SqlStore
from tests.databases import PostgresDatabase

pytestmark = pytest.mark.anyio
NOW = datetime(2026, 11, 30, tzinfo=UTC)
KEY = ClientRequest("p1", "k1", "d" * 64)
"""The Idempotency-Key of the table every test starts with."""


@pytest.fixture(params=["sql-sqlite", "sql-postgres", "pg-postgres"])
def store_url(
    request: pytest.FixtureRequest, tmp_path: Path, postgres: PostgresDatabase | None
) -> tuple[str, str]:
    """Each store on each database it runs on: (store, URL)."""
    kind, database = request.param.split("-")
    if database == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'kozel.sqlite3'}"
        upgrade(url)
        return kind, url
    if postgres is None:
        pytest.skip("PostgreSQL is not reachable (it is required under CI)")
    postgres.empty()
    return kind, postgres.url


@pytest.fixture
def database_url(store_url: tuple[str, str]) -> str:
    return store_url[1]


@pytest.fixture
async def store(store_url: tuple[str, str]) -> AsyncIterator[EventStore]:
    kind, url = store_url
    chosen: EventStore
    engine = create_engine(url)
    if kind == "pg":
        postgres_store = PostgresStore(url, engine, pool_size=4)
        await postgres_store.open()
        chosen = postgres_store
    else:
        chosen = SqlStore(engine)
    await chosen.append(Append("t1", 0, [], NOW, projection(0), new_table=new_table(KEY)))
    yield chosen
    await chosen.close()
    await engine.dispose()


def new_table(request: ClientRequest | None = None, seats: int = 4) -> NewTable:
    return NewTable("kozel24", {"eggs": True}, tuple(range(seats)), request)


def projection(n: int, status: str = "playing", deadline: datetime | None = None) -> Projection:
    return Projection(status, 1, (2, 4), {"state": n, "text": "козёл"}, 7, deadline)


def events(*types: str) -> list[NewEvent]:
    return [NewEvent(t, 1, 3, {"n": i, "text": "козёл"}) for i, t in enumerate(types)]


async def append(store: EventStore, expected: int, new: list[NewEvent], **extra: object) -> int:
    done = Append("t1", expected, new, NOW, projection(expected + len(new)), **extra)  # type: ignore[arg-type]
    await store.append(done)
    return done.new_version


async def test_appends_are_read_back_in_order(store: EventStore) -> None:
    assert await append(store, 0, events("a", "b")) == 2
    assert await append(store, 2, events("c")) == 3
    loaded = await store.load("t1")
    later = await store.load("t1", after_seq=2)
    assert [(e.seq, e.type, e.deal_no) for e in loaded] == [(1, "a", 3), (2, "b", 3), (3, "c", 3)]
    assert loaded[0].payload == {"n": 0, "text": "козёл"}
    assert loaded[0].at == NOW
    assert [e.seq for e in later] == [3]
    row = await store.read("t1")
    assert row is not None
    assert (row.version, row.snapshot, row.snapshot_schema) == (3, {"state": 3, "text": "козёл"}, 7)


async def test_a_read_skips_the_snapshot_it_knows(store: EventStore) -> None:
    await append(store, 0, events("a"))
    known = await store.read("t1", known_version=1)
    other = await store.read("t1", known_version=0)
    assert known is not None
    assert other is not None
    assert (known.version, known.snapshot) == (1, None)
    assert other.snapshot == {"state": 1, "text": "козёл"}
    assert await store.read("no-such-table") is None


async def test_a_stale_version_is_refused_and_nothing_is_written(store: EventStore) -> None:
    await append(store, 0, events("a"))
    with pytest.raises(VersionConflict) as conflict:
        await append(store, 0, events("x"))
    assert conflict.value.current_version == 1
    assert [e.type for e in await store.load("t1")] == ["a"]
    row = await store.read("t1")
    assert row is not None
    assert row.snapshot == {"state": 1, "text": "козёл"}


async def test_two_writers_of_one_version_exactly_one_wins(store: EventStore) -> None:
    for round_no in range(10):
        outcomes = await asyncio.gather(
            append(store, round_no, events(f"left{round_no}")),
            append(store, round_no, events(f"right{round_no}")),
            return_exceptions=True,
        )
        wins = [o for o in outcomes if isinstance(o, int)]
        losses = [o for o in outcomes if isinstance(o, VersionConflict)]
        assert (len(wins), len(losses)) == (1, 1), outcomes
    assert [e.seq for e in await store.load("t1")] == list(range(1, 11))


async def test_a_move_id_is_recorded_once_with_its_digest(store: EventStore) -> None:
    await append(store, 0, events("a", "b"), move=ClientRequest("p1", "m1", "1" * 64))
    row = await store.read("t1", move=("p1", "m1"))
    elsewhere = await store.read("t1", move=("p2", "m1"))
    assert row is not None
    assert (row.version, row.move_version, row.move_digest) == (2, 2, "1" * 64)
    assert elsewhere is not None
    assert (elsewhere.version, elsewhere.move_version, elsewhere.move_digest) == (2, None, None)
    with pytest.raises(VersionConflict):  # the same move id again: the whole append fails
        await append(store, 2, events("c"), move=ClientRequest("p1", "m1", "2" * 64))
    assert [e.seq for e in await store.load("t1")] == [1, 2]
    assert await store.read("t1", move=("p1", "m1")) == row


async def test_seat_rows_drive_the_turns(store: EventStore, database_url: str) -> None:
    engine = create_engine(database_url)
    async with engine.begin() as connection:
        await connection.execute(insert(Player).values(id="p1", name="Вася", created_at=NOW))
    await engine.dispose()
    await append(store, 0, events("a"), seats=[SeatChange(1, "p1", None, True)])
    assert await store.turns("p1") == [("t1", 1)]
    await append(store, 1, events("b"), seats=[SeatChange(1, "p1", None, False)])
    assert await store.turns("p1") == []
    await append(store, 2, events("c"), seats=[SeatChange(1, "p1", None, True)])
    finished = Append("t1", 3, events("d"), NOW, projection(4, status="finished"))
    await store.append(finished)
    assert await store.turns("p1") == []  # only running tables


async def test_many_players_and_tables_are_checked_in_one_query(
    store: EventStore, database_url: str
) -> None:
    engine = create_engine(database_url)
    async with engine.begin() as connection:
        await connection.execute(insert(Player).values(id="p1", name="Вася", created_at=NOW))
    await engine.dispose()
    assert await store.acting(["p1", "nobody"]) == set()
    await append(store, 0, events("a"), seats=[SeatChange(1, "p1", None, True)])
    assert await store.acting(["p1", "nobody"]) == {"p1"}
    assert await store.versions(["t1", "nowhere"]) == {"t1": 1}


async def test_an_idempotency_key_names_its_table(store: EventStore) -> None:
    assert await store.table_of_request("p1", "k1") == RequestRecord("t1", "d" * 64)
    assert await store.table_of_request("p1", "other") is None
    twin = Append("t2", 0, [], NOW, projection(0), new_table=new_table(KEY))
    with pytest.raises(VersionConflict):
        await store.append(twin)
    assert await store.read("t2") is None


async def test_the_lobby_lists_tables_newest_first_with_their_seats(
    store: EventStore, database_url: str
) -> None:
    engine = create_engine(database_url)
    async with engine.begin() as connection:
        await connection.execute(insert(Player).values(id="p1", name="Вася", created_at=NOW))
        await connection.execute(
            insert(Player).values(id="p2", name="R2", bot=True, created_at=NOW)
        )
    await engine.dispose()
    later = NOW + timedelta(minutes=1)
    await store.append(
        Append("t2", 0, [], later, projection(0, "waiting"), new_table=new_table(seats=2))
    )
    seated = [SeatChange(1, "p1", None, False), SeatChange(2, "p2", None, False)]
    await append(store, 0, events("a"), seats=seated)
    newest, oldest = await store.summaries(None, 10, None)
    assert [t.id for t in (newest, oldest)] == ["t2", "t1"]
    assert (oldest.scores, oldest.status, oldest.options) == ((2, 4), "playing", {"eggs": True})
    assert [(r.seat, r.player_id, r.player_name, r.player_bot) for r in oldest.seats][:3] == [
        (0, None, None, False),
        (1, "p1", "Вася", False),
        (2, "p2", "R2", True),  # a bot account
    ]
    assert len(newest.seats) == 2  # a table has as many seat rows as players
    assert [t.id for t in await store.summaries("playing", 10, None)] == ["t1"]
    assert [t.id for t in await store.summaries(None, 10, (later, "t2"))] == ["t1"]
    assert await store.summary("t1") == oldest
    assert await store.summary("none") is None


async def test_the_move_clock_finds_the_tables_past_their_deadline(store: EventStore) -> None:
    done = Append("t1", 0, events("a"), NOW, projection(1, deadline=NOW + timedelta(seconds=30)))
    await store.append(done)
    assert await store.due(NOW, 10) == ([], NOW + timedelta(seconds=30))
    assert await store.due(NOW + timedelta(seconds=31), 10) == (["t1"], None)


def _dsn(url: str) -> str:
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


async def test_a_committed_append_notifies_and_a_refused_one_does_not(
    store: EventStore, store_url: tuple[str, str]
) -> None:
    if store_url[1].startswith("sqlite"):
        pytest.skip("SQLite has no NOTIFY: one instance wakes its own waiters")
    async with await psycopg.AsyncConnection.connect(
        _dsn(store_url[1]), autocommit=True
    ) as listener:
        await listener.execute(f"LISTEN {CHANNEL}")
        await append(store, 0, events("a"), notify="me 1 t:t1")
        with pytest.raises(VersionConflict):
            await append(store, 0, events("b"), notify="me 1 t:lost")
        await append(store, 1, events("c"), notify="me 2 t:t1")
        heard = []
        async for notice in listener.notifies(timeout=1.0):
            heard.append(notice.payload)
        assert heard == ["me 1 t:t1", "me 2 t:t1"]
