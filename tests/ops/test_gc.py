"""`tune_gc`, which `kozel serve` runs once started: what was made at start is frozen out of
the collector's sight, and collections come at the tuned thresholds and, for the young
generations, on a clock (`keep_young_collected`)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import weakref
from collections.abc import Iterator

import pytest

from app.api import server
from app.api.server import GC_THRESHOLDS, tune_gc


@pytest.fixture
def restored_gc() -> Iterator[None]:
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


@pytest.mark.usefixtures("restored_gc")
def test_tune_gc_freezes_the_start_and_sets_the_thresholds() -> None:
    made_at_start = [object() for _ in range(1000)]
    tune_gc()
    assert gc.get_freeze_count() >= len(made_at_start)
    assert gc.get_threshold() == GC_THRESHOLDS


class _Node:
    def __init__(self) -> None:
        self.me = self  # a reference cycle: only the collector frees it


@pytest.mark.anyio
@pytest.mark.usefixtures("restored_gc")
async def test_the_young_generations_are_collected_on_a_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """However little the count of allocations grows (idle followers free about what they
    make), the young generations are collected every `YOUNG_EVERY_S`."""
    monkeypatch.setattr(server, "YOUNG_EVERY_S", 0.05)
    gc.set_threshold(10**9, 10**9, 10**9)  # the count alone would never collect again
    node = _Node()
    gone = weakref.ref(node)
    del node
    keeper = asyncio.create_task(server.keep_young_collected())
    try:
        for _ in range(100):
            await asyncio.sleep(0.02)
            if gone() is None:
                break
        assert gone() is None
    finally:
        keeper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await keeper
