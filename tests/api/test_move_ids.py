"""Move ids (`move_id`): each player's own at a table, and a retry, even one that races the
first request, gets the first answer."""

from __future__ import annotations

import asyncio

import pytest

from tests.api.conftest import Api
from tests.api.play import human_table

pytestmark = pytest.mark.anyio


async def test_two_players_may_use_the_same_move_id(api: Api) -> None:
    """The second player's move with the first one's id happens: it is not taken for a retry
    of the other player's move."""
    table_id, players = await human_table(api)
    movers: list[int] = []
    for step in range(8):
        view = (await players[0].get(f"/v1/tables/{table_id}/state")).json()
        (seat,) = view["to_act"]  # deal 1: the cut, then one card at a time (K-5, K-11)
        mine = (await players[seat].get(f"/v1/tables/{table_id}/state")).json()
        action = mine["legal_actions"][0]
        move_id = "same-id" if seat not in movers else f"own-{step}"
        body = {**action["body"], "move_id": move_id}
        answer = await players[seat].post(f"/v1/tables/{table_id}/{action['endpoint']}", body)
        assert answer.status_code == 200, answer.text
        assert answer.json()["version"] > view["version"], f"seat {seat}'s move did not happen"
        if move_id == "same-id":
            movers.append(seat)
        if len(movers) == 2:
            return
    raise AssertionError("two seats never acted")


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
