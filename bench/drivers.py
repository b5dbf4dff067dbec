"""What one statement costs this process, by PostgreSQL driver and pool: the reason the event
store speaks asyncpg on a pool of its own (`app/db/pg_pool.py`, issue 19).

    python bench/drivers.py [--statements 3000] [--at-once 1]

Each way runs `SELECT $1::int` (one row back) `--statements` times, `--at-once` at a time, on
uvloop as the server does, and prints the wall time and this process's CPU time per statement
(the CPU is what a server would spend; PostgreSQL's own work is not in it).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncpg
import psycopg
import uvloop
from psycopg_pool import AsyncConnectionPool

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.db.pg_pool import ConnectionPool  # noqa: E402
from app.db.store_pg import dsn, json_through_orjson  # noqa: E402
from bench.api import DEFAULT_POSTGRES  # noqa: E402

Statement = Callable[[int], Awaitable[object]]


async def measure(name: str, statement: Statement, args: argparse.Namespace) -> None:
    each = args.statements // args.at_once

    async def worker() -> None:
        for n in range(each):
            await statement(n)

    await worker()  # warm: connections open, statements prepared
    wall, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(worker() for _ in range(args.at_once)))
    done = each * args.at_once
    wall_us = 1e6 * (time.perf_counter() - wall) / done
    cpu_us = 1e6 * (time.process_time() - cpu) / done
    print(f"{name:<44} wall {wall_us:6.1f} µs   CPU {cpu_us:6.1f} µs")


async def run(args: argparse.Namespace) -> None:
    url = dsn(args.postgres)
    size = max(2, args.at_once)
    psycopg_pool = AsyncConnectionPool(
        url, min_size=size, max_size=size, kwargs={"autocommit": True}, open=False
    )
    await psycopg_pool.open(wait=True)
    psycopg_one = await psycopg.AsyncConnection.connect(url, autocommit=True)
    asyncpg_pool = await asyncpg.create_pool(url, min_size=size, max_size=size)

    async def keep(_: asyncpg.Connection) -> None:
        """No reset on release (asyncpg's default costs a round trip)."""

    asyncpg_pool_kept = await asyncpg.create_pool(url, min_size=size, max_size=size, reset=keep)
    asyncpg_one = await asyncpg.connect(url)
    store_pool = ConnectionPool(url, size, 5.0, json_through_orjson)
    await store_pool.open(size)

    async def through_psycopg_pool(n: int) -> object:
        async with psycopg_pool.connection() as connection:
            cursor = await connection.execute("SELECT %s::int", (n,))
            return await cursor.fetchone()

    async def through_psycopg(n: int) -> object:
        cursor = await psycopg_one.execute("SELECT %s::int", (n,))
        return await cursor.fetchone()

    async def through_asyncpg_pool(n: int) -> object:
        async with asyncpg_pool.acquire() as connection:
            return await connection.fetchrow("SELECT $1::int", n)

    async def through_asyncpg_pool_kept(n: int) -> object:
        async with asyncpg_pool_kept.acquire() as connection:
            return await connection.fetchrow("SELECT $1::int", n)

    async def through_asyncpg(n: int) -> object:
        return await asyncpg_one.fetchrow("SELECT $1::int", n)

    async def through_store_pool(n: int) -> object:
        async with store_pool.connection() as connection:
            return await connection.fetchrow("SELECT $1::int", n)

    ways: list[tuple[str, Statement, bool]] = [
        ("psycopg through psycopg_pool", through_psycopg_pool, True),
        ("psycopg, one connection", through_psycopg, False),
        ("asyncpg through asyncpg's pool", through_asyncpg_pool, True),
        ("asyncpg's pool without its reset", through_asyncpg_pool_kept, True),
        ("asyncpg, one connection", through_asyncpg, False),
        ("asyncpg through the store's pool (pg_pool)", through_store_pool, True),
    ]
    print(f"{args.statements} statements, {args.at_once} at a time")
    try:
        for name, statement, pooled in ways:
            if pooled or args.at_once == 1:  # one connection serves one statement at a time
                await measure(name, statement, args)
    finally:
        await psycopg_pool.close()
        await psycopg_one.close()
        await asyncpg_pool.close()
        await asyncpg_pool_kept.close()
        await asyncpg_one.close()
        await store_pool.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--statements", type=int, default=3000)
    parser.add_argument("--at-once", type=int, default=1)
    parser.add_argument(
        "--postgres", default=os.environ.get("KOZEL_TEST_POSTGRES_URL", DEFAULT_POSTGRES)
    )
    uvloop.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
