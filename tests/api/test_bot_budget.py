"""A server bot's search spends its fixed budget; on a machine so slow that a move outlasts
the safety cap, the search is cut short, counted in /metrics and logged without a card."""

from __future__ import annotations

import itertools
import logging
import re

import pytest

from app.bots import search
from app.metrics import REGISTRY
from tests.api.conftest import Api

pytestmark = pytest.mark.anyio

CUT_SHORT = "kozel_bot_searches_cut_short_total"


def cut_short(level: str) -> float:
    return REGISTRY.get_sample_value(CUT_SHORT, {"level": level}) or 0.0


async def test_a_search_past_the_safety_cap_is_counted_and_logged_without_cards(
    api: Api, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    ticks = itertools.count()
    monkeypatch.setattr(search, "now", lambda: next(ticks) * 1.0)  # a world takes 1 s
    before = cut_short("strong")
    owner = await api.player()
    bots = {"1": "strong", "2": "strong", "3": "strong"}
    table_id = (await owner.post("/v1/tables", {"seat": 0, "bots": bots})).json()["id"]
    with caplog.at_level(logging.WARNING, logger="kozel.bots"):
        # The seat goes to a bot: bots play the whole game, the strong ones cut short.
        assert (await owner.delete(f"/v1/tables/{table_id}/seats/0")).status_code == 200
    assert (await owner.get(f"/v1/tables/{table_id}")).json()["status"] == "finished"
    counted = cut_short("strong") - before
    records = [r for r in caplog.records if r.name == "kozel.bots"]
    assert counted > 0
    assert len(records) == counted
    pattern = (
        rf"bot search cut short by the safety cap: table {table_id} version \d+ seat [1-3] "
        r"level strong, 3 samples, \d+ nodes in \d+\.\d\d s"
    )
    for record in records:
        assert re.fullmatch(pattern, record.getMessage())
