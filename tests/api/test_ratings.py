"""Ratings: a rated game is rated once, when it ends, in the transaction of its last events;
two instances finishing games of one player at once lose no update (`docs/ratings.md`)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest
from httpx import Response
from sqlalchemy import select, update

from app.config import Settings
from app.db.database import create_engine, session_factory
from app.db.models import FinishedSeat, Rating, SeatAddress
from app.db.standings import SeatResult
from app.db.store_sql import SqlStore
from app.services.ratings import DEFAULT_RATING, START, rate, ratings_for
from app.services.ratings_rebuild import rebuild
from tests.api.conftest import UNLIMITED, Api, Client, assert_problem, running
from tests.db.test_migrations import kozel

pytestmark = pytest.mark.anyio


async def duel(api: Api, a: Client, b: Client, rated: bool = True) -> str:
    """A sixty-six table of `a` (seat 0) and `b` (seat 1, from another address), started."""
    body = {"variant": "sixty_six", "seat": 0, "options": {"rated": rated}}
    created = await a.post("/v1/tables", body)
    assert created.status_code == 201, created.text
    table_id: str = created.json()["id"]
    assert (await sit_from(api, b, table_id, 1, "10.0.0.2")).status_code == 200
    return table_id


async def sit_from(api: Api, player: Client, table_id: str, seat: int, host: str) -> Response:
    """`player` takes a seat from the address `host`."""
    transport = httpx.ASGITransport(app=api.app, client=(host, 1))  # type: ignore[arg-type]
    async with httpx.AsyncClient(transport=transport, base_url="http://kozel") as http:
        return await Client(http, player.token, player.id).put(
            f"/v1/tables/{table_id}/seats/{seat}"
        )


async def rows(database_url: str, model: Any) -> list[Any]:
    engine = create_engine(database_url)
    try:
        async with engine.connect() as connection:
            return list((await connection.execute(select(model))).all())
    finally:
        await engine.dispose()


def after_one_game(winner: str, loser: str) -> dict[str, float]:
    seats = (
        SeatResult(0, winner, winner, None, 0, 1, "won"),
        SeatResult(1, loser, loser, None, 1, 2, "lost"),
    )
    new = rate(seats, {winner: START, loser: START})
    return {holder: standing.rating for holder, standing in new.items()}


async def test_a_resignation_is_a_loss_and_the_game_is_rated_once(
    api: Api, database_url: str
) -> None:
    a, b = await api.player("a"), await api.player("b")
    table_id = await duel(api, a, b)
    resigned = await asyncio.gather(
        b.post(f"/v1/tables/{table_id}/resign"), b.post(f"/v1/tables/{table_id}/resign")
    )
    assert sorted(r.status_code for r in resigned)[0] == 200  # the other one: game over
    ratings = {r.holder: r for r in await rows(database_url, Rating)}
    expected = after_one_game(a.id or "", b.id or "")
    assert {h: r.rating for h, r in ratings.items()} == expected
    assert ratings[a.id or ""].rating > 0 > ratings[b.id or ""].rating
    assert [(r.games, r.played, r.won, r.lost) for r in (ratings[a.id or ""],)] == [(1, 1, 1, 0)]
    seats = sorted(await rows(database_url, FinishedSeat), key=lambda s: s.seat)
    assert [(s.result, s.rated, s.rating_before) for s in seats] == [
        ("won", True, START.rating),
        ("lost", True, START.rating),
    ]


async def test_an_unrated_game_keeps_a_record_and_changes_no_rating(
    api: Api, database_url: str
) -> None:
    a, b = await api.player("a"), await api.player("b")
    table_id = await duel(api, a, b, rated=False)
    assert (await a.post(f"/v1/tables/{table_id}/resign")).status_code == 200
    ratings = {r.holder: r for r in await rows(database_url, Rating)}
    assert {(r.mu, r.sigma, r.games, r.played) for r in ratings.values()} == {
        (START.mu, START.sigma, 0, 1)
    }
    assert ratings[b.id or ""].won == 1


async def test_two_instances_finishing_games_of_one_player_at_once_lose_no_update(
    database_url: str,
) -> None:
    settings = Settings(database_url=database_url, **UNLIMITED)
    async with running(settings) as one, running(settings) as two:
        star = await one.player("star")
        rivals = [await one.player(f"r{n}") for n in range(4)]
        tables = [await duel(one, star, rival) for rival in rivals]
        instances = [one, two, one, two]
        await asyncio.gather(
            *(
                Client(api.http, rival.token, rival.id).post(f"/v1/tables/{t}/resign")
                for api, rival, t in zip(instances, rivals, tables, strict=True)
            )
        )
    ratings = {r.holder: r for r in await rows(database_url, Rating)}
    assert ratings[star.id or ""].games == 4
    assert ratings[star.id or ""].won == 4
    # the same as four games rated one after the other, in their finish order
    seats = await rows(database_url, FinishedSeat)
    order = sorted({(s.finished_at, s.table_id) for s in seats})
    assert len({at for at, _ in order}) == 4  # each game of the star after the one before
    standing = START
    by_table = {s.table_id: s.holder for s in seats if s.holder != star.id}
    for _, table_id in order:
        rival = by_table[table_id]
        new = rate(
            (
                SeatResult(0, star.id or "", star.id, None, 0, 1, "won"),
                SeatResult(1, rival, rival, None, 1, 2, "lost"),
            ),
            {star.id or "": standing, rival: START},
        )
        standing = new[star.id or ""]
    assert ratings[star.id or ""].mu == standing.mu
    assert ratings[star.id or ""].sigma == standing.sigma


async def bots_table(player: Client, variant: str = "kozel24") -> str:
    """A rated table of `player` (seat 0) and random bots, started."""
    body = {
        "variant": variant,
        "seat": 0,
        "bots": {"1": "random", "2": "random", "3": "random"},
        "options": {"rated": True},
    }
    created = await player.post("/v1/tables", body)
    assert created.status_code == 201, created.text
    table_id: str = created.json()["id"]
    return table_id


async def test_leaving_a_rated_game_loses_it_even_when_the_bot_that_takes_over_wins(
    api: Api, database_url: str
) -> None:
    """The bots' moves are seeded by the table's (random) id: a leaver leaves tables until
    the bot that takes its seat wins one for its team (about every other table)."""
    leaver = await api.player("leaver")
    for _ in range(30):
        table_id = await bots_table(leaver)
        left = await leaver.delete(f"/v1/tables/{table_id}/seats/0")
        assert left.status_code == 200, left.text
        summary = (await api.anonymous.get(f"/v1/tables/{table_id}")).json()
        assert summary["status"] == "finished"  # the bots played it out
        view = (await api.anonymous.get(f"/v1/tables/{table_id}/state")).json()
        if view["result"]["places"] == [1, 2]:  # by the game, the leaver's team won
            break
    else:
        raise AssertionError("in 30 tables the leaver's team never won")
    seats = {s.seat: s for s in await rows(database_url, FinishedSeat) if s.table_id == table_id}
    assert (seats[0].holder, seats[0].result, seats[0].place) == (leaver.id, "lost", 2)
    assert seats[2].holder == "bot:random"
    ratings = {r.holder: r for r in await rows(database_url, Rating)}
    assert ratings[leaver.id or ""].rating < START.rating
    assert ratings[leaver.id or ""].won == 0


async def test_a_rebuild_from_the_logs_gives_the_live_numbers(api: Api, database_url: str) -> None:
    a, b, c = await api.player("a"), await api.player("b"), await api.player("c")
    for winner, loser in [(a, b), (b, c), (a, c)]:
        table_id = await duel(api, winner, loser)
        assert (await loser.post(f"/v1/tables/{table_id}/resign")).status_code == 200
    unrated = await duel(api, c, a, rated=False)
    assert (await a.post(f"/v1/tables/{unrated}/resign")).status_code == 200
    team = await bots_table(b)  # a team game with a server bot level on both sides
    assert (await b.delete(f"/v1/tables/{team}/seats/0")).status_code == 200
    live = sorted(await rows(database_url, Rating)), sorted(await rows(database_url, FinishedSeat))
    assert len(live[0]) == 5  # a, b, c in sixty-six; b and bot:random in kozel24

    engine = create_engine(database_url)
    try:
        done = await rebuild(engine)
    finally:
        await engine.dispose()
    assert (done.games, done.rated) == (5, 4)
    again = sorted(await rows(database_url, Rating)), sorted(await rows(database_url, FinishedSeat))
    assert again == live


def test_kozel_ratings_rebuild_from_the_command_line(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    assert kozel("migrate", url=url).returncode == 0
    done = kozel("ratings", "rebuild", url=url)
    assert done.returncode == 0, done.stderr
    assert "rebuilt the ratings from 0 finished games (0 rated)" in done.stdout


async def test_two_accounts_from_one_address_are_not_seated_at_one_rated_table(
    api: Api, database_url: str
) -> None:
    a, b, c = await api.player("a"), await api.player("a's twin"), await api.player("c")
    rated = await a.post(
        "/v1/tables", {"variant": "sixty_six", "seat": 0, "options": {"rated": True}}
    )
    table_id = rated.json()["id"]
    refused = await b.put(f"/v1/tables/{table_id}/seats/1")  # the address a sat from
    assert_problem(refused, 409, "same_address")
    assert (await a.delete(f"/v1/tables/{table_id}/seats/0")).status_code == 200
    assert (await b.put(f"/v1/tables/{table_id}/seats/1")).status_code == 200  # a left
    unrated = await a.post("/v1/tables", {"variant": "sixty_six", "seat": 0})
    assert (await b.put(f"/v1/tables/{unrated.json()['id']}/seats/1")).status_code == 200

    # Two accounts that got seated from one address anyway (a race): the game is not rated.
    table_id = await duel(api, a, c)
    engine = create_engine(database_url)
    async with engine.begin() as connection:
        await connection.execute(update(SeatAddress).values(address="one"))
    await engine.dispose()
    assert (await c.post(f"/v1/tables/{table_id}/resign")).status_code == 200
    seats = [s for s in await rows(database_url, FinishedSeat) if s.table_id == table_id]
    assert [s.rated for s in seats] == [False, False]
    ratings = {r.holder: r for r in await rows(database_url, Rating)}
    assert (ratings[a.id or ""].games, ratings[a.id or ""].won) == (0, 1)


async def test_ratings_for_gives_the_displayed_ratings_and_zero_for_the_unrated(
    api: Api, database_url: str
) -> None:
    a, b = await api.player("a"), await api.player("b")
    table_id = await duel(api, a, b)
    assert (await b.post(f"/v1/tables/{table_id}/resign")).status_code == 200
    expected = after_one_game(a.id or "", b.id or "")
    engine = create_engine(database_url)
    try:
        ids = [a.id or "", b.id or "", "nobody"]
        found = await ratings_for(engine, "sixty_six", ids)
        assert found == {**expected, "nobody": DEFAULT_RATING}
        async with session_factory(engine)() as session:
            assert await ratings_for(session, "bura", ids) == dict.fromkeys(ids, 0.0)
        assert await ratings_for(SqlStore(engine), "sixty_six", ids) == found
    finally:
        await engine.dispose()
