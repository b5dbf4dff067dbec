"""Per-token limits: 429 `rate_limited` with Retry-After, per token and per kind; and the places
under the open-stream limit, given back however a stream ends."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import AsyncGenerator

import pytest

from app.api.limits import Buckets, Limits, Rate, holding
from app.api.problems import ApiProblem
from app.config import Settings
from tests.api.conftest import assert_problem, running
from tests.api.play import human_table

pytestmark = pytest.mark.anyio


async def test_polling_beyond_the_limit_gets_429_with_retry_after(database_url: str) -> None:
    settings = Settings(database_url=database_url, rate_polls_per_s=1.0)
    async with running(settings) as api:
        table_id, players = await human_table(api)
        path = f"/v1/tables/{table_id}/state"
        answers = [await players[0].get(path) for _ in range(45)]
        limited = [a for a in answers if a.status_code == 429]
        assert limited, "the burst of 40 should run out"
        body = assert_problem(limited[0], 429, "rate_limited")
        assert "polling" in body["detail"]
        assert int(limited[0].headers["retry-after"]) == 1
        assert "connection" not in limited[0].headers, "back in 1 s, it finds the connection open"
        # Another token has its own bucket; moves are another kind.
        assert (await players[1].get(path)).status_code == 200
        view = (await players[1].get(path)).json()
        (cutter,) = view["to_act"]
        cut = {"type": "cut", "position": 5}
        assert (await players[cutter].post(f"/v1/tables/{table_id}/moves", cut)).status_code in (
            200,
            409,
        )


async def test_messages_are_limited(database_url: str) -> None:
    settings = Settings(database_url=database_url, rate_messages_per_min=1.0)
    async with running(settings) as api:
        table_id, players = await human_table(api)
        path = f"/v1/tables/{table_id}/messages"
        codes = [(await players[0].post(path, {"text": "x"})).status_code for _ in range(7)]
        assert codes[:5] == [409] * 5  # deal 1: disabled, but each try counts
        assert codes[5:] == [429, 429]


def test_token_buckets_refill() -> None:
    buckets = Buckets(Rate(per_second=2, burst=2))
    assert buckets.take("a", now=0.0) == 0
    assert buckets.take("a", now=0.0) == 0
    assert buckets.take("a", now=0.0) == pytest.approx(0.5)
    assert buckets.take("b", now=0.0) == 0
    assert buckets.take("a", now=1.0) == 0


def _limits() -> Limits:
    rate = Rate(per_second=1, burst=1)
    return Limits(rate, rate, rate, streams_per_key=1)


async def _chunks(ended: list[str]) -> AsyncGenerator[bytes, None]:
    try:
        yield b"one"
        await asyncio.sleep(3600)
        yield b"two"
    finally:
        ended.append("inner")


async def test_a_stream_gives_its_place_back_when_it_ends_however_it_ends() -> None:
    limits = _limits()
    ended: list[str] = []
    # Closed by its reader, while something still holds the generator.
    kept = holding(_chunks(ended), limits.open_stream("a"))
    assert await anext(kept) == b"one"
    assert limits.open_streams == 1
    await kept.aclose()
    assert (limits.open_streams, ended) == (0, ["inner"])
    # Cancelled while it waits (a client that goes away), still referenced.
    kept = holding(_chunks(ended), limits.open_stream("a"))
    assert await anext(kept) == b"one"
    reader = asyncio.ensure_future(anext(kept))
    await asyncio.sleep(0)
    assert limits.open_streams == 1
    reader.cancel()
    with pytest.raises(asyncio.CancelledError):
        await reader
    assert (limits.open_streams, ended) == (0, ["inner", "inner"])
    # Never started, then dropped.
    kept = holding(_chunks(ended), limits.open_stream("a"))
    del kept
    gc.collect()
    assert limits.open_streams == 0


def test_a_stream_place_given_back_twice_counts_once() -> None:
    limits = _limits()
    give_back = limits.open_stream("a")
    other = limits.open_stream("b")
    give_back()
    give_back()
    assert limits.open_streams == 1
    limits.open_stream("a")  # the key's one place is free again, and only one
    with pytest.raises(ApiProblem):
        limits.open_stream("a")
    other()
    assert limits.open_streams == 1
