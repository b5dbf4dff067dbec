"""Guards for defects found in review: move ids per player, concurrent retries, private
deadlines, clocks that messages do not restart, acting before the game starts."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from app.api.views import view_out
from app.domain.chance import commitment
from app.domain.kozel24 import Options
from app.domain.kozel24.events import DeckCut, DeckShuffled, GameStarted, HandsDealt, MessagePosted
from app.domain.lobby import SeatTakenEvent, TableCreated
from app.services.table_log import Table
from tests.api.conftest import Api, assert_problem
from tests.api.play import human_table
from tests.domain.helpers import cards
from tests.domain.test_rules_decisions import LONE

T0 = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def lone_trump_table() -> Table:
    """A deal 2 where seat 1 holds a lone trump and team 1 holds no queen; 30 s clock."""
    table = Table("00000000-0000-4000-8000-000000000001")
    events = [
        TableCreated("kozel24", True, True, 30, 3),
        *(SeatTakenEvent(s, f"p{s}", f"n{s}") for s in range(4)),
        GameStarted(Options(), 3),
        DeckShuffled(2, 3, b"s", commitment(b"s")),
        DeckCut(2, 4),
        HandsDealt(tuple(cards(hand) for hand in LONE)),
    ]
    for seq, event in enumerate(events, start=1):
        table.apply(event, seq, T0)
    return table


def test_deadlines_show_only_the_options_a_viewer_may_know() -> None:
    table = lone_trump_table()
    seen = {seat: [d["seat"] for d in view_out(table, seat)["deadlines"]] for seat in range(4)}
    assert seen == {0: [], 1: [1, 3], 2: [], 3: [1, 3]}
    assert view_out(table, None)["deadlines"] == []


def test_a_message_does_not_restart_the_clock() -> None:
    table = lone_trump_table()
    before = table.deadlines()
    table.apply(MessagePosted(0, "прицеп"), table.version + 1, T0 + timedelta(seconds=20))
    assert table.deadlines() == before
    assert before[1] == T0 + timedelta(seconds=30)


@pytest.mark.anyio
async def test_two_players_may_use_the_same_move_id(api: Api) -> None:
    table_id, players = await human_table(api)
    for _ in range(6):
        view = (await players[0].get(f"/v1/tables/{table_id}/state")).json()
        seat = view["to_act"][0] if view["to_act"] else None
        if seat is None:
            break
        mine = (await players[seat].get(f"/v1/tables/{table_id}/state")).json()
        action = mine["legal_actions"][0]
        body = {**action["body"], "move_id": "same-id"}
        answer = await players[seat].post(f"/v1/tables/{table_id}/{action['endpoint']}", body)
        assert answer.status_code == 200, answer.text


@pytest.mark.anyio
async def test_a_concurrent_retry_with_expected_version_gets_the_first_result(api: Api) -> None:
    table_id, players = await human_table(api)
    view = (await players[0].get(f"/v1/tables/{table_id}/state")).json()
    (cutter,) = view["to_act"]
    body = {"type": "cut", "position": 7, "expected_version": view["version"], "move_id": "r1"}
    path = f"/v1/tables/{table_id}/moves"
    first, second = await asyncio.gather(
        players[cutter].post(path, body), players[cutter].post(path, body)
    )
    assert (first.status_code, second.status_code) == (200, 200)
    assert first.json() == second.json()


@pytest.mark.anyio
async def test_acting_before_the_game_starts_is_409(api: Api) -> None:
    owner = await api.player()
    table_id = (await owner.post("/v1/tables", {"seat": 0})).json()["id"]
    response = await owner.post(f"/v1/tables/{table_id}/moves", {"type": "cut", "position": 3})
    assert_problem(response, 409, "game_not_started")
