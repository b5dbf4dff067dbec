"""Again and replay: `POST …/rematch` (one new table once everyone seated asked, the dealer
moved on, raced asks on two instances make one table) and `GET …/replay/{version}` (a
finished table at any version, every hand face up; never while the game runs)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from app.config import Settings
from app.domain.registry import GAMES
from tests.api.conftest import UNLIMITED, Api, Client, assert_problem, running

pytestmark = pytest.mark.anyio


async def two_player_table(
    api: Api, options: dict[str, Any] | None = None
) -> tuple[str, Client, Client]:
    """A game of Sixty-six between two people, running."""
    anya, boris = await api.player("Аня"), await api.player("Боря")
    body = {"variant": "sixty_six", "seat": 0, "options": options or {}}
    created = await anya.post("/v1/tables", body)
    assert created.status_code == 201, created.text
    table_id = created.json()["id"]
    assert (await boris.put(f"/v1/tables/{table_id}/seats/1")).status_code == 200
    return table_id, anya, boris


async def state(client: Client, table_id: str) -> dict[str, Any]:
    response = await client.get(f"/v1/tables/{table_id}/state")
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


async def play_until_dealt(table_id: str, *players: Client) -> None:
    """The first legal actions of whoever must act (the cut), until the cards are dealt."""
    for _ in range(10):
        views = [await state(p, table_id) for p in players]
        if views[0]["my_hand"]:
            return
        for player, view in zip(players, views, strict=True):
            for action in view["legal_actions"][:1]:
                path = f"/v1/tables/{table_id}/{action['endpoint']}"
                assert (await player.post(path, action["body"])).status_code == 200
    raise AssertionError("no cards dealt")


async def resign(client: Client, table_id: str) -> None:
    response = await client.post(f"/v1/tables/{table_id}/resign", {})
    assert response.status_code == 200, response.text
    assert response.json()["status"] == "finished"


async def test_a_replay_shows_every_hand_once_the_game_is_over(api: Api) -> None:
    table_id, anya, boris = await two_player_table(api)
    await play_until_dealt(table_id, anya, boris)
    seen = [await state(anya, table_id), await state(boris, table_id)]
    version = seen[0]["version"]
    assert seen[1]["version"] == version
    assert seen[0]["my_hand"]
    path = f"/v1/tables/{table_id}/replay/{version}"
    for client in (api.anonymous, anya, boris):  # not even a player's own
        assert_problem(await client.get(path), 403, "game_running")

    await resign(anya, table_id)
    replay = (await api.anonymous.get(path)).json()
    assert replay["hands"] == [seen[0]["my_hand"], seen[1]["my_hand"]]
    assert replay["version"] == version
    assert replay["status"] == "playing"
    assert replay["my_seat"] is None
    assert replay["my_hand"] is None
    assert replay["legal_actions"] == []
    assert replay["trick"] == seen[0]["trick"]
    assert replay["deal_no"] == 1
    final = await state(anya, table_id)
    assert replay["last_version"] == final["version"]
    assert replay["deals"] == [
        {
            "deal_no": 1,
            "first_version": replay["deals"][0]["first_version"],
            "last_version": final["version"],
        }
    ]
    assert replay["shuffle_check"] == {
        "deal_no": 1,
        "commitment": True,
        "deck": True,
        "hands": True,
        "verified": True,
    }
    last = (await api.anonymous.get(f"/v1/tables/{table_id}/replay/{final['version']}")).json()
    assert last["status"] == "finished"
    assert last["result"] == final["result"]

    first = (await api.anonymous.get(f"/v1/tables/{table_id}/replay/1")).json()
    assert first["status"] == "waiting"
    assert first["hands"] == [[], []]
    assert first["shuffle_check"] is None


async def test_a_replay_of_no_such_version_or_table_is_refused(api: Api) -> None:
    table_id, anya, _ = await two_player_table(api)
    await resign(anya, table_id)
    version = (await state(anya, table_id))["version"]
    for bad in (0, version + 1, -1):
        assert_problem(
            await api.anonymous.get(f"/v1/tables/{table_id}/replay/{bad}"), 422, "validation_error"
        )
    unknown = "00000000-0000-0000-0000-000000000000"
    assert_problem(await api.anonymous.get(f"/v1/tables/{unknown}/replay/1"), 404, "not_found")


async def test_a_rematch_is_made_once_both_asked_with_the_dealer_moved_on(api: Api) -> None:
    table_id, anya, boris = await two_player_table(api, {"first_dealer": 1, "move_clock_s": 60})
    path = f"/v1/tables/{table_id}/rematch"
    assert_problem(await anya.post(path), 409, "game_not_over")
    assert (await state(anya, table_id))["rematch"] is None
    await resign(boris, table_id)
    assert (await state(anya, table_id))["rematch"] == {"asked": [], "table_id": None}

    stranger = await api.player("Vera")
    assert_problem(await stranger.post(path), 403, "not_seated")
    assert_problem(await api.anonymous.post(path), 401, "unauthorized")
    assert (await anya.post(path)).json() == {"status": "asked", "table_id": None}
    assert (await anya.post(path)).json() == {"status": "asked", "table_id": None}  # once
    assert (await state(boris, table_id))["rematch"] == {"asked": [0], "table_id": None}

    answer = (await boris.post(path)).json()
    assert answer["status"] == "created"
    new_id = answer["table_id"]
    assert (await anya.post(path)).json() == answer  # the same table, every time
    views = [await state(c, table_id) for c in (anya, boris, api.anonymous)]
    assert {str(v["rematch"]) for v in views} == {str({"asked": [0, 1], "table_id": new_id})}

    old = (await api.anonymous.get(f"/v1/tables/{table_id}")).json()
    new = (await api.anonymous.get(f"/v1/tables/{new_id}")).json()
    assert new["status"] == "playing"
    assert new["variant"] == "sixty_six"
    assert new["seats"] == old["seats"]
    assert new["options"] == {**old["options"], "first_dealer": 0}
    assert (await state(anya, new_id))["my_seat"] == 0
    assert (await state(boris, new_id))["dealer"] == 0
    # The finished table's deal records and replay still read its log whole.
    assert (await api.anonymous.get(f"/v1/tables/{table_id}/deals/1")).status_code == 200
    last = (await state(anya, table_id))["version"]
    replay = await api.anonymous.get(f"/v1/tables/{table_id}/replay/{last}")
    assert replay.json()["rematch"]["table_id"] == new_id


async def test_bots_agree_to_a_rematch(api: Api) -> None:
    anya = await api.player("Аня")
    bots = {"1": "random", "2": "random", "3": "random"}
    body = {"variant": "kozel24", "seat": 0, "bots": bots, "options": {"first_dealer": 3}}
    table_id = (await anya.post("/v1/tables", body)).json()["id"]
    await resign(anya, table_id)
    answer = (await anya.post(f"/v1/tables/{table_id}/rematch")).json()
    assert answer["status"] == "created"
    new = (await api.anonymous.get(f"/v1/tables/{answer['table_id']}")).json()
    assert [s["bot"] for s in new["seats"]] == [None, "random", "random", "random"]
    assert new["options"]["first_dealer"] == 0  # the seat after 3


async def test_asks_raced_on_two_instances_make_one_table(database_url: str) -> None:
    settings = Settings(database_url=database_url, recheck_interval_s=0.2, **UNLIMITED)
    async with running(settings) as one, running(settings) as two:
        for _ in range(3):
            table_id, anya, boris = await two_player_table(one)
            await resign(anya, table_id)
            at_two = Client(two.http, boris.token, boris.id)
            path = f"/v1/tables/{table_id}/rematch"
            answers = await asyncio.gather(
                anya.post(path), at_two.post(path), anya.post(path), at_two.post(path)
            )
            made = {a.json()["table_id"] for a in answers if a.json()["status"] == "created"}
            assert len(made) == 1, [a.text for a in answers]
        tables = (await one.anonymous.get("/v1/tables", limit=100)).json()["items"]
        assert len(tables) == 6  # three games, three rematches


async def test_a_replay_is_the_same_whichever_versions_were_asked_before(database_url: str) -> None:
    """The kept checkpoints change nothing: every version asked backwards on one instance is
    what another instance answers when asked forwards."""
    settings = Settings(database_url=database_url, recheck_interval_s=0.2, **UNLIMITED)
    async with running(settings) as one, running(settings) as two:
        anya = await one.player("Anya")
        bots = {"1": "random", "2": "random", "3": "random"}
        table_id = (await anya.post("/v1/tables", {"seat": 0, "bots": bots})).json()["id"]
        view = await state(anya, table_id)
        while view["deal_no"] < 3 and view["status"] == "playing":
            action = view["legal_actions"][0]
            view = (
                await anya.post(f"/v1/tables/{table_id}/{action['endpoint']}", action["body"])
            ).json()
        await resign(anya, table_id)
        last = (await state(anya, table_id))["version"]
        assert last > 2 * 32
        path = f"/v1/tables/{table_id}/replay"
        backwards = {v: (await one.anonymous.get(f"{path}/{v}")).json() for v in range(last, 0, -1)}
        for v in range(1, last + 1):
            assert (await two.anonymous.get(f"{path}/{v}")).json() == backwards[v], v


@pytest.mark.parametrize("variant", sorted(GAMES))
async def test_every_games_rematch_moves_the_drawn_dealer_on(api: Api, variant: str) -> None:
    """The first dealer the server drew for the finished game, as its replay shows it, hands
    the deal to the next seat in the rematch (dummy seats stay dummies)."""
    anya = await api.player("Anya")
    game = (await api.anonymous.get(f"/v1/games/{variant}")).json()
    created = await anya.post("/v1/tables", {"variant": variant, "seat": 0})
    free = [row["seat"] for row in created.json()["seats"] if row["seat"] != 0]
    bots = {str(seat): "random" for seat in free}
    table_id = (
        await anya.post("/v1/tables", {"variant": variant, "seat": 0, "bots": bots})
    ).json()["id"]
    await resign(anya, table_id)
    path = f"/v1/tables/{table_id}/replay"
    first = (await api.anonymous.get(f"{path}/1")).json()["deals"][0]["first_version"]
    dealer = (await api.anonymous.get(f"{path}/{first}")).json()["dealer"]
    seats = len((await state(anya, table_id))["hand_sizes"])
    answer = (await anya.post(f"/v1/tables/{table_id}/rematch")).json()
    assert answer["status"] == "created", (game["variant"], answer)
    new = (await api.anonymous.get(f"/v1/tables/{answer['table_id']}")).json()
    old = (await api.anonymous.get(f"/v1/tables/{table_id}")).json()
    assert new["options"]["first_dealer"] == (dealer + 1) % seats
    assert new["seats"] == old["seats"]
    assert new["status"] == "playing"
