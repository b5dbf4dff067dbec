"""The tables as the lobby and the move clock read them: listings, one table's row with its
seats and players, the tables whose move clock ran out. SQLAlchemy Core, on either database;
both stores answer these through it (they are reads of the projection, not of the log)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Select, and_, insert, or_, select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from app.db.models import GameTable, Player, Seat, SeatAddress
from app.db.store import SeatRow, TableSummary, by_activity


class TableDirectory:
    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine

    @property
    def engine(self) -> AsyncEngine:
        """The SQLAlchemy engine of the projection's reads (`ratings_for`, for one)."""
        return self._engine

    async def seat_address(self, table_id: str, player_id: str, address: str) -> list[str]:
        """Keep the address a player takes a seat of a rated table from; returns the other
        players that took a seat of it from that address."""
        async with self._engine.begin() as connection:
            changed = await connection.execute(
                update(SeatAddress)
                .where(SeatAddress.table_id == table_id, SeatAddress.player_id == player_id)
                .values(address=address)
            )
            if changed.rowcount == 0:
                await connection.execute(
                    insert(SeatAddress).values(
                        table_id=table_id, player_id=player_id, address=address
                    )
                )
            others = await connection.scalars(
                select(SeatAddress.player_id).where(
                    SeatAddress.table_id == table_id,
                    SeatAddress.address == address,
                    SeatAddress.player_id != player_id,
                )
            )
            return list(others)

    async def summaries(
        self, status: str | None, limit: int, before: tuple[datetime, str] | None
    ) -> list[TableSummary]:
        listed_at = GameTable.updated_at if by_activity(status) else GameTable.created_at
        query: Select[Any] = select(GameTable).order_by(listed_at.desc(), GameTable.id.desc())
        if status is not None:
            query = query.where(GameTable.status == status)
        if before is not None:
            at, table_id = before
            query = query.where(or_(listed_at < at, and_(listed_at == at, GameTable.id < table_id)))
        async with self._engine.connect() as connection:
            rows = list((await connection.execute(query.limit(limit))).mappings())
            seats = await _seats(connection, [row["id"] for row in rows])
        return [_summary(row, seats.get(row["id"], ())) for row in rows]

    async def summary(self, table_id: str) -> TableSummary | None:
        async with self._engine.connect() as connection:
            row = (
                (await connection.execute(select(GameTable).where(GameTable.id == table_id)))
                .mappings()
                .first()
            )
            if row is None:
                return None
            seats = await _seats(connection, [table_id])
        return _summary(row, seats.get(table_id, ()))

    async def due(self, now: datetime, limit: int) -> tuple[list[str], datetime | None]:
        query = (
            select(GameTable.id, GameTable.deadline_at)
            .where(GameTable.deadline_at.is_not(None), GameTable.status == "playing")
            .order_by(GameTable.deadline_at)
            .limit(limit + 1)
        )
        async with self._engine.connect() as connection:
            rows = [(row.id, row.deadline_at) for row in await connection.execute(query)]
        due = [table_id for table_id, at in rows if at is not None and at <= now][:limit]
        return due, next((at for _, at in rows if at is not None and at > now), None)


async def _seats(
    connection: AsyncConnection, table_ids: list[str]
) -> dict[str, tuple[SeatRow, ...]]:
    if not table_ids:
        return {}
    rows = await connection.execute(
        select(Seat.table_id, Seat.seat, Seat.player_id, Player.name, Player.bot, Seat.bot)
        .outerjoin(Player, Player.id == Seat.player_id)
        .where(Seat.table_id.in_(table_ids))
        .order_by(Seat.table_id, Seat.seat)
    )
    found: dict[str, list[SeatRow]] = {}
    for table_id, seat, player_id, name, player_bot, bot in rows:
        found.setdefault(table_id, []).append(SeatRow(seat, player_id, name, bool(player_bot), bot))
    return {key: tuple(value) for key, value in found.items()}


def _summary(row: Any, seats: tuple[SeatRow, ...]) -> TableSummary:
    return TableSummary(
        row["id"],
        row["variant"],
        row["status"],
        dict(row["options"]),
        seats,
        tuple(row["scores"]),
        row["deal_no"],
        row["version"],
        row["created_at"],
        row["updated_at"],
    )
