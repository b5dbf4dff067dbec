"""The move clock (a table option) and handing a seat to a bot (K-5, K-9, K-10, K-18); the
deadlines a view shows (as private as the options they time), which table messages never
restart."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from app.api.views import view_out
from app.domain.chance import commitment
from app.domain.kozel24 import Options
from app.domain.kozel24.events import DeckCut, DeckShuffled, GameStarted, HandsDealt
from app.domain.lobby import SeatTakenEvent, TableCreated
from app.domain.messages import MessagePosted
from app.services.table_log import Table
from tests.api.conftest import Api, assert_problem
from tests.api.play import human_table
from tests.domain.helpers import cards
from tests.domain.test_rules_decisions import LONE

T0 = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


@pytest.mark.anyio
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


@pytest.mark.anyio
async def test_no_clock_no_deadlines(api: Api) -> None:
    table_id, players = await human_table(api)
    view = (await players[0].get(f"/v1/tables/{table_id}/state")).json()
    assert view["move_clock_s"] is None
    assert view["deadlines"] == []


@pytest.mark.anyio
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


def lone_trump_table() -> Table:
    """A deal 2 where seat 1 holds a lone trump and team 1 holds no queen; 30 s clock."""
    table = Table("00000000-0000-4000-8000-000000000001")
    events = [
        TableCreated("kozel24", 4, {"eggs": True, "messages": True}, 30, 3),
        *(SeatTakenEvent(s, f"p{s}", f"n{s}") for s in range(4)),
        GameStarted(Options(), 3),
        DeckShuffled(2, 3, b"s", commitment(b"s")),
        DeckCut(2, 4),
        HandsDealt(tuple(cards(hand) for hand in LONE)),
    ]
    for seq, event in enumerate(events, start=1):
        table.apply(event, seq, T0)
    return table


def test_k9_k10_deadlines_show_only_the_options_a_viewer_may_know() -> None:
    table = lone_trump_table()
    seen = {seat: [d["seat"] for d in view_out(table, seat)["deadlines"]] for seat in range(4)}
    assert seen == {0: [], 1: [1, 3], 2: [], 3: [1, 3]}
    assert view_out(table, None)["deadlines"] == []


def test_a_table_message_does_not_restart_the_clock() -> None:
    table = lone_trump_table()
    before = table.deadlines()
    table.apply(MessagePosted(0, "прицеп"), table.version + 1, T0 + timedelta(seconds=20))
    assert table.deadlines() == before
    assert before[1] == T0 + timedelta(seconds=30)
