"""Ratings per variant, with openskill's Plackett-Luce model: a projection of the finished
tables' logs (`docs/ratings.md`).

When a game ends, `finish_of` reads from its table, through the game interface alone, who
held each seat from the start and every side's final place (`Result.places`); the store
rates it in the transaction of its last events (`app/db/standings.py`). Teams are rated as
teams; where each plays for himself each seat is a team of one; a resignation is the game's
own last place. A player who left the running game (his seat went to a bot, K-18) counts as
placed below every side that stayed: leaving is losing. The server's bot levels are rated
players (`bot:<level>`); where one level holds several seats, its new rating is the mean of
what each seat's result gives it.

The displayed rating is the conservative ordinal, `mu - 3 sigma` (0 for a new player); a
rating is provisional until `PROVISIONAL_GAMES` rated games and while sigma is above
`PROVISIONAL_SIGMA`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from statistics import fmean

from openskill.models import PlackettLuce, PlackettLuceRating
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker

from app.db.directory import TableDirectory
from app.db.models import Rating
from app.db.standings import BOT_PREFIX, Finish, SeatResult, Standing
from app.domain.view import places
from app.services.table_log import Table

MODEL = PlackettLuce()
PROVISIONAL_GAMES = 5
PROVISIONAL_SIGMA = 6.0
"""A new rating's sigma is 25/3; about five games against settled players bring it below 6."""


def standing(mu: float, sigma: float, games: int) -> Standing:
    rating = mu - 3 * sigma
    provisional = games < PROVISIONAL_GAMES or sigma > PROVISIONAL_SIGMA
    return Standing(mu, sigma, rating, games, provisional)


START = standing(MODEL.mu, MODEL.sigma, 0)
DEFAULT_RATING = START.rating
"""The displayed rating of a player with no rated game in a variant."""


def holder_of(player_id: str | None, bot: str | None) -> str:
    return player_id if player_id is not None else f"{BOT_PREFIX}{bot}"


def finish_of(table: Table) -> Finish | None:
    """What the finished game of `table` writes, or None when nobody keeps a record of it (an
    unrated table of server bots alone)."""
    lobby, state = table.lobby, table.state
    assert lobby is not None and state is not None
    result = table.game.view_for(state, None).result
    assert result is not None, "a finished game has a result"
    seating = lobby.seating
    starters = lobby.starters or lobby.seats
    left = {
        seating.side_of(seat)
        for seat in seating.players
        if starters[seat].player_id is not None
        and lobby.seats[seat].player_id != starters[seat].player_id
    }
    final = places([(side in left, place) for side, place in enumerate(result.places)])
    rated = lobby.created.rated and all(
        starters[seat].player_id is not None or starters[seat].bot is not None
        for seat in seating.players
    )
    seats = tuple(
        SeatResult(
            seat,
            holder_of(starters[seat].player_id, starters[seat].bot),
            starters[seat].player_id,
            starters[seat].bot,
            seating.side_of(seat),
            final[seating.side_of(seat)],
            _result(final[seating.side_of(seat)], final),
        )
        for seat in seating.players
    )
    if not rated and all(s.player_id is None for s in seats):
        return None
    return Finish(table.id, table.variant, rated, seats, START, lambda before: rate(seats, before))


def _result(place: int, final: Sequence[int]) -> str:
    if all(p == place for p in final):
        return "drawn"
    return "won" if place == 1 else "lost"


def rate(seats: Sequence[SeatResult], before: Mapping[str, Standing]) -> dict[str, Standing]:
    """Each holder's standing after a game whose seats placed as `seats` say."""
    teams: dict[int, list[SeatResult]] = {}
    for seat in seats:
        teams.setdefault(seat.side, []).append(seat)
    order = sorted(teams)
    ratings = [
        [MODEL.rating(before[s.holder].mu, before[s.holder].sigma) for s in teams[key]]
        for key in order
    ]
    ranks = [float(teams[key][0].place) for key in order]
    rated: list[list[PlackettLuceRating]] = MODEL.rate(ratings, ranks=ranks)
    new: dict[str, list[PlackettLuceRating]] = {}
    for key, team in zip(order, rated, strict=True):
        for seat, after in zip(teams[key], team, strict=True):
            new.setdefault(seat.holder, []).append(after)
    return {
        holder: standing(
            before[holder].mu + fmean(r.mu - before[holder].mu for r in results),
            fmean(r.sigma for r in results),
            before[holder].games + 1,
        )
        for holder, results in sorted(new.items())
    }


Source = (
    AsyncEngine | AsyncConnection | AsyncSession | async_sessionmaker[AsyncSession] | TableDirectory
)
"""Whatever the caller reads the database through: an engine, a connection, a session or
its factory, or the event store (either store)."""


async def ratings_for(
    session_or_store: Source, variant: str, player_ids: Sequence[str]
) -> dict[str, float]:
    """The displayed rating of each of `player_ids` in `variant` (an account's id, or
    `bot:<level>`); `DEFAULT_RATING` for one with no rated game in it."""
    found: dict[str, float] = dict.fromkeys(player_ids, DEFAULT_RATING)
    if not player_ids:
        return found
    query = select(Rating.holder, Rating.rating).where(
        Rating.variant == variant, Rating.holder.in_(list(player_ids)), Rating.games > 0
    )
    source = session_or_store
    if isinstance(source, TableDirectory):
        source = source.engine
    if isinstance(source, async_sessionmaker):
        async with source() as session:
            rows = (await session.execute(query)).all()
    elif isinstance(source, AsyncEngine):
        async with source.connect() as connection:
            rows = (await connection.execute(query)).all()
    else:
        rows = (await source.execute(query)).all()
    for holder, rating in rows:
        found[holder] = rating
    return found
