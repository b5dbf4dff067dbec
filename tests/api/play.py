"""Driving a table through the API only, with the legal actions the views list."""

from __future__ import annotations

import random
from typing import Any

from tests.api.conftest import Api, Client


async def human_table(
    api: Api, variant: str = "kozel24", seats: int | None = None, **options: Any
) -> tuple[str, list[Client]]:
    """A player in every player's seat of a new table, seat n for the n-th (a dummy seat has
    no player: its client is None); the game has started."""
    body: dict[str, Any] = {"variant": variant, "seat": 0, "options": options}
    if seats is not None:
        body["seats"] = seats
    first = await api.player("p0")
    created = await first.post("/v1/tables", body)
    assert created.status_code == 201, created.text
    table = created.json()
    table_id: str = table["id"]
    players = [first]
    for row in table["seats"][1:]:
        player = await api.player(f"p{row['seat']}")
        response = await player.put(f"/v1/tables/{table_id}/seats/{row['seat']}")
        assert response.status_code == 200, response.text
        players.append(player)
    return table_id, players


async def views(table_id: str, players: list[Client]) -> list[dict[str, Any]]:
    return [(await p.get(f"/v1/tables/{table_id}/state")).json() for p in players]


async def step(table_id: str, players: list[Client], rng: random.Random) -> dict[str, Any] | None:
    """One legal request by a seat that must act (else one that may); None when nobody can
    act (game over)."""
    seen = await views(table_id, players)
    acting = [v for v in seen if v["legal_actions"] and v["my_seat"] in v["to_act"]]
    for view in acting or [v for v in seen if v["legal_actions"]]:
        action = rng.choice(view["legal_actions"])
        client = next(p for p, v in zip(players, seen, strict=True) if v is view)
        response = await client.post(f"/v1/tables/{table_id}/{action['endpoint']}", action["body"])
        assert response.status_code == 200, response.text
        result: dict[str, Any] = response.json()
        return {"action": action, "seat": view["my_seat"], "view": result}
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
