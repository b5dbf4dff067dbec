"""The event store on SQLAlchemy Core: the embedded SQLite default (it runs on PostgreSQL too,
where `store_pg` is faster). One connection per call; an append is one transaction."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from sqlalchemy import and_, case, func, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from app.db.directory import TableDirectory
from app.db.models import Event, GameTable, Move, Seat, TableRequest
from app.db.standings import lock_holders, record_finish
from app.db.store import (
    CHANNEL,
    Append,
    RequestRecord,
    StoredEvent,
    TableRow,
    VersionConflict,
)


class SqlStore(TableDirectory):
    def __init__(self, engine: AsyncEngine, owns_engine: bool = False) -> None:
        super().__init__(engine)
        self._owns_engine = owns_engine

    async def read(
        self, table_id: str, known_version: int | None = None, move: tuple[str, str] | None = None
    ) -> TableRow | None:
        columns = [
            GameTable.version,
            case((GameTable.version == known_version, None), else_=GameTable.snapshot),
            GameTable.snapshot_schema,
        ]
        query = select(*columns).where(GameTable.id == table_id)
        if move is not None:
            landed = and_(
                Move.table_id == GameTable.id, Move.player_id == move[0], Move.move_id == move[1]
            )
            query = query.add_columns(Move.version, Move.digest).outerjoin(Move, landed)
        async with self._engine.connect() as connection:
            row = (await connection.execute(query)).first()
        if row is None:
            return None
        return TableRow(*row)

    async def load(self, table_id: str, after_seq: int = 0) -> list[StoredEvent]:
        query = (
            select(
                Event.seq,
                Event.type,
                Event.schema_version,
                Event.deal_no,
                Event.payload,
                Event.created_at,
            )
            .where(Event.table_id == table_id, Event.seq > after_seq)
            .order_by(Event.seq)
        )
        async with self._engine.connect() as connection:
            rows = await connection.execute(query)
            return [StoredEvent(*row) for row in rows]

    async def append(self, append: Append) -> None:
        await append_in_transaction(self._engine, append)

    async def turns(self, player_id: str) -> list[tuple[str, int]]:
        query = (
            select(GameTable.id, GameTable.version)
            .join(Seat, Seat.table_id == GameTable.id)
            .where(Seat.player_id == player_id, Seat.must_act, GameTable.status == "playing")
            .order_by(GameTable.updated_at)
        )
        async with self._engine.connect() as connection:
            return [(table_id, version) for table_id, version in await connection.execute(query)]

    async def acting(self, player_ids: Sequence[str]) -> set[str]:
        query = (
            select(Seat.player_id)
            .distinct()
            .join(GameTable, Seat.table_id == GameTable.id)
            .where(Seat.player_id.in_(player_ids), Seat.must_act, GameTable.status == "playing")
        )
        async with self._engine.connect() as connection:
            return {player_id for (player_id,) in await connection.execute(query) if player_id}

    async def versions(self, table_ids: Sequence[str]) -> dict[str, int]:
        query = select(GameTable.id, GameTable.version).where(GameTable.id.in_(table_ids))
        async with self._engine.connect() as connection:
            rows = await connection.execute(query)
            return {table_id: int(version) for table_id, version in rows}

    async def table_of_request(self, player_id: str, key: str) -> RequestRecord | None:
        query = select(TableRequest.table_id, TableRequest.digest).where(
            TableRequest.player_id == player_id, TableRequest.key == key
        )
        async with self._engine.connect() as connection:
            found = (await connection.execute(query)).first()
        return None if found is None else RequestRecord(*found)

    async def close(self) -> None:
        if self._owns_engine:
            await self._engine.dispose()


async def append_in_transaction(engine: AsyncEngine, append: Append) -> None:
    """An append in one transaction of SQLAlchemy Core (either database), with the finished
    game's ratings when it ends one."""
    try:
        async with engine.begin() as connection:
            finish = append.finish
            if finish is None:
                await _append(connection, append)
                return
            locked = await lock_holders(connection, finish, append.at)
            await _append(connection, dataclasses.replace(append, at=locked.at))
            await record_finish(connection, finish, locked)
    except IntegrityError:
        raise VersionConflict(None) from None
    except DBAPIError as error:
        if getattr(error.orig, "sqlstate", None) in RETRY_STATES:
            raise VersionConflict(None) from None  # the writer tries again on a fresh read
        raise


RETRY_STATES = {"40P01", "40001"}
"""PostgreSQL's deadlock and serialization failures: nothing was written, and the append may
be tried again (two finishing games that lock rating rows met the other way round)."""


async def _append(connection: AsyncConnection, append: Append) -> None:
    table_id, at = append.table_id, append.at
    new = append.new_table
    if new is not None:
        if new.request is not None:
            await connection.execute(
                insert(TableRequest).values(
                    player_id=new.request.player_id,
                    key=new.request.key,
                    digest=new.request.digest,
                    table_id=table_id,
                    created_at=at,
                )
            )
        await connection.execute(
            insert(GameTable).values(
                id=table_id,
                variant=new.variant,
                status="waiting",
                options=new.options,
                version=0,
                deal_no=0,
                scores=[],
                created_at=at,
                updated_at=at,
            )
        )
        await connection.execute(
            insert(Seat),
            [{"table_id": table_id, "seat": s, "must_act": False} for s in new.seats],
        )
    p = append.projection
    moved = await connection.execute(
        update(GameTable)
        .where(GameTable.id == table_id, GameTable.version == append.expected_version)
        .values(
            version=append.new_version,
            updated_at=at,
            status=p.status,
            deal_no=p.deal_no,
            scores=list(p.scores),
            snapshot=p.snapshot,
            snapshot_schema=p.snapshot_schema,
            deadline_at=p.deadline_at,
        )
    )
    if moved.rowcount != 1:
        current = await connection.scalar(select(GameTable.version).where(GameTable.id == table_id))
        raise VersionConflict(current)
    rows = [
        {
            "table_id": table_id,
            "seq": seq,
            "type": e.type,
            "schema_version": e.schema_version,
            "deal_no": e.deal_no,
            "payload": e.payload,
            "created_at": at,
        }
        for seq, e in enumerate(append.events, start=append.expected_version + 1)
    ]
    if rows:
        await connection.execute(insert(Event), rows)
    if append.move is not None:
        await connection.execute(
            insert(Move).values(
                table_id=table_id,
                player_id=append.move.player_id,
                move_id=append.move.key,
                version=append.new_version,
                digest=append.move.digest,
                created_at=at,
            )
        )
    for change in append.seats:
        await connection.execute(
            update(Seat)
            .where(Seat.table_id == table_id, Seat.seat == change.seat)
            .values(player_id=change.player_id, bot=change.bot, must_act=change.must_act)
        )
    if append.notify is not None and connection.dialect.name == "postgresql":
        await connection.execute(select(func.pg_notify(CHANNEL, append.notify)))
