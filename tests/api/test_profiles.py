"""Profiles, histories and leaderboards: pages that new games and ties cannot break, 404s
for unknown players and variants, 422 for cursors the service did not give."""

from __future__ import annotations

import base64
from datetime import UTC, datetime

import pytest
from sqlalchemy import insert

from app.db.database import create_engine
from app.db.models import Player, Rating
from tests.api.conftest import Api, assert_problem
from tests.api.test_ratings import duel

pytestmark = pytest.mark.anyio


async def test_a_history_page_stays_put_while_new_games_finish(api: Api) -> None:
    a, b = await api.player("a"), await api.player("b")
    played = []
    for _ in range(3):
        table_id = await duel(api, a, b, rated=False)
        assert (await b.post(f"/v1/tables/{table_id}/resign")).status_code == 200
        played.append(table_id)
    first = (await api.anonymous.get(f"/v1/players/{a.id}/games", limit=2)).json()
    assert [g["table_id"] for g in first["items"]] == played[:0:-1]
    assert first["items"][0]["seats"][1]["player"]["name"] == "b"
    assert first["items"][0]["result"] == "won"
    assert first["items"][0]["rating_before"] is None

    newer = await duel(api, a, b, rated=False)  # finishes between the two pages
    assert (await a.post(f"/v1/tables/{newer}/resign")).status_code == 200
    rest = await api.anonymous.get(
        f"/v1/players/{a.id}/games", limit=2, cursor=first["next_cursor"]
    )
    assert [g["table_id"] for g in rest.json()["items"]] == played[:1]
    assert rest.json()["next_cursor"] is None
    top = (await api.anonymous.get(f"/v1/players/{a.id}/games", variant="sixty_six")).json()
    assert [g["table_id"] for g in top["items"]] == [newer, *played[::-1]]
    assert top["items"][0]["result"] == "lost"
    assert (await api.anonymous.get(f"/v1/players/{a.id}/games", variant="bura")).json() == {
        "items": [],
        "next_cursor": None,
    }

    profile = (await api.anonymous.get(f"/v1/players/{a.id}")).json()
    assert profile["record"] == {"sixty_six": {"played": 4, "won": 3, "lost": 1}}
    assert profile["ratings"] == {}  # none of these games was rated
    assert (profile["name"], profile["bot"]) == ("a", False)


async def test_leaderboard_ranks_share_ties_across_pages(api: Api, database_url: str) -> None:
    people = {f"p{n}": rating for n, rating in enumerate([10.0, 8.0, 8.0, 8.0, 5.0, 30.0])}
    engine = create_engine(database_url)
    now = datetime.now(UTC)
    async with engine.begin() as connection:
        await connection.execute(
            insert(Player),
            [{"id": p, "name": p.upper(), "bot": p == "p5", "created_at": now} for p in people],
        )
        rows = [
            {"holder": p, "player_id": p, "bot": p == "p5", "rating": r, "provisional": False}
            for p, r in people.items()
        ]
        rows.append({"holder": "bot:strong", "player_id": None, "bot": True, "rating": 20.0})
        rows.append({"holder": "p9", "player_id": None, "bot": False, "rating": 99.0})
        rows[-1]["provisional"] = True  # not on the board
        rows[-2]["provisional"] = False
        common = {"variant": "kozel24", "mu": 0.0, "sigma": 1.0, "games": 9}
        await connection.execute(insert(Rating), [{**common, **row} for row in rows])
    await engine.dispose()

    seen, cursor = [], None
    while True:
        params = {"limit": 2} if cursor is None else {"limit": 2, "cursor": cursor}
        page = (await api.anonymous.get("/v1/games/kozel24/leaderboard", **params)).json()
        seen += [(i["rank"], i["player"]["name"], i["rating"]) for i in page["items"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert seen == [(1, "P0", 10.0), (2, "P3", 8.0), (2, "P2", 8.0), (2, "P1", 8.0), (5, "P4", 5.0)]
    bots = (await api.anonymous.get("/v1/games/kozel24/leaderboard", bots="true")).json()
    assert [(i["rank"], i["player"]) for i in bots["items"]] == [
        (1, {"id": "p5", "name": "P5", "bot": True}),
        (2, {"id": "bot:strong", "name": "strong", "bot": True}),
    ]


async def test_unknown_players_and_variants_are_404_and_foreign_cursors_422(api: Api) -> None:
    a = await api.player("a")
    anonymous = api.anonymous
    assert_problem(await anonymous.get("/v1/players/nobody"), 404, "not_found")
    assert_problem(await anonymous.get("/v1/players/nobody/games"), 404, "not_found")
    assert_problem(
        await anonymous.get(f"/v1/players/{a.id}/games", variant="chess"), 404, "not_found"
    )
    assert_problem(await anonymous.get("/v1/games/chess/leaderboard"), 404, "not_found")
    forged = base64.urlsafe_b64encode(b'{"rating": "high"}').decode()
    for cursor in ["nope", forged, base64.urlsafe_b64encode(b"[1]").decode()]:
        history = await anonymous.get(f"/v1/players/{a.id}/games", cursor=cursor)
        assert_problem(history, 422, "validation_error")
        board = await anonymous.get("/v1/games/kozel24/leaderboard", cursor=cursor)
        assert_problem(board, 422, "validation_error")
