"""Seeks (contract "Finding a game"): matching, long-polls, cancelling, one waiting seek per
variant, people apart from bot accounts, bots after a wait, expiry, benching. Each test runs
on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from app.config import Settings
from app.services import benching, matching, seeks
from tests.api.conftest import UNLIMITED, Api, Client, assert_problem, running

pytestmark = pytest.mark.anyio


@pytest.fixture
async def api(database_url: str) -> AsyncIterator[Api]:
    """The app without its periodic sweep of the seeks (a test sweeps when it means to):
    a sweep that held a seek just when another came would leave both waiting a while."""
    settings = Settings(
        database_url=database_url, recheck_interval_s=0.2, seek_sweep_s=3600, **UNLIMITED
    )
    async with running(settings) as app:
        yield app


async def _seek(client: Client, **body: Any) -> dict[str, Any]:
    response = await client.post("/v1/seeks", body)
    assert response.status_code == 201, response.text
    found: dict[str, Any] = response.json()
    return found


async def _matched(client: Client, seek: dict[str, Any]) -> dict[str, Any]:
    response = await client.get(f"/v1/seeks/{seek['id']}", wait=10)
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    assert found["status"] == "matched", found
    return found


async def test_two_seeks_of_one_pool_make_one_table_with_both_seated(api: Api) -> None:
    anna, boris = await api.player("Anna"), await api.player("Boris")
    first = await _seek(anna, variant="sixty_six", rated=False)
    assert first["status"] == "waiting"
    assert (first["variant"], first["seats"], first["table_id"]) == ("sixty_six", 2, None)
    waiting = asyncio.create_task(anna.get(f"/v1/seeks/{first['id']}", wait=10))
    second = await _seek(boris, variant="sixty_six", rated=False)
    assert second["status"] == "matched"
    heard = (await waiting).json()  # the long-poll hears of the match
    assert heard["status"] == "matched"
    assert heard["table_id"] == second["table_id"]
    assert {heard["seat"], second["seat"]} == {0, 1}
    table = (await anna.get(f"/v1/tables/{heard['table_id']}")).json()
    assert table["status"] == "playing"
    seated = {seat["seat"]: seat["player"]["id"] for seat in table["seats"]}
    assert seated == {heard["seat"]: anna.id, second["seat"]: boris.id}
    turns = (await anna.get("/v1/players/me/turns")).json()
    turns += (await boris.get("/v1/players/me/turns")).json()
    assert [turn["table_id"] for turn in turns] == [heard["table_id"]]


async def test_seeks_of_other_pools_do_not_match(api: Api) -> None:
    players = [await api.player(f"p{n}") for n in range(5)]
    bot_account = await api.player("bot", bot=True)
    made = [
        await _seek(players[0], variant="sixty_six", rated=False),
        await _seek(players[1], variant="sixty_six", rated=True),
        await _seek(players[2], variant="bura", rated=False),
        await _seek(players[3], variant="sixty_six", rated=False, options={"move_clock_s": 60}),
        await _seek(bot_account, variant="sixty_six", rated=False),  # people apart from bots
    ]
    assert [seek["status"] for seek in made] == ["waiting"] * 5
    assert (await _seek(players[4], variant="sixty_six", rated=True))["status"] == "matched"


async def test_a_team_game_seats_four_seekers_once_each(api: Api) -> None:
    players = [await api.player(f"p{n}") for n in range(4)]
    made = [await _seek(player, rated=False) for player in players]
    found = [await _matched(p, seek) for p, seek in zip(players, made, strict=True)]
    assert len({seek["table_id"] for seek in found}) == 1
    assert sorted(seek["seat"] for seek in found) == [0, 1, 2, 3]


async def test_bots_take_the_empty_seats_after_bots_after_s(api: Api) -> None:
    anna = await api.player("Anna")
    seek = await _seek(anna, variant="kozel24", rated=False, bots_after_s=0)
    assert seek["status"] == "matched"
    table = (await anna.get(f"/v1/tables/{seek['table_id']}")).json()
    bots = [s["bot"] for s in table["seats"] if s["seat"] != seek["seat"]]
    assert bots == ["heuristic"] * 3  # the level nearest a new player's rating
    assert table["status"] == "playing"


async def test_one_waiting_seek_per_player_and_variant(api: Api) -> None:
    anna = await api.player("Anna")
    first = await _seek(anna, variant="bura")
    problem = assert_problem(
        await anna.post("/v1/seeks", {"variant": "bura"}), 409, "already_seeking"
    )
    assert problem["seek_id"] == first["id"]
    assert (await _seek(anna, variant="kozly"))["status"] == "waiting"  # another variant
    cancelled = (await anna.delete(f"/v1/seeks/{first['id']}")).json()
    assert cancelled["status"] == "cancelled"
    assert (await _seek(anna, variant="bura"))["status"] == "waiting"


async def test_a_matched_seek_cannot_be_cancelled(api: Api) -> None:
    anna, boris = await api.player("Anna"), await api.player("Boris")
    first = await _seek(anna, variant="sixty_six", rated=False)
    await _seek(boris, variant="sixty_six", rated=False)
    assert_problem(await anna.delete(f"/v1/seeks/{first['id']}"), 409, "already_matched")
    assert_problem(await boris.get(f"/v1/seeks/{first['id']}"), 404, "not_found")  # not his


async def test_options_are_checked_as_for_a_table(api: Api) -> None:
    anna = await api.player("Anna")
    bad = [
        {"variant": "sixty_six", "seats": 4},
        {"variant": "kozel24", "options": {"no_such_option": 1}},
        {"variant": "kozel24", "options": {"first_dealer": 3}, "seats": 4, "bots_after_s": -1},
    ]
    assert_problem(await anna.post("/v1/seeks", bad[0]), 422, "invalid_option")
    assert_problem(await anna.post("/v1/seeks", bad[1]), 422, "invalid_option")
    assert (await anna.post("/v1/seeks", bad[2])).status_code == 422
    assert_problem(await api.anonymous.post("/v1/seeks", {}), 401, "unauthorized")


async def test_a_seek_expires(api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(seeks, "LIFETIME_S", 0)
    anna, boris = await api.player("Anna"), await api.player("Boris")
    old = await _seek(anna, variant="sixty_six", rated=False)
    assert old["status"] == "expired"
    assert api.app is not None
    await api.app.state.services.seeks.sweep()
    monkeypatch.setattr(seeks, "LIFETIME_S", 600)
    assert (await _seek(boris, variant="sixty_six", rated=False))["status"] == "waiting"
    assert (await _seek(anna, variant="sixty_six", rated=False))["status"] == "matched"


async def test_a_bot_account_that_lets_its_clock_run_out_is_benched(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(benching, "GAMES", 2)
    robot = await api.player("Robot", bot=True)
    for _ in range(2):
        body = {"variant": "sixty_six", "seat": 0, "bots": {"1": "random"}}
        body["options"] = {"move_clock_s": 1, "first_dealer": 1}  # seat 0 acts first
        table = (await robot.post("/v1/tables", body)).json()
        path = f"/v1/tables/{table['id']}"
        first = (await robot.get(f"{path}/state")).json()["version"]
        moved = await robot.get(f"{path}/state", since_version=first, wait=10)
        assert moved.json()["version"] > first  # the clock played for the bot account
        await asyncio.sleep(0.5)  # the lapse is recorded after its commit
        assert (await robot.post(f"{path}/resign")).status_code == 200
    problem = assert_problem(
        await robot.post("/v1/seeks", {"variant": "sixty_six"}), 429, "benched"
    )
    assert problem["until"]
    person = await api.player("Person")
    assert (await person.post("/v1/seeks", {"variant": "sixty_six"})).status_code == 201


async def test_a_sweep_gives_a_seek_its_bots_once_its_wait_is_over(api: Api) -> None:
    anna = await api.player("Anna")
    seek = await _seek(anna, variant="bura", rated=False, bots_after_s=1)
    assert seek["status"] == "waiting"
    assert api.app is not None
    seeks = api.app.state.services.seeks
    assert await seeks.sweep() == 0
    assert seeks.waiting  # the sweeper keeps its pace while a seek waits (`keep_seeks`)
    await asyncio.sleep(1.1)
    assert await seeks.sweep() == 1
    await seeks.sweep()
    assert not seeks.waiting  # none waits now: the sweeper slows to its idle pace
    matched = (await anna.get(f"/v1/seeks/{seek['id']}")).json()
    assert matched["status"] == "matched"
    table = (await anna.get(f"/v1/tables/{matched['table_id']}")).json()
    assert [s["bot"] is None for s in table["seats"]].count(True) == 1


async def test_a_sweep_opens_the_table_of_an_instance_that_stopped_after_matching(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    anna, boris = await api.player("Anna"), await api.player("Boris")
    assert api.app is not None
    # The instance that matches the two seeks stops between its commit and the table.
    monkeypatch.setattr(matching.Matcher, "open", _stopped)
    first = await _seek(anna, variant="sixty_six", rated=False)
    second = await _seek(boris, variant="sixty_six", rated=False)
    assert second["status"] == "waiting"  # matched, but no table yet
    monkeypatch.undo()
    monkeypatch.setattr(matching, "MEND_AFTER_S", 0)
    await api.app.state.services.seeks.sweep()
    found = [await _matched(anna, first), await _matched(boris, second)]
    assert found[0]["table_id"] == found[1]["table_id"]
    table = (await anna.get(f"/v1/tables/{found[0]['table_id']}")).json()
    assert table["status"] == "playing"


async def _stopped(*_: object) -> list[str]:
    raise RuntimeError("the instance stopped")


async def test_no_seeker_is_given_a_blind_seat(api: Api) -> None:
    players = [await api.player(f"p{n}") for n in range(3)]
    made = [await _seek(p, variant="kozel32", seats=3, rated=False) for p in players]
    found = [await _matched(p, seek) for p, seek in zip(players, made, strict=True)]
    assert sorted(seek["seat"] for seek in found) == [0, 1, 2]  # C32-34: seat 3 is a blind
    table = (await players[0].get(f"/v1/tables/{found[0]['table_id']}")).json()
    assert table["status"] == "playing"
