"""The ratings projection in the database: what a finished game writes, in the transaction of
its last events (`record_finish`), on either database through SQLAlchemy Core.

The rating rows of the game's holders are locked (`SELECT … FOR UPDATE` on PostgreSQL; SQLite
has one writer at a time) before they are read, so two instances finishing games of one player
at once rate one after the other and lose no update. Each holder's games are rated in finish
order: a game is stamped after the last game of each of its holders (`finished_at`), so that a
rebuild from the logs, in finish order, rates every holder's games in the same order.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, insert, literal, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection

from app.db.models import FinishedSeat, Player, Rating, SeatAddress

TICK = timedelta(microseconds=1)


@dataclass(frozen=True, slots=True)
class Standing:
    """A holder's rating in one variant."""

    mu: float
    sigma: float
    rating: float
    games: int
    provisional: bool


@dataclass(frozen=True, slots=True)
class SeatResult:
    """A seat of a finished game: who held it from the start, and how it placed."""

    seat: int
    holder: str
    """The account's id, or `bot:<level>` for a server bot."""
    player_id: str | None
    bot: str | None
    side: int
    place: int
    result: str
    """`won`, `lost` or `drawn`."""


@dataclass(frozen=True, slots=True)
class Finish:
    """What a finished game writes: its seats, whether it is rated, and how to rate it (the
    new standing of each holder from the standings before; `app/services/ratings.py`)."""

    table_id: str
    variant: str
    rated: bool
    seats: tuple[SeatResult, ...]
    start: Standing
    """A holder's standing before its first rated game."""
    rate: Callable[[Mapping[str, Standing]], dict[str, Standing]]

    @property
    def holders(self) -> list[str]:
        """The holders whose rows the game changes, in lock order: every holder at a rated
        table; the accounts alone at another (a server bot keeps no record of unrated games)."""
        return sorted({s.holder for s in self.seats if self.rated or s.player_id is not None})


@dataclass(frozen=True, slots=True)
class Locked:
    """The rows of a finishing game's holders, locked and read: their standings before it,
    and when it finished."""

    at: datetime
    before: dict[str, Standing]
    finish: Finish
    """The game as it is rated: unrated after all when two of its accounts took their seats
    from one address."""


async def lock_holders(connection: AsyncConnection, finish: Finish, at: datetime) -> Locked:
    """Lock the rows of the game's holders (made first where missing) and read them. The game
    finished at `at`, or just after the last game of one of its holders if that is later (the
    clocks of two instances differ)."""
    if finish.rated and await _shared_address(connection, finish):
        finish = dataclasses.replace(finish, rated=False)
    holders = finish.holders
    await _ensure_rows(connection, finish, holders)
    query = (
        select(Rating)
        .where(Rating.variant == finish.variant, Rating.holder.in_(holders))
        .order_by(Rating.holder)
        .with_for_update()
    )
    rows = (await connection.execute(query)).all()
    last = max((r.last_finished_at for r in rows if r.last_finished_at), default=None)
    if last is not None and last >= at:
        at = last + TICK
    before = {r.holder: Standing(r.mu, r.sigma, r.rating, r.games, r.provisional) for r in rows}
    return Locked(at, before, finish)


async def record_finish(connection: AsyncConnection, finish: Finish, locked: Locked) -> None:
    """Rate the game and record its seats (after `lock_holders`, and after the game's table
    row exists)."""
    at, before, finish = locked.at, locked.before, locked.finish
    after = finish.rate(before) if finish.rated else before
    for holder in finish.holders:
        results = [s.result for s in finish.seats if s.holder == holder]
        await connection.execute(
            update(Rating)
            .where(Rating.variant == finish.variant, Rating.holder == holder)
            .values(**_changes(after[holder], results, at, finish.table_id))
        )
    await connection.execute(
        insert(FinishedSeat),
        [_seat_row(finish, seat, at, before, after) for seat in finish.seats],
    )


async def _shared_address(connection: AsyncConnection, finish: Finish) -> bool:
    """Whether two of the game's accounts took their seats from one address."""
    accounts = [s.player_id for s in finish.seats if s.player_id is not None]
    query = (
        select(SeatAddress.address)
        .where(SeatAddress.table_id == finish.table_id, SeatAddress.player_id.in_(accounts))
        .group_by(SeatAddress.address)
        .having(func.count() > 1)
    )
    return (await connection.execute(query)).first() is not None


async def _ensure_rows(connection: AsyncConnection, finish: Finish, holders: Sequence[str]) -> None:
    """A row for each holder that has none yet in this variant (a concurrent insert of the
    same row waits for the other and then does nothing)."""
    start = finish.start
    fresh: dict[str, Any] = {
        "variant": finish.variant,
        "mu": start.mu,
        "sigma": start.sigma,
        "rating": start.rating,
        "games": 0,
        "provisional": start.provisional,
        "played": 0,
        "won": 0,
        "lost": 0,
    }
    accounts = [h for h in holders if not h.startswith(BOT_PREFIX)]
    levels = [h for h in holders if h.startswith(BOT_PREFIX)]
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    columns = ["holder", "player_id", "bot", *fresh]
    if accounts:
        chosen = (
            select(
                Player.id, Player.id, Player.bot, *(literal(v).label(k) for k, v in fresh.items())
            )
            .where(Player.id.in_(accounts))
            .order_by(Player.id)
        )
        statement: Any = dialect.insert(Rating).from_select(columns, chosen)
        await connection.execute(statement.on_conflict_do_nothing())
    if levels:
        values = [{"holder": h, "player_id": None, "bot": True, **fresh} for h in levels]
        statement = dialect.insert(Rating).values(values)
        await connection.execute(statement.on_conflict_do_nothing())


BOT_PREFIX = "bot:"
"""The holder of a server bot level's rating: `bot:strong`."""


def _changes(standing: Standing, results: list[str], at: datetime, table_id: str) -> dict[str, Any]:
    return {
        "mu": standing.mu,
        "sigma": standing.sigma,
        "rating": standing.rating,
        "games": standing.games,
        "provisional": standing.provisional,
        "played": Rating.played + 1,
        # a server bot at several seats: the game is won if one of them won
        "won": Rating.won + int("won" in results),
        "lost": Rating.lost + int("lost" in results and "won" not in results),
        "last_finished_at": at,
        "last_table_id": table_id,
    }


def _seat_row(
    finish: Finish,
    seat: SeatResult,
    at: datetime,
    before: Mapping[str, Standing],
    after: Mapping[str, Standing],
) -> dict[str, Any]:
    rated = finish.rated
    return {
        "table_id": finish.table_id,
        "seat": seat.seat,
        "variant": finish.variant,
        "finished_at": at,
        "holder": seat.holder,
        "player_id": seat.player_id,
        "bot": seat.bot,
        "place": seat.place,
        "result": seat.result,
        "rated": rated,
        "rating_before": before[seat.holder].rating if rated else None,
        "rating_after": after[seat.holder].rating if rated else None,
    }
