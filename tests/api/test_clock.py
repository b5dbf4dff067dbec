"""The move clock (a table option) and handing a seat to a bot (K-5, K-9, K-10, K-18)."""

from __future__ import annotations

import asyncio
from datetime import datetime

import pytest

from tests.api.conftest import Api, assert_problem
from tests.api.play import human_table

pytestmark = pytest.mark.anyio


async def test_a_late_seat_is_played_for_and_the_view_shows_its_deadline(api: Api) -> None:
    table_id, players = await human_table(api, move_clock_s=1)
    view = (await players[0].get(f"/v1/tables/{table_id}/state")).json()
    assert view["move_clock_s"] == 1
    (cutter,) = view["to_act"]
    (deadline,) = view["deadlines"]
    assert deadline["seat"] == cutter
    assert datetime.fromisoformat(deadline["at"]) > datetime.fromisoformat(
        (await api.anonymous.get(f"/v1/tables/{table_id}")).json()["created_at"]
    )
    # Nobody acts: within a few seconds the server cuts for the cutter (K-5) and goes on.
    for _ in range(60):
        await asyncio.sleep(0.1)
        now = (await api.anonymous.get(f"/v1/tables/{table_id}/state")).json()
        if now["phase"] != "cut":
            break
    assert now["phase"] in ("decisions", "play")
    assert now["version"] > view["version"]
    log = (await api.anonymous.get(f"/v1/tables/{table_id}/events")).json()["items"]
    assert any(e["type"] == "deck_cut" and e["data"]["seat"] == cutter for e in log)


async def test_no_clock_no_deadlines(api: Api) -> None:
    table_id, players = await human_table(api)
    view = (await players[0].get(f"/v1/tables/{table_id}/state")).json()
    assert view["move_clock_s"] is None
    assert view["deadlines"] == []


async def test_a_player_who_leaves_a_running_game_is_replaced_by_a_bot(api: Api) -> None:
    table_id, players = await human_table(api)
    view = (await players[0].get(f"/v1/tables/{table_id}/state")).json()
    (cutter,) = view["to_act"]
    left = await players[cutter].delete(f"/v1/tables/{table_id}/seats/{cutter}")
    assert left.status_code == 200
    assert left.json()["seats"][cutter] == {"seat": cutter, "player": None, "bot": "heuristic"}
    after = (await players[(cutter + 1) % 4].get(f"/v1/tables/{table_id}/state")).json()
    assert after["phase"] != "cut"  # the bot cut at once
    other = (cutter + 1) % 4
    assert_problem(
        await players[other].delete(f"/v1/tables/{table_id}/seats/{cutter}"), 409, "game_started"
    )
    assert_problem(await players[cutter].post(f"/v1/tables/{table_id}/resign"), 403, "not_seated")
