"""Players that play through HTTP only: they follow the long-poll and post legal actions."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx


async def register(http: httpx.AsyncClient, name: str) -> dict[str, str]:
    response = await http.post("/v1/players", json={"name": name})
    assert response.status_code == 201, response.text
    body: dict[str, str] = response.json()
    return {"Authorization": f"Bearer {body['token']}", "id": body["id"]}


async def play_seat(
    http: httpx.AsyncClient, table_id: str, auth: dict[str, str], rng: random.Random
) -> dict[str, Any]:
    """Play one seat to the end of the game, using only the view's legal actions."""
    headers = {"Authorization": auth["Authorization"]}
    version = -1
    for _ in range(5000):
        params = {"since_version": version, "wait": 5} if version >= 0 else {}
        response = await http.get(f"/v1/tables/{table_id}/state", params=params, headers=headers)
        if response.status_code == 304:
            continue
        assert response.status_code == 200, response.text
        view: dict[str, Any] = response.json()
        version = view["version"]
        if view["status"] == "finished":
            return view
        if view["legal_actions"]:
            action = rng.choice(view["legal_actions"])
            posted = await http.post(
                f"/v1/tables/{table_id}/{action['endpoint']}",
                json={**action["body"], "expected_version": version},
                headers=headers,
            )
            # Another seat may have moved first (decisions are answered in any order).
            assert posted.status_code in (200, 409), posted.text
    raise AssertionError("the game did not end")


async def play_table(
    base_urls: list[str], seed: int, first_dealer: int = 0
) -> list[dict[str, Any]]:
    """Four clients (spread over `base_urls`) create a table, sit, and play it to the end."""
    clients = [
        httpx.AsyncClient(base_url=base_urls[n % len(base_urls)], timeout=30) for n in range(4)
    ]
    try:
        auths = [await register(c, f"player{n}") for n, c in enumerate(clients)]
        created = await clients[0].post(
            "/v1/tables",
            json={"seat": 0, "options": {"first_dealer": first_dealer}},
            headers={"Authorization": auths[0]["Authorization"]},
        )
        table_id = created.json()["id"]
        for seat in (1, 2, 3):
            taken = await clients[seat].put(
                f"/v1/tables/{table_id}/seats/{seat}",
                headers={"Authorization": auths[seat]["Authorization"]},
            )
            assert taken.status_code == 200, taken.text
        rng = random.Random(seed)
        return list(
            await asyncio.gather(
                *(
                    play_seat(clients[n], table_id, auths[n], random.Random(rng.random()))
                    for n in range(4)
                )
            )
        )
    finally:
        for client in clients:
            await client.aclose()
