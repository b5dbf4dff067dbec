"""The keepers' pace (issue 31): an idle instance asks the database every few seconds, not
twice a second, and is prompt when something comes. The move clock keeper sleeps until the
next clock runs out or a commit comes; the seek sweeper sweeps at its idle pace until a seek
comes."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Coroutine
from datetime import UTC, datetime, timedelta
from typing import Any, cast

import pytest

from app.api import main
from app.services.seeks import Seeks
from app.services.tables import Tables

pytestmark = pytest.mark.anyio


class _Clocks:
    """Tables as the clock keeper sees them: each round answers the next clock's time."""

    def __init__(self) -> None:
        self.rounds: list[float] = []
        self.next_at: datetime | None = None

    async def expire_due(self, lapsed: object = None) -> datetime | None:
        self.rounds.append(asyncio.get_running_loop().time())
        return self.next_at


class _Sweeps:
    def __init__(self) -> None:
        self.rounds = 0
        self.waiting = False
        self.arrived = asyncio.Event()

    async def sweep(self) -> int:
        self.rounds += 1
        return 0


@contextlib.asynccontextmanager
async def _running(keeper: Coroutine[Any, Any, None]) -> AsyncIterator[None]:
    task = asyncio.create_task(keeper)
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def _until(condition: Callable[[], bool], within_s: float = 2.0) -> None:
    deadline = asyncio.get_running_loop().time() + within_s
    while not condition():
        assert asyncio.get_running_loop().time() < deadline
        await asyncio.sleep(0.01)


async def _lapsed(_table_id: str, _player_ids: list[str]) -> None:
    return None


async def test_an_idle_clock_keeper_waits_for_a_commit_or_its_idle_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(main, "IDLE_ROUND_S", 0.6)
    clocks, news = _Clocks(), asyncio.Event()
    async with _running(main.keep_clocks(cast(Tables, clocks), 0.02, _lapsed, news)):
        await _until(lambda: len(clocks.rounds) == 1)
        await asyncio.sleep(0.2)
        assert len(clocks.rounds) == 1  # no clock runs and nothing came: it sleeps
        news.set()  # a commit (here, or heard from another instance)
        await _until(lambda: len(clocks.rounds) == 2, within_s=0.2)
        await _until(lambda: len(clocks.rounds) == 3)  # the idle round
        assert clocks.rounds[2] - clocks.rounds[1] >= 0.55


async def test_the_clock_keeper_wakes_when_the_next_clock_runs_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(main, "IDLE_ROUND_S", 5.0)
    clocks, news = _Clocks(), asyncio.Event()
    clocks.next_at = datetime.now(UTC) + timedelta(seconds=0.3)
    async with _running(main.keep_clocks(cast(Tables, clocks), 0.02, _lapsed, news)):
        await _until(lambda: len(clocks.rounds) == 1)
        clocks.next_at = None
        await _until(lambda: len(clocks.rounds) == 2)
        assert 0.25 <= clocks.rounds[1] - clocks.rounds[0] <= 1.0


async def test_the_seek_sweeper_sweeps_at_its_idle_pace_until_a_seek_comes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(main, "IDLE_ROUND_S", 60.0)
    sweeps = _Sweeps()
    async with _running(main.keep_seeks(cast(Seeks, sweeps), 0.02)):
        await asyncio.sleep(0.2)
        assert sweeps.rounds == 0  # nothing waits anywhere: an idle round is a minute away
        sweeps.arrived.set()
        await _until(lambda: sweeps.rounds == 1, within_s=0.2)
        sweeps.waiting = True  # the seek waits: it sweeps at its interval
        sweeps.arrived.set()
        await _until(lambda: sweeps.rounds >= 4, within_s=1.0)


async def test_a_keeper_stops_when_cancelled_as_news_comes() -> None:
    """A commit that comes as the instance stops does not keep the keeper going (a wait
    that took the news for an answer would lose the cancellation, and the stop would hang)."""
    clocks, news = _Clocks(), asyncio.Event()
    for _ in range(20):
        keeper = asyncio.create_task(main.keep_clocks(cast(Tables, clocks), 0.01, _lapsed, news))
        await asyncio.sleep(0.03)  # past its first round: waiting for news
        news.set()
        keeper.cancel()
        with pytest.raises(asyncio.CancelledError):
            await asyncio.wait_for(keeper, 1)
