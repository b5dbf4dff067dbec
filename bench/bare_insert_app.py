"""The yardstick for `bench/api.py`: a bare FastAPI endpoint that does one INSERT transaction
on the same database, with the same driver and pool as the service."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime

from fastapi import FastAPI
from sqlalchemy import text

from app.db.database import create_engine

engine = create_engine(os.environ["DATABASE_URL"])


@asynccontextmanager
async def lifespan(_: FastAPI) -> AsyncIterator[None]:
    async with engine.begin() as connection:
        await connection.execute(
            text("CREATE TABLE IF NOT EXISTS bench_insert (id TEXT PRIMARY KEY, at TIMESTAMPTZ)")
        )
    yield
    await engine.dispose()


app = FastAPI(lifespan=lifespan)


@app.post("/insert")
async def insert() -> dict[str, str]:
    row = str(uuid.uuid4())
    async with engine.begin() as connection:
        await connection.execute(
            text("INSERT INTO bench_insert (id, at) VALUES (:id, :at)"),
            {"id": row, "at": datetime.now(UTC)},
        )
    return {"id": row}


@app.get("/ping")
async def ping() -> dict[str, str]:
    return {"ok": "yes"}
