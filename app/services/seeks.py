"""Seeks: "find me a game". A seek waits in the database until matching puts it into a table.

Matching runs in the database, never in a process's queue, so that every instance takes part:

- A match is one transaction over one pool's waiting seeks (`pool`: a digest of the variant,
  seat count, options, `rated` and whether the seeker is a bot account): on PostgreSQL it
  takes them with `SELECT … FOR UPDATE SKIP LOCKED`, so two instances matching at once take
  disjoint seeks and never wait on each other; on SQLite it opens with a write, so matches are
  one after the other (the single writer). What it decides (`app.services.pairing`) it writes
  onto the seeks: `matched`, the new table's id and each seek's seat. A seek is thus in one
  table at most, and a player in one seat.
- The table is opened after that commit, from the matched seeks alone (`_open`): a table that
  is there already changes nothing, so an instance that died between the two is mended by the
  next sweep of any instance (`_mend`). A seek reads as `matched` only once its table is there.
- Matching runs when a seek is made (its pool), and in every instance's sweep (`sweep`, every
  second or so, jittered): windows widen, `bots_after_s` comes due, seeks expire.
- A long-poll on a seek waits for its key `s:<id>`, woken on every instance (`Wakeup`).
"""

from __future__ import annotations

import logging
import random
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Row, false, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.bots.registry import levels
from app.db.models import GameTable, Player, Seek
from app.db.store import CHANNEL
from app.db.wakeup import Wakeup
from app.services import benching, idempotency, pairing
from app.services.errors import NotFound, ServiceError
from app.services.players import PlayerInfo
from app.services.seating import NewTableRequest, shape
from app.services.tables import Tables

log = logging.getLogger(__name__)

LIFETIME_S = 600
"""A seek that finds no game in this time expires."""
MATCH_BATCH = 500
"""The waiting seeks of a pool one match looks at, the oldest first."""
MEND_AFTER_S = 5.0
"""A matched seek whose table is not there after this long has lost its opener: reopen it."""
KEY = "s:"
"""The wake-up key prefix of a seek."""


class AlreadySeeking(ServiceError):
    """The player has a waiting seek in this variant already (`seek_id`)."""

    code = "already_seeking"

    def __init__(self, detail: str, seek_id: str) -> None:
        super().__init__(detail)
        self.seek_id = seek_id

    def members(self) -> dict[str, Any]:
        return {"seek_id": self.seek_id}


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
    """Each player's rating in `variant`. The seam of the ratings (issue 29): until
    `app.services.ratings.ratings_for` is wired in here, every player counts as new."""
    return dict.fromkeys(player_ids, pairing.DEFAULT_RATING)


def table_request(seek: Seek | Row[Any]) -> NewTableRequest:
    """The table a matched seek opens. The one place where a seek's `rated` is to reach its
    table's options (issue 29 adds the table option `rated`; until then it is the seek's)."""
    options = dict(seek.options)
    move_clock_s, first_dealer = options.pop("move_clock_s"), options.pop("first_dealer")
    return NewTableRequest(seek.variant, seek.seats, options, move_clock_s, first_dealer)


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
        self._chance = chance or random.SystemRandom()

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
        try:
            async with self._sessions() as session, session.begin():
                session.add(seek)
        except IntegrityError:
            raise await self._already_seeking(player, seek.variant) from None
        try:
            await self.match(seek.pool)
        except Exception:  # the seek waits; the next sweep matches it
            log.warning("matching a new seek failed", exc_info=True)
        return await self.get(player, seek.id)

    async def get(self, player: PlayerInfo, seek_id: str, wait: float = 0) -> SeekInfo:
        """The seek; with `wait`, once it is no longer waiting (or after `wait` seconds)."""
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
                await waiter.wait(min(remaining, self._recheck))
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
            raise AlreadyMatched(f"seek {seek_id} is matched already: table {seek.table_id}")
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
        made = 0
        for pool in pool_list:
            made += await self.match(pool)
        await self._mend(now)
        return made

    async def match(self, pool: str) -> int:
        """Match the waiting seeks of `pool` into tables now; how many tables were made."""
        now = _now()
        async with self._sessions() as session, session.begin():
            if session.get_bind().dialect.name == "sqlite":
                # The single writer: take its lock before reading, so matches are serial.
                await session.execute(update(Seek).where(false()).values(status=Seek.status))
            rows = (
                await session.execute(
                    select(Seek)
                    .where(Seek.pool == pool, Seek.status == "waiting", Seek.expires_at > now)
                    .order_by(Seek.created_at, Seek.id)
                    .limit(MATCH_BATCH)
                    .with_for_update(skip_locked=True)
                )
            ).scalars()
            seeks = {seek.id: seek for seek in rows}
            if not seeks:
                return 0
            some = next(iter(seeks.values()))
            shaped = shape(table_request(some))
            candidates = [
                pairing.Candidate(
                    s.id,
                    s.player_id,
                    s.rating,
                    (now - s.created_at).total_seconds(),
                    s.bots_after_s,
                )
                for s in seeks.values()
            ]
            players = shaped.seating.players
            teams = shaped.seating.teams
            made = pairing.groups(candidates, len(players), some.rated)
            opened: list[tuple[str, list[str]]] = []
            for group in made:
                ratings = [member.rating for member in group.members]
                level = pairing.bot_level(ratings, levels(some.variant))
                ratings += [pairing.LEVEL_RATINGS.get(level, pairing.DEFAULT_RATING)] * group.bots
                places = pairing.seat(ratings, players, teams, self._chance)
                table_id = str(uuid.uuid4())
                for member, place in zip(group.members, places, strict=False):
                    seek = seeks[member.id]
                    seek.status, seek.table_id, seek.seat = "matched", table_id, place
                    seek.matched_at = now
                opened.append((table_id, [member.id for member in group.members]))
        for table_id, seek_ids in opened:
            await self._open(table_id)
            await self._announce(seek_ids)
        return len(opened)

    async def _open(self, table_id: str) -> None:
        """Open the table of matched seeks: each seek's player in its seat, bots (of the
        level nearest their ratings) in the others. The same every time for one table."""
        async with self._sessions() as session:
            rows = (
                await session.execute(
                    select(Seek, Player.name)
                    .join(Player, Player.id == Seek.player_id)
                    .where(Seek.table_id == table_id, Seek.status == "matched")
                )
            ).all()
        seeks = [row[0] for row in rows]
        asked = table_request(seeks[0])
        shaped = shape(asked)
        players = {
            seek.seat: PlayerInfo(seek.player_id, name, seek.bot)
            for seek, name in rows
            if seek.seat is not None
        }
        level = pairing.bot_level([seek.rating for seek in seeks], levels(asked.variant))
        bots = {place: level for place in shaped.seating.players if place not in players}
        await self._tables.open_seated(table_id, asked, players, bots)

    async def _mend(self, now: datetime) -> None:
        """Open the tables of seeks matched a while ago whose table is not there (the
        instance that matched them stopped before it opened it)."""
        async with self._sessions() as session:
            lost = (
                await session.execute(
                    select(Seek.table_id)
                    .outerjoin(GameTable, GameTable.id == Seek.table_id)
                    .where(Seek.status == "matched", GameTable.id.is_(None))
                    .where(Seek.matched_at < now - timedelta(seconds=MEND_AFTER_S))
                    .where(Seek.matched_at > now - timedelta(seconds=LIFETIME_S))
                    .distinct()
                )
            ).scalars()
            lost_ids = [table_id for table_id in lost if table_id is not None]
        for table_id in lost_ids:
            await self._open(table_id)
            async with self._sessions() as session:
                ids = (
                    await session.execute(select(Seek.id).where(Seek.table_id == table_id))
                ).scalars()
                await self._announce(list(ids))

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

    async def _already_seeking(self, player: PlayerInfo, variant: str) -> AlreadySeeking:
        async with self._sessions() as session:
            seek_id = (
                await session.execute(
                    select(Seek.id).where(
                        Seek.player_id == player.id,
                        Seek.variant == variant,
                        Seek.status == "waiting",
                    )
                )
            ).scalar()
        return AlreadySeeking(
            f"you have a waiting seek in {variant} already: {seek_id}", seek_id or ""
        )

    async def _announce(self, seek_ids: list[str]) -> None:
        """Wake the long-polls of these seeks, here and on every other instance."""
        if not seek_ids:
            return
        keys = [KEY + seek_id for seek_id in seek_ids]
        self._wakeup.wake(keys)
        async with self._sessions() as session:
            if session.get_bind().dialect.name == "postgresql":
                notification = self._wakeup.notification(keys, 0)
                await session.execute(select(func.pg_notify(CHANNEL, notification)))
                await session.commit()


def _now() -> datetime:
    return datetime.now(UTC)
