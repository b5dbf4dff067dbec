"""Driving a table through the API only, with the legal actions the views list."""

from __future__ import annotations

import random
from typing import Any

from tests.api.conftest import Api, Client


async def human_table(api: Api, **options: Any) -> tuple[str, list[Client]]:
    """Four players at a new table, seat n for the n-th; the game has started."""
    players = [await api.player(f"p{n}") for n in range(4)]
    created = await players[0].post("/v1/tables", {"seat": 0, "options": options})
    assert created.status_code == 201, created.text
    table_id: str = created.json()["id"]
    for seat in (1, 2, 3):
        response = await players[seat].put(f"/v1/tables/{table_id}/seats/{seat}")
        assert response.status_code == 200, response.text
    return table_id, players


async def views(table_id: str, players: list[Client]) -> list[dict[str, Any]]:
    return [(await p.get(f"/v1/tables/{table_id}/state")).json() for p in players]


async def step(table_id: str, players: list[Client], rng: random.Random) -> dict[str, Any] | None:
    """One legal request by a seat that has one; None when nobody can act (game over)."""
    for view in await views(table_id, players):
        if view["legal_actions"]:
            action = rng.choice(view["legal_actions"])
            seat = view["my_seat"]
            response = await players[seat].post(
                f"/v1/tables/{table_id}/{action['endpoint']}", action["body"]
            )
            assert response.status_code == 200, response.text
            result: dict[str, Any] = response.json()
            return {"action": action, "seat": seat, "view": result}
    return None


async def play_to_end(
    table_id: str, players: list[Client], rng: random.Random, limit: int = 2000
) -> list[dict[str, Any]]:
    taken = []
    for _ in range(limit):
        done = await step(table_id, players, rng)
        if done is None:
            return taken
        taken.append(done)
    raise AssertionError("the game did not end")
