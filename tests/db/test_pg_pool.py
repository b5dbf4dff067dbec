"""The event store's pool of asyncpg connections (`app.db.pg_pool`), on the local PostgreSQL:
it lends idle connections again, makes a request wait for one at the cap and fails it after
the timeout, never lends a connection that was lost, cancelled mid-statement or left inside a
transaction, and answers a database it cannot reach with `StoreUnavailable`."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import asyncpg
import pytest

from app.db.pg_pool import ConnectionPool
from app.db.store import StoreUnavailable
from app.db.store_pg import dsn, json_through_orjson
from tests.databases import PostgresDatabase
from tests.e2e.server import free_port

pytestmark = pytest.mark.anyio


@pytest.fixture
def url(postgres: PostgresDatabase | None) -> str:
    if postgres is None:
        pytest.skip("PostgreSQL is not reachable (it is required under CI)")
    return dsn(postgres.url)


@pytest.fixture
async def pool(url: str) -> AsyncIterator[ConnectionPool]:
    opened = ConnectionPool(url, size=2, timeout=0.5, setup=json_through_orjson)
    await opened.open(min_size=1)
    yield opened
    await opened.close()


async def backend(pool: ConnectionPool) -> int:
    async with pool.connection() as connection:
        pid: int = await connection.fetchval("SELECT pg_backend_pid()")
        return pid


async def test_idle_connections_are_lent_again_and_speak_json(pool: ConnectionPool) -> None:
    pids = {await backend(pool) for _ in range(20)}
    assert len(pids) == 1  # one statement at a time: the one idle connection, every time
    async with pool.connection() as connection:
        value = await connection.fetchval("SELECT $1::json", {"козёл": [1, 2]})
    assert value == {"козёл": [1, 2]}


async def test_at_the_cap_a_request_waits_and_then_fails_after_the_timeout(
    pool: ConnectionPool,
) -> None:
    async with pool.connection(), pool.connection():  # both connections busy
        waiting = asyncio.create_task(backend(pool))
        await asyncio.sleep(0.1)
        assert not waiting.done()
        with pytest.raises(StoreUnavailable, match="no database connection free"):
            await waiting
    async with pool.connection(), pool.connection():
        served = asyncio.create_task(backend(pool))
        await asyncio.sleep(0.1)
    assert await served  # given the first connection released


async def test_a_connection_the_server_dropped_is_not_lent_again(
    pool: ConnectionPool, url: str
) -> None:
    lost = await backend(pool)
    killer = await asyncpg.connect(url)
    try:
        assert await killer.fetchval("SELECT pg_terminate_backend($1)", lost)
        await asyncio.sleep(0.1)
    finally:
        await killer.close()
    try:  # seen closed when it is taken, or failing its statement: at most once
        again = await backend(pool)
    except StoreUnavailable:
        again = await backend(pool)
    assert again != lost


async def test_a_statement_cancelled_midway_takes_its_connection_with_it(
    pool: ConnectionPool,
) -> None:
    first = await backend(pool)

    async def sleep() -> None:
        async with pool.connection() as connection:
            await connection.execute("SELECT pg_sleep(5)")

    sleeping = asyncio.create_task(sleep())
    await asyncio.sleep(0.2)
    sleeping.cancel()
    with pytest.raises(asyncio.CancelledError):
        await sleeping
    assert await backend(pool) != first
    async with pool.connection(), pool.connection():  # the cap still holds two
        pass


async def test_a_connection_left_in_a_transaction_is_closed(pool: ConnectionPool) -> None:
    async with pool.connection() as connection:
        left = await connection.fetchval("SELECT pg_backend_pid()")
        await connection.execute("BEGIN")
    assert await backend(pool) != left


async def test_a_request_waiting_when_a_connection_drops_gets_a_new_one(
    pool: ConnectionPool,
) -> None:
    async with pool.connection():  # kept busy throughout
        async with pool.connection() as dropped:
            waiting = asyncio.create_task(backend(pool))
            await asyncio.sleep(0.05)
            dropped.terminate()
        assert await waiting  # served by a new connection, not by the timeout's error


async def test_a_database_that_cannot_be_reached_is_unavailable() -> None:
    nowhere = f"postgresql://postgres@127.0.0.1:{free_port()}/test"
    pool = ConnectionPool(nowhere, size=2, timeout=0.5, setup=json_through_orjson)
    with pytest.raises(StoreUnavailable, match="cannot be reached"):
        await pool.open(min_size=1)
    with pytest.raises(StoreUnavailable, match="cannot be reached"):
        await backend(pool)
    await pool.close()
    with pytest.raises(StoreUnavailable, match="closed"):
        await backend(pool)
