"""`tune_gc`, which `kozel serve` runs once started: what was made at start is frozen out of
the collector's sight, and collections come at the tuned thresholds."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

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
