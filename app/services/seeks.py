"""Seeks: "find me a game". A seek waits in the database until matching puts it into a table
(`app.services.matching`: in the database, so every instance takes part).

- Matching runs when a seek is made (in its pool), and in every instance's sweep (`sweep`,
  about every second, jittered): windows widen, `bots_after_s` comes due, seeks expire, and
  the tables of an instance that stopped between matching and opening them are opened.
- A seek reads as `matched` only once its table is there.
- A long-poll on a seek waits for its key `s:<id>`, woken on every instance (`Wakeup`).
- A player has one waiting seek per variant: another is refused (`AlreadySeeking`, naming
  the waiting one) rather than answered with it, so that a client that meant other options
  learns that its first seek still stands.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.db.models import GameTable, Seek
from app.db.store import CHANNEL
from app.db.wakeup import Wakeup
from app.services import benching, idempotency
from app.services.errors import NotFound, ServiceError
from app.services.matching import Matcher
from app.services.players import PlayerInfo
from app.services.ratings import ratings_for
from app.services.seating import NewTableRequest, shape
from app.services.tables import Tables

log = logging.getLogger(__name__)

LIFETIME_S = 600
"""A seek that finds no game in this time expires."""
HELD_RETRIES = 3
HELD_PAUSE_S = 0.02
"""A match that found seeks held by another tries again after this (then twice, thrice)."""
KEY = "s:"
"""The wake-up key prefix of a seek."""


class AlreadySeeking(ServiceError):
    """The player has a waiting seek in this variant already (`seek_id`)."""

    code = "already_seeking"

    def __init__(self, detail: str, seek_id: str | None) -> None:
        super().__init__(detail)
        self.seek_id = seek_id

    def members(self) -> dict[str, Any]:
        return {} if self.seek_id is None else {"seek_id": self.seek_id}


class AlreadyMatched(ServiceError):
    code = "already_matched"


@dataclass(frozen=True, slots=True)
class SeekRequest:
    """`POST /v1/seeks` as read: the table asked for, `rated`, and when bots may join."""

    table: NewTableRequest
    rated: bool = True
    bots_after_s: int | None = None


@dataclass(frozen=True, slots=True)
class SeekInfo:
    id: str
    status: str
    variant: str
    seats: int
    options: dict[str, Any]
    rated: bool
    bots_after_s: int | None
    created_at: datetime
    expires_at: datetime
    table_id: str | None
    seat: int | None


async def _ratings(
    session: AsyncSession, variant: str, player_ids: Sequence[str]
) -> dict[str, float]:
    """Each player's displayed rating in `variant` (a new player's: `DEFAULT_RATING`)."""
    return await ratings_for(session, variant, player_ids)


class Seeks:
    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        tables: Tables,
        wakeup: Wakeup,
        recheck_interval_s: float = 1.0,
        chance: random.Random | None = None,
    ) -> None:
        self._sessions = sessions
        self._tables = tables
        self._wakeup = wakeup
        self._recheck = recheck_interval_s
        self._matcher = Matcher(sessions, tables, chance or random.SystemRandom())
        self.waiting = True
        """Whether the last sweep found seeks waiting (the sweeper's pace: `keep_seeks`)."""
        self.arrived = asyncio.Event()
        """Set when a seek comes to this instance: a sweeper at its idle pace sweeps now."""

    async def create(self, player: PlayerInfo, asked: SeekRequest) -> SeekInfo:
        shaped = shape(asked.table)  # 422 invalid_option, as for a table
        now = _now()
        async with self._sessions() as session:
            if player.bot:
                await benching.check(session, player.id, now)
            rating = (await _ratings(session, asked.table.variant, [player.id]))[player.id]
        seek = Seek(
            id=str(uuid.uuid4()),
            player_id=player.id,
            variant=asked.table.variant,
            seats=shaped.seats,
            options=shaped.table_options,
            rated=asked.rated,
            bot=player.bot,
            rating=rating,
            bots_after_s=asked.bots_after_s,
            status="waiting",
            created_at=now,
            expires_at=now + timedelta(seconds=LIFETIME_S),
        )
        seek.pool = idempotency.digest(
            "pool",
            {
                "variant": seek.variant,
                "seats": seek.seats,
                "options": seek.options,
                "rated": seek.rated,
                "bot": seek.bot,
            },
        )
        await self._insert(player, seek)
        self.arrived.set()
        try:
            await self.match(seek.pool)
        except Exception:  # the seek waits; the next sweep matches it
            log.warning("matching a new seek failed", exc_info=True)
        return await self.get(player, seek.id)

    async def get(self, player: PlayerInfo, seek_id: str, wait: float = 0) -> SeekInfo:
        """The seek; with `wait`, once it is no longer waiting (or after `wait` seconds).

        Every change of a waiting seek is announced on every instance (`_announce`: matched
        once its table is open, cancelled, expired), so while this instance hears every
        commit on one listening connection the wait re-reads the seek only when woken; else
        it re-reads every recheck interval too. (A thousand seekers that re-read every second
        kept the database pool of an instance busy enough to time requests out.)"""
        deadline = time.monotonic() + wait
        with (
            self._wakeup.watching([KEY + seek_id]) as waiter,
            self._tables.waits.held("seek") as take_place,
        ):
            seek = await self._read(player, seek_id)
            while True:
                remaining = deadline - time.monotonic()
                if seek.status != "waiting" or remaining <= 0 or self._wakeup.draining:
                    return seek
                take_place()
                stamp = self._wakeup.stamp(KEY + seek_id)
                heard_all = stamp is not None
                woken = await waiter.wait(remaining if heard_all else min(remaining, self._recheck))
                if woken or stamp != self._wakeup.stamp(KEY + seek_id) or not heard_all:
                    seek = await self._read(player, seek_id)

    async def cancel(self, player: PlayerInfo, seek_id: str) -> SeekInfo:
        """Cancel a waiting seek (a match that took it first wins: 409 `already_matched`)."""
        async with self._sessions() as session, session.begin():
            cancelled = (
                await session.execute(
                    update(Seek)
                    .where(Seek.id == seek_id, Seek.player_id == player.id)
                    .where(Seek.status == "waiting")
                    .values(status="cancelled")
                    .returning(Seek.id)
                )
            ).first()
        seek = await self._read(player, seek_id)
        if cancelled is None and seek.status in ("matched", "waiting"):
            raise AlreadyMatched(f"seek {seek_id} is matched already")
        if cancelled is not None:
            await self._announce([seek_id])
        return seek

    async def sweep(self) -> int:
        """One instance's round: expire old seeks, match every pool with waiting seeks (their
        windows widened, their bots come due), reopen lost tables. Returns tables made."""
        now = _now()
        async with self._sessions() as session, session.begin():
            expired = (
                await session.execute(
                    update(Seek)
                    .where(Seek.status == "waiting", Seek.expires_at <= now)
                    .values(status="expired")
                    .returning(Seek.id)
                )
            ).scalars()
            expired_ids = list(expired)
        await self._announce(expired_ids)
        async with self._sessions() as session:
            pools = (
                await session.execute(select(Seek.pool).where(Seek.status == "waiting").distinct())
            ).scalars()
            pool_list = list(pools)
        self.waiting = bool(pool_list)
        made = 0
        for pool in pool_list:
            made += await self.match(pool)
        for table_id in await self._matcher.lost(now):
            await self._announce(await self._matcher.open(table_id))
        return made

    async def match(self, pool: str) -> int:
        """Match the waiting seeks of `pool` into tables now; how many tables were made.
        While another instance's match holds some of them (`Claim.held`), it tries again
        shortly: what that one leaves may match with what this one left, and the sweep
        would find them only a second later."""
        made = 0
        for attempt in range(1, HELD_RETRIES + 1):
            claim = await self._matcher.claim(pool, _now())
            for table_id, _ in claim.tables:
                await self._announce(await self._matcher.open(table_id))
            made += len(claim.tables)
            if not claim.held:
                break
            await asyncio.sleep(HELD_PAUSE_S * attempt)
        return made

    async def _read(self, player: PlayerInfo, seek_id: str) -> SeekInfo:
        async with self._sessions() as session:
            row = (
                await session.execute(
                    select(Seek, GameTable.id)
                    .outerjoin(GameTable, GameTable.id == Seek.table_id)
                    .where(Seek.id == seek_id, Seek.player_id == player.id)
                )
            ).first()
        if row is None:
            raise NotFound(f"the caller has no seek {seek_id}")
        seek, opened = row
        status = seek.status
        if status == "matched" and opened is None:
            status = "waiting"  # until its table is there
        elif status == "waiting" and seek.expires_at <= _now():
            status = "expired"  # until a sweep marks it
        matched = status == "matched"
        return SeekInfo(
            seek.id,
            status,
            seek.variant,
            seek.seats,
            dict(seek.options),
            seek.rated,
            seek.bots_after_s,
            seek.created_at,
            seek.expires_at,
            seek.table_id if matched else None,
            seek.seat if matched else None,
        )

    async def _insert(self, player: PlayerInfo, seek: Seek) -> None:
        """Store a new waiting seek, or refuse it for the player's waiting one in its variant
        (`AlreadySeeking`). A waiting seek that was matched or cancelled just before the
        refusal could name it no longer stands in the way: the insert is tried again."""
        for _ in range(3):
            try:
                async with self._sessions() as session, session.begin():
                    session.add(seek)
                return
            except IntegrityError:
                pass
            async with self._sessions() as session:
                waiting = (
                    await session.execute(
                        select(Seek.id).where(
                            Seek.player_id == player.id,
                            Seek.variant == seek.variant,
                            Seek.status == "waiting",
                        )
                    )
                ).scalar()
            if waiting is not None:
                detail = f"you have a waiting seek in {seek.variant} already: {waiting}"
                raise AlreadySeeking(detail, waiting)
            seek = _copy(seek)  # a fresh object for a fresh session
        raise AlreadySeeking(f"your seeks in {seek.variant} keep changing: try again", None)

    async def _announce(self, seek_ids: list[str]) -> None:
        """Wake the long-polls of these seeks, here and on every other instance."""
        if not seek_ids:
            return
        keys = [KEY + seek_id for seek_id in seek_ids]
        notification = self._wakeup.notification(keys, 0)
        if notification is not None:  # a channel that sends within a commit (NOTIFY)
            async with self._sessions() as session:
                await session.execute(select(func.pg_notify(CHANNEL, notification)))
                await session.commit()
        self._wakeup.committed(keys)  # here, and on a channel that sends after (NATS)


def _copy(seek: Seek) -> Seek:
    columns = Seek.__table__.columns.keys()
    return Seek(**{name: getattr(seek, name) for name in columns})


def _now() -> datetime:
    return datetime.now(UTC)
