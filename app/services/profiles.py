"""Public profiles, game histories and leaderboards: reads of the ratings projection
(`app/db/standings.py`), each answered from an index (`bench/ratings_data.py` shows the plans).

Both lists page with keyset cursors. A history runs newest first by `(finished_at,
table_id)`: a game that finishes while a client pages is newer than every cursor, so it never
shifts a page. A leaderboard runs by rating, then by holder (a unique key) downwards; its
cursor carries the last row's rank and position, so ranks go on across pages, and holders of
equal ratings share a rank (1, 2, 2, 4).
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import false, select, tuple_
from sqlalchemy.ext.asyncio import AsyncEngine

from app.db.models import FinishedSeat, Player, Rating
from app.db.standings import BOT_PREFIX
from app.domain.registry import GAMES
from app.services.errors import InvalidRequest, NotFound


@dataclass(frozen=True, slots=True)
class Named:
    id: str
    name: str
    bot: bool


@dataclass(frozen=True, slots=True)
class VariantRating:
    rating: float
    mu: float
    sigma: float
    games: int
    provisional: bool


@dataclass(frozen=True, slots=True)
class Record:
    played: int
    won: int
    lost: int


@dataclass(frozen=True, slots=True)
class Profile:
    player: Named
    created_at: datetime
    ratings: dict[str, VariantRating]
    record: dict[str, Record]


@dataclass(frozen=True, slots=True)
class SeatHolder:
    seat: int
    player: Named | None
    bot: str | None


@dataclass(frozen=True, slots=True)
class PlayedGame:
    table_id: str
    variant: str
    finished_at: datetime
    seats: list[SeatHolder]
    seat: int
    result: str
    rated: bool
    rating_before: float | None
    rating_after: float | None


@dataclass(frozen=True, slots=True)
class Ranked:
    rank: int
    player: Named
    rating: float
    games: int


class Profiles:
    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine

    async def profile(self, player_id: str) -> Profile:
        async with self._engine.connect() as connection:
            player = (
                await connection.execute(
                    select(Player.id, Player.name, Player.bot, Player.created_at).where(
                        Player.id == player_id
                    )
                )
            ).first()
            if player is None:
                raise NotFound(f"no player {player_id}")
            rows = (
                await connection.execute(
                    select(Rating).where(Rating.player_id == player_id).order_by(Rating.variant)
                )
            ).all()
        return Profile(
            Named(player.id, player.name, player.bot),
            player.created_at,
            {
                r.variant: VariantRating(r.rating, r.mu, r.sigma, r.games, r.provisional)
                for r in rows
                if r.games > 0
            },
            {r.variant: Record(r.played, r.won, r.lost) for r in rows if r.played > 0},
        )

    async def games(
        self, player_id: str, variant: str | None, limit: int, cursor: str | None
    ) -> tuple[list[PlayedGame], str | None]:
        """The player's finished games, newest first."""
        if variant is not None:
            _known(variant)
        after = None if cursor is None else _history_cursor(cursor)
        query = select(FinishedSeat).where(FinishedSeat.player_id == player_id)
        if variant is not None:
            query = query.where(FinishedSeat.variant == variant)
        if after is not None:
            query = query.where(tuple_(FinishedSeat.finished_at, FinishedSeat.table_id) < after)
        query = query.order_by(FinishedSeat.finished_at.desc(), FinishedSeat.table_id.desc())
        async with self._engine.connect() as connection:
            if await connection.scalar(select(Player.id).where(Player.id == player_id)) is None:
                raise NotFound(f"no player {player_id}")
            mine = (await connection.execute(query.limit(limit + 1))).all()
            page = mine[:limit]
            tables = [row.table_id for row in page]
            seats = (
                await connection.execute(
                    select(
                        FinishedSeat.table_id,
                        FinishedSeat.seat,
                        FinishedSeat.bot.label("level"),
                        Player.id,
                        Player.name,
                        Player.bot,
                    )
                    .outerjoin(Player, Player.id == FinishedSeat.player_id)
                    .where(FinishedSeat.table_id.in_(tables))
                    .order_by(FinishedSeat.table_id, FinishedSeat.seat)
                )
            ).all()
        holders: dict[str, list[SeatHolder]] = {}
        for row in seats:
            named = None if row.id is None else Named(row.id, row.name, row.bot)
            holders.setdefault(row.table_id, []).append(SeatHolder(row.seat, named, row.level))
        items = [
            PlayedGame(
                r.table_id,
                r.variant,
                r.finished_at,
                holders.get(r.table_id, []),
                r.seat,
                r.result,
                r.rated,
                r.rating_before,
                r.rating_after,
            )
            for r in page
        ]
        more = len(mine) > limit
        last = page[-1] if page else None
        next_cursor = (
            _encode({"at": last.finished_at.isoformat(), "table": last.table_id})
            if more and last is not None
            else None
        )
        return items, next_cursor

    async def leaderboard(
        self, variant: str, bots: bool, limit: int, cursor: str | None
    ) -> tuple[list[Ranked], str | None]:
        """Rated, non-provisional holders (people, or bots), by rating downwards."""
        _known(variant)
        previous = None if cursor is None else _board_cursor(cursor)
        query = select(Rating, Player.name).outerjoin(Player, Player.id == Rating.player_id)
        query = query.where(
            Rating.variant == variant, Rating.bot == bots, Rating.provisional == false()
        )
        if previous is not None:
            query = query.where(tuple_(Rating.rating, Rating.holder) < previous[:2])
        query = query.order_by(Rating.rating.desc(), Rating.holder.desc()).limit(limit + 1)
        async with self._engine.connect() as connection:
            rows = (await connection.execute(query)).all()
        rating: float | None = None
        rank = position = 0
        if previous is not None:
            rating, _, rank, position = previous
        items = []
        for row in rows[:limit]:
            position += 1
            if row.rating != rating:
                rank, rating = position, row.rating
            name = row.name if row.name is not None else row.holder.removeprefix(BOT_PREFIX)
            items.append(Ranked(rank, Named(row.holder, name, row.bot), row.rating, row.games))
        next_cursor = None
        if len(rows) > limit:
            last = rows[limit - 1]
            state = {"rating": last.rating, "holder": last.holder, "rank": rank, "pos": position}
            next_cursor = _encode(state)
        return items, next_cursor


def _known(variant: str) -> None:
    if variant not in GAMES:
        raise NotFound(f"no game {variant!r}; the catalogue: {', '.join(GAMES)}")


def _encode(state: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(state).encode()).decode()


def _decode(cursor: str) -> dict[str, Any]:
    try:
        state = json.loads(base64.urlsafe_b64decode(cursor.encode()))
    except (ValueError, UnicodeDecodeError):
        raise InvalidRequest("not a cursor from this service") from None
    if not isinstance(state, dict):
        raise InvalidRequest("not a cursor from this service")
    return state


def _history_cursor(cursor: str) -> tuple[datetime, str]:
    state = _decode(cursor)
    try:
        at = datetime.fromisoformat(state["at"])
        table_id = state["table"]
        if not isinstance(table_id, str) or at.tzinfo is None:
            raise ValueError(table_id)
    except (KeyError, TypeError, ValueError):
        raise InvalidRequest("not a cursor from this service") from None
    return at, table_id


def _board_cursor(cursor: str) -> tuple[float, str, int, int]:
    state = _decode(cursor)
    try:
        found = (state["rating"], state["holder"], state["rank"], state["pos"])
    except KeyError:
        raise InvalidRequest("not a cursor from this service") from None
    kinds = (float, str, int, int)
    typed = all(
        type(v) is k or (k is float and type(v) is int) for v, k in zip(found, kinds, strict=True)
    )
    if not typed or not 1 <= found[2] <= found[3]:
        raise InvalidRequest("not a cursor from this service")
    return float(found[0]), found[1], found[2], found[3]
