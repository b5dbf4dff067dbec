"""Watching: the lobby lists the live tables of every game by their last move, with their
players (a spectator following one over a real connection: `tests/e2e/test_stream.py`)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.conftest import Api, Client

pytestmark = pytest.mark.anyio

BOTS = {"1": "random", "2": "random", "3": "random"}


async def live_table(api: Api, name: str, variant: str = "kozel24") -> tuple[str, Client]:
    player = await api.player(name)
    bots = BOTS if variant == "kozel24" else {"1": "random"}
    created = await player.post("/v1/tables", {"variant": variant, "seat": 0, "bots": bots})
    assert created.status_code == 201, created.text
    return created.json()["id"], player


async def move(player: Client, table_id: str) -> dict[str, Any]:
    view = (await player.get(f"/v1/tables/{table_id}/state")).json()
    action = view["legal_actions"][0]
    answer = await player.post(f"/v1/tables/{table_id}/{action['endpoint']}", action["body"])
    assert answer.status_code == 200, answer.text
    return view


async def test_live_tables_are_listed_by_their_last_move(api: Api) -> None:
    first, anya = await live_table(api, "Anya")
    second, _ = await live_table(api, "Boris", "sixty_six")
    waiting = (await anya.post("/v1/tables", {"variant": "bura", "seats": 3})).json()["id"]
    listed = (await api.anonymous.get("/v1/tables", status="playing")).json()["items"]
    assert [t["id"] for t in listed] == [second, first]  # the newest move first
    assert listed[0]["variant"] == "sixty_six"
    assert listed[1]["seats"][0]["player"]["name"] == "Anya"
    assert [s["bot"] for s in listed[1]["seats"][1:]] == ["random"] * 3

    await move(anya, first)
    page = (await api.anonymous.get("/v1/tables", status="playing", limit=1)).json()
    assert [t["id"] for t in page["items"]] == [first]
    rest = await api.anonymous.get("/v1/tables", status="playing", cursor=page["next_cursor"])
    assert [t["id"] for t in rest.json()["items"]] == [second]
    everything = (await api.anonymous.get("/v1/tables")).json()["items"]
    assert [t["id"] for t in everything] == [waiting, second, first]  # newest first
