"""The catalogue of games: what a client needs to offer a game and create its table."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query

from app.api import schemas as s
from app.api.deps import PollLimit, ServicesDep
from app.api.docs import OPTIONAL_AUTH, errors
from app.api.schemas.games import TitleOut
from app.bots.registry import levels
from app.domain.game import Game
from app.domain.options import options_schema
from app.domain.registry import GAMES, game_of
from app.services.errors import NotFound

router = APIRouter(prefix="/v1/games", tags=["games"])

Variant = Annotated[str, Path(max_length=40, description="A variant of the catalogue")]


@router.get(
    "",
    operation_id="listGames",
    summary="Every game the service plays: seats, teams, deck, options, bots, rules",
    dependencies=[PollLimit],
    openapi_extra=OPTIONAL_AUTH,
    responses=errors(429, database=False),
)
async def list_games() -> list[s.GameOut]:
    return [_entry(game) for game in GAMES.values()]


@router.get(
    "/{variant}",
    operation_id="getGame",
    summary="One game of the catalogue",
    dependencies=[PollLimit],
    openapi_extra=OPTIONAL_AUTH,
    responses=errors(404, 422, 429, database=False),
)
async def get_game(variant: Variant) -> s.GameOut:
    if variant not in GAMES:
        raise NotFound(f"no game {variant!r}; the catalogue: {', '.join(GAMES)}")
    return _entry(game_of(variant))


def _entry(game: Game[Any, Any]) -> s.GameOut:
    info = game.info
    seats = info.seat_counts[0]
    options = game.parse_options({}, seats)
    seating = game.seating(seats, options)
    return s.GameOut(
        variant=info.variant,
        title=TitleOut(ru=info.title["ru"], en=info.title["en"]),
        seats=list(info.seat_counts),
        teams=None if seating.teams is None else [list(team) for team in seating.teams],
        deck=len(game.deck_after_cut(options, b"", None)),
        options=options_schema(info.options_type),
        bots=list(levels(info.variant)),
        rules=f"/rules/{info.variant}",
    )


@router.get(
    "/{variant}/leaderboard",
    operation_id="getLeaderboard",
    dependencies=[PollLimit],
    openapi_extra=OPTIONAL_AUTH,
    summary="A game's leaderboard: rated, non-provisional players by rating, with a cursor",
    description="People by default; `bots=true` ranks bot accounts and the server's bot "
    "levels (`id` `bot:<level>`) instead. Equal ratings share a rank, on every page; the "
    "order among them is fixed (by id). An unknown variant is 404 `not_found`; a cursor "
    "this service did not give is 422 `validation_error`.",
    responses=errors(404, 422, 429),
)
async def get_leaderboard(
    variant: Variant,
    services: ServicesDep,
    bots: bool = False,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    cursor: Annotated[str | None, Query(max_length=300)] = None,
) -> s.LeaderboardPage:
    items, next_cursor = await services.profiles.leaderboard(variant, bots, limit, cursor)
    return s.LeaderboardPage(
        items=[
            s.RankedOut(
                rank=r.rank,
                player=s.PlayerOut(id=r.player.id, name=r.player.name, bot=r.player.bot),
                rating=r.rating,
                games=r.games,
            )
            for r in items
        ],
        next_cursor=next_cursor,
    )
