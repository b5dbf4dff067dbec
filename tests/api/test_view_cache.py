"""Views are rendered once per (table, version, seat) and shared (`app.api.view_cache`):
every seat still gets its own body, a new version is rendered afresh, and the move's answer
is the body the mover's next poll gets."""

from __future__ import annotations

import random

import pytest

from app.metrics import REGISTRY
from tests.api.conftest import Api
from tests.api.play import human_table, step

pytestmark = pytest.mark.anyio


def _served(body: str) -> float:
    return REGISTRY.get_sample_value("kozel_views_served_total", {"body": body}) or 0.0


async def test_each_seat_gets_its_own_view_and_repeats_are_shared(api: Api) -> None:
    table_id, players = await human_table(api, "sixty_six", first_dealer=0)
    await step(table_id, players, random.Random(1))  # the cut or the first card: hands dealt
    first = [(await p.get(f"/v1/tables/{table_id}/state")).content for p in players]
    public = (await api.anonymous.get(f"/v1/tables/{table_id}/state")).content
    assert len({*first, public}) == 3, "a seat's view is its own, and not the public one"
    shared = _served("shared")
    again = [(await p.get(f"/v1/tables/{table_id}/state")).content for p in players]
    assert again == first
    assert _served("shared") == shared + 2


async def test_a_new_version_is_rendered_and_the_moves_answer_is_the_next_poll(
    api: Api,
) -> None:
    table_id, players = await human_table(api, "kozel24", first_dealer=0)
    rng = random.Random(2)
    for _ in range(6):
        before = [(await p.get(f"/v1/tables/{table_id}/state")).json() for p in players]
        moved = await step(table_id, players, rng)
        assert moved is not None
        seat = moved["seat"]
        assert moved["view"]["version"] > before[seat]["version"]
        polled = (await players[seat].get(f"/v1/tables/{table_id}/state")).json()
        assert polled == moved["view"]
        for other, view in enumerate(before):
            now = (await players[other].get(f"/v1/tables/{table_id}/state")).json()
            assert now["version"] == moved["view"]["version"] != view["version"]
            assert now["my_seat"] == other
