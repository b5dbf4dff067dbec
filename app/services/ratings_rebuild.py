"""`kozel ratings rebuild`: every rating and every finished seat recomputed from the finished
tables' logs alone, in finish order, through the very code that rates a game when it ends.

A game finished when the event that ended it was appended (its `at` in the log). The live
projection stamps each holder's games in a strict order (`app/db/standings.py`), so the
finish order of the logs is the order in which every holder's games were rated, and the
rebuild gets the same numbers. Run it while no game is finishing (the service stopped, or
after a migration that added the projection): it replaces both tables in one transaction.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncEngine

from app.db.models import FinishedSeat, GameTable, Rating
from app.db.standings import Finish, Locked, lock_holders, record_finish
from app.db.store import StoredEvent
from app.db.store_sql import SqlStore
from app.services.ratings import finish_of
from app.services.table_log import Table, decode


@dataclass(frozen=True, slots=True)
class Rebuilt:
    games: int
    """Finished games that wrote a record."""
    rated: int


async def rebuild(engine: AsyncEngine) -> Rebuilt:
    finishes = sorted(
        [found async for found in _finished_games(engine)], key=lambda f: (f[0], f[1].table_id)
    )
    async with engine.begin() as connection:
        await connection.execute(delete(FinishedSeat))
        await connection.execute(delete(Rating))
        for at, finish in finishes:
            locked: Locked = await lock_holders(connection, finish, at)
            assert locked.at == at, "the logs hold each holder's games in a strict order"
            await record_finish(connection, finish, locked)
    return Rebuilt(len(finishes), sum(f.rated for _, f in finishes))


async def _finished_games(engine: AsyncEngine) -> AsyncIterator[tuple[datetime, Finish]]:
    store = SqlStore(engine)
    async with engine.connect() as connection:
        ids = list(
            await connection.scalars(select(GameTable.id).where(GameTable.status == "finished"))
        )
    for table_id in ids:
        found = finished(table_id, await store.load(table_id))
        if found is not None:
            yield found


def finished(table_id: str, stored: list[StoredEvent]) -> tuple[datetime, Finish] | None:
    """When a table's game ended and what it writes, from its log alone."""
    table = Table(table_id)
    ended_at: datetime | None = None
    for event in stored:
        variant = table.variant if table.lobby is not None else None
        table.apply(decode(event, variant), event.seq, event.at)
        if ended_at is None and table.status == "finished":
            ended_at = event.at
    if ended_at is None:
        return None
    finish = finish_of(table)
    return None if finish is None else (ended_at, finish)
