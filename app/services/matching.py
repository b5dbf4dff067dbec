"""Matching in the database: waiting seeks taken under a row lock and written into tables.

Never in a process's queue, so that every instance takes part:

- A match is one transaction over one pool's waiting seeks (`pool`: a digest of the variant,
  seat count, options, `rated` and whether the seeker is a bot account). On PostgreSQL it
  takes them with `SELECT … FOR UPDATE SKIP LOCKED`: two instances matching at once take
  disjoint seeks and never wait on each other (what one skips, its own next match or any
  instance's sweep takes). On SQLite it opens with a write, so matches run one after the
  other (the single writer). What it decides (`app.services.pairing`) it writes onto the
  seeks: `matched`, the new table's id and each seek's seat. A seek is thus in one table at
  most, and a player in one seat of it.
- The table is opened after that commit, from the matched seeks alone (`open`): opening a
  table that is there already changes nothing, so the tables of an instance that stopped
  between the two are opened by the next sweep of any instance (`lost`).
"""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Row, false, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.bots.registry import levels
from app.db.models import GameTable, Player, Seek
from app.services import pairing
from app.services.players import PlayerInfo
from app.services.seating import NewTableRequest, shape
from app.services.tables import Tables

BATCH = 64
"""The waiting seeks of a pool one match locks and looks at, the oldest first: few, so that
matches running at once on other instances take the next ones instead of skipping them all."""
MEND_AFTER_S = 5.0
"""A matched seek whose table is not there after this long has lost its opener."""
MEND_WITHIN_S = 600.0
"""How far back `lost` looks."""


def table_request(seek: Seek | Row[Any]) -> NewTableRequest:
    """The table a matched seek opens: the seek's `rated` is its table's (a seek made before
    the option kept it beside its options, which are the table's)."""
    options = dict(seek.options)
    move_clock_s, first_dealer = options.pop("move_clock_s"), options.pop("first_dealer")
    options.pop("rated", None)
    return NewTableRequest(
        seek.variant, seek.seats, options, move_clock_s, first_dealer, rated=seek.rated
    )


@dataclass(frozen=True, slots=True)
class Claim:
    tables: list[tuple[str, list[str]]]
    """Each new table's id and its seeks."""
    held: bool
    """Whether another match held some of the pool's waiting seeks meanwhile."""


class Matcher:
    def __init__(
        self, sessions: async_sessionmaker[AsyncSession], tables: Tables, chance: random.Random
    ) -> None:
        self._sessions = sessions
        self._tables = tables
        self._chance = chance

    async def claim(self, pool: str, now: datetime) -> Claim:
        """Match the waiting seeks of `pool` now (committed): each new table's id and its
        seeks (their tables are not open yet: `open`), and whether another match held some
        of the pool's seeks meanwhile (then its leftovers may match with this one's: the
        caller tries again once it is done)."""
        async with self._sessions() as session, session.begin():
            sqlite = session.get_bind().dialect.name == "sqlite"
            if sqlite:
                # The single writer: take its lock before reading, so matches are serial.
                await session.execute(update(Seek).where(false()).values(status=Seek.status))
            waiting = (Seek.pool == pool, Seek.status == "waiting", Seek.expires_at > now)
            rows = await session.execute(
                select(Seek)
                .where(*waiting)
                .order_by(Seek.created_at, Seek.id)
                .limit(BATCH)
                .with_for_update(skip_locked=True)
            )
            seeks = {seek.id: seek for seek in rows.scalars()}
            held = False
            if not sqlite and len(seeks) < BATCH:  # were any skipped?
                counted = await session.scalar(select(func.count()).where(*waiting))
                held = (counted or 0) > len(seeks)
            if not seeks:
                return Claim([], held)
            some = next(iter(seeks.values()))
            seating = shape(table_request(some)).seating
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
            claimed: list[tuple[str, list[str]]] = []
            for group in pairing.groups(candidates, len(seating.players), some.rated):
                ratings = [member.rating for member in group.members]
                level = pairing.bot_level(ratings, levels(some.variant))
                ratings += [pairing.LEVEL_RATINGS.get(level, pairing.DEFAULT_RATING)] * group.bots
                places = pairing.seat(ratings, seating.players, seating.teams, self._chance)
                table_id = str(uuid.uuid4())
                for member, place in zip(group.members, places, strict=False):
                    seek = seeks[member.id]
                    seek.status, seek.table_id, seek.seat = "matched", table_id, place
                    seek.matched_at = now
                claimed.append((table_id, [member.id for member in group.members]))
        return Claim(claimed, held)

    async def open(self, table_id: str) -> list[str]:
        """Open the table of matched seeks: each seek's player in its seat, server bots (of
        the level nearest their ratings) in the others; the same table every time. Returns
        its seeks."""
        async with self._sessions() as session:
            rows = (
                await session.execute(
                    select(Seek, Player.name)
                    .join(Player, Player.id == Seek.player_id)
                    .where(Seek.table_id == table_id, Seek.status == "matched")
                )
            ).all()
        seeks = [seek for seek, _ in rows]
        asked = table_request(seeks[0])
        players = {
            seek.seat: PlayerInfo(seek.player_id, name, seek.bot)
            for seek, name in rows
            if seek.seat is not None
        }
        level = pairing.bot_level([seek.rating for seek in seeks], levels(asked.variant))
        seats = shape(asked).seating.players
        bots = {place: level for place in seats if place not in players}
        await self._tables.open_seated(table_id, asked, players, bots)
        return [seek.id for seek in seeks]

    async def lost(self, now: datetime) -> list[str]:
        """Tables of seeks matched a while ago that are not there: the instance that matched
        them stopped before it opened them."""
        async with self._sessions() as session:
            found = await session.execute(
                select(Seek.table_id)
                .outerjoin(GameTable, GameTable.id == Seek.table_id)
                .where(Seek.status == "matched", GameTable.id.is_(None))
                .where(Seek.matched_at < now - timedelta(seconds=MEND_AFTER_S))
                .where(Seek.matched_at > now - timedelta(seconds=MEND_WITHIN_S))
                .distinct()
            )
            return [table_id for table_id in found.scalars() if table_id is not None]


def _candidate(seek: Seek, now: datetime) -> pairing.Candidate:
    waited_s = (now - seek.created_at).total_seconds()
    return pairing.Candidate(seek.id, seek.player_id, seek.rating, waited_s, seek.bots_after_s)
