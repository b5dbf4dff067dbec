"""Benching: a bot account whose move clock ran out in `GAMES` games in a row is taken off
the seeks for `BENCH_S` after the last of them (a bot that stalls its tables spoils the
ladder for the others). The move clock records each table where it played for a player
(`record`); a seek of a bot account asks `check` first."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import and_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.db.models import ClockLapse, GameTable, Seat
from app.services.errors import ServiceError

GAMES = 3
"""Finished games in a row with a lapse of the move clock that bench a bot account."""
BENCH_S = 900
"""How long it stays benched after the last of them."""


class Benched(ServiceError):
    code = "benched"

    def __init__(self, detail: str, until: datetime, retry_after_s: int) -> None:
        super().__init__(detail)
        self.until = until
        self.retry_after_s = retry_after_s

    def members(self) -> dict[str, Any]:
        return {"until": self.until.isoformat()}


async def check(session: AsyncSession, player_id: str, now: datetime) -> None:
    """Refuse a seek of a benched bot account (429 `benched`, with `until`)."""
    lapse = and_(ClockLapse.table_id == GameTable.id, ClockLapse.player_id == player_id)
    last = (
        await session.execute(
            select(GameTable.updated_at, ClockLapse.at)
            .join(Seat, Seat.table_id == GameTable.id)
            .outerjoin(ClockLapse, lapse)
            .where(Seat.player_id == player_id, GameTable.status == "finished")
            .order_by(GameTable.updated_at.desc())
            .limit(GAMES)
        )
    ).all()
    if len(last) < GAMES or any(lapsed is None for _, lapsed in last):
        return
    until = max(ended for ended, _ in last) + timedelta(seconds=BENCH_S)
    if now < until:
        raise Benched(
            f"your move clock ran out in your last {GAMES} games: no seeks until {until}",
            until,
            int((until - now).total_seconds()) + 1,
        )


async def record(
    sessions: async_sessionmaker[AsyncSession],
    table_id: str,
    player_ids: Sequence[str],
    now: datetime,
) -> None:
    """The move clock played for these players at this table (once per table is kept)."""
    if not player_ids:
        return
    async with sessions() as session, session.begin():
        dialect = session.get_bind().dialect.name
        insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
        await session.execute(
            insert(ClockLapse)
            .values([{"player_id": p, "table_id": table_id, "at": now} for p in player_ids])
            .on_conflict_do_nothing()
        )
