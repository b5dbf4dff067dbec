"""The append-only event store: one stream per table, keyed by `(table_id, seq)`.

`append` checks the expected version against the table's projection row in the same
transaction; the primary key is the last guard against two writers of the same version.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.db.models import Event, GameTable


class VersionConflict(Exception):
    """Another writer appended first."""

    code = "version_conflict"

    def __init__(self, current_version: int | None) -> None:
        super().__init__(f"the table moved on (version {current_version})")
        self.current_version = current_version


@dataclass(frozen=True, slots=True)
class StoredEvent:
    seq: int
    type: str
    schema_version: int
    deal_no: int
    payload: dict[str, Any]
    at: datetime


@dataclass(frozen=True, slots=True)
class NewEvent:
    type: str
    schema_version: int
    deal_no: int
    payload: dict[str, Any]


async def load(session: AsyncSession, table_id: str, after_seq: int = 0) -> list[StoredEvent]:
    rows = await session.execute(
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
    return [StoredEvent(*row) for row in rows]


async def append(
    session: AsyncSession,
    table_id: str,
    expected_version: int,
    events: list[NewEvent],
    at: datetime,
    projection: dict[str, Any],
) -> int:
    """Append `events` after `expected_version` and update the projection row; returns the
    new version. Raises `VersionConflict` when the table is no longer at that version."""
    new_version = expected_version + len(events)
    result = await session.execute(
        update(GameTable)
        .where(GameTable.id == table_id, GameTable.version == expected_version)
        .values(version=new_version, updated_at=at, **projection)
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        current = await session.scalar(select(GameTable.version).where(GameTable.id == table_id))
        raise VersionConflict(current)
    rows = [
        {
            "table_id": table_id,
            "seq": expected_version + i,
            "type": e.type,
            "schema_version": e.schema_version,
            "deal_no": e.deal_no,
            "payload": e.payload,
            "created_at": at,
        }
        for i, e in enumerate(events, start=1)
    ]
    try:
        await session.execute(insert(Event), rows)
    except IntegrityError:
        raise VersionConflict(None) from None
    return new_version
