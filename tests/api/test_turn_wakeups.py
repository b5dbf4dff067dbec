"""A commit wakes the turns long-poll only of the players it gave a turn, and names the table
and version in the wake-up, so that the woken poll answers without asking the database
(`Reader.turns`); its answer is the one the database gives."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator

import pytest

from app.config import Settings
from app.metrics import REGISTRY
from tests.api.conftest import UNLIMITED, Api, running
from tests.api.play import human_table, step

pytestmark = pytest.mark.anyio


@pytest.fixture
async def api_without_rechecks(database_url: str) -> AsyncIterator[Api]:
    """The app as `api`, but a waiting poll does not re-read the database on its own within
    a test: only a wake-up can answer it. (With `api`'s re-check every 0.2 s and a move every
    ~0.06 s, the fourth move's commit could land as a re-check read the database, which then
    answered first, as it may.)"""
    settings = Settings(
        database_url=database_url, recheck_interval_s=30, stream_max_s=0, **UNLIMITED
    )
    async with running(settings) as app:
        yield app


def _answered(source: str) -> float:
    return REGISTRY.get_sample_value("kozel_turns_answered_total", {"source": source}) or 0.0


async def test_a_waiting_turns_poll_is_answered_by_the_wake_up(
    api_without_rechecks: Api,
) -> None:
    api = api_without_rechecks
    table_id, players = await human_table(api)
    rng = random.Random(11)
    for _ in range(6):
        view = (await players[0].get(f"/v1/tables/{table_id}/state")).json()
        (mover,) = view["to_act"]
        following = players[(mover + 1) % 4]
        waiting = asyncio.create_task(following.get("/v1/players/me/turns", wait="10"))
        await api.gauge_reaches("kozel_open_long_polls", 1)
        by_database, by_wake_up = _answered("database"), _answered("wake-up")
        moves = 0
        while not waiting.done():  # until the following seat must act (K-7: the turn passes)
            assert await step(table_id, players, rng) is not None
            moves += 1
            await asyncio.sleep(0.05)
            assert moves < 20
        answered = (await waiting).json()
        asked = (await following.get("/v1/players/me/turns")).json()
        assert answered == asked != []
        assert _answered("wake-up") == by_wake_up + 1
        assert _answered("database") == by_database + 1  # the second ask, not the poll


async def test_only_the_players_given_a_turn_are_woken(api: Api) -> None:
    assert api.app is not None
    wakeup = api.app.state.wakeup
    table_id, players = await human_table(api)
    rng = random.Random(12)
    for _ in range(10):
        before = (await players[0].get(f"/v1/tables/{table_id}/state")).json()
        with contextlib.ExitStack() as watching:
            waiters = [watching.enter_context(wakeup.watching([f"p:{p.id}"])) for p in players]
            moved = await step(table_id, players, rng)
            assert moved is not None
        after = (await players[0].get(f"/v1/tables/{table_id}/state")).json()
        given = {seat for seat in after["to_act"] if seat not in before["to_act"]}
        woken = {seat for seat, waiter in enumerate(waiters) if waiter.tables}
        assert woken == given
        for seat in woken:
            assert waiters[seat].tables == {table_id: after["version"]}
