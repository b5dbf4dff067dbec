"""Per-token rate limits (per instance): token buckets for moves, messages and polling.

A caller over its limit gets 429 `rate_limited` with `Retry-After`. Anonymous readers are
limited by their address. The buckets live in this process only: with several instances a
client can get up to that many times the rate, which the limits allow for.
"""

from __future__ import annotations

import math
import time
import weakref
from collections import OrderedDict
from collections.abc import AsyncGenerator, Callable
from dataclasses import dataclass

from app.api.problems import ApiProblem

MAX_KEYS = 100_000


@dataclass(frozen=True, slots=True)
class Rate:
    per_second: float
    burst: float


class Buckets:
    def __init__(self, rate: Rate) -> None:
        self._rate = rate
        self._state: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def carry_over(self, old: str, new: str) -> None:
        """`new` starts where `old` stands (a rotated token keeps its budget)."""
        if old in self._state:
            self._state[new] = self._state[old]

    def take(self, key: str, now: float | None = None) -> float:
        """Take one token for `key`; 0 when allowed, else the seconds to wait."""
        now = time.monotonic() if now is None else now
        tokens, last = self._state.pop(key, (self._rate.burst, now))
        tokens = min(self._rate.burst, tokens + (now - last) * self._rate.per_second)
        wait = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            wait = (1 - tokens) / self._rate.per_second
        self._state[key] = (tokens, now)
        if len(self._state) > MAX_KEYS:
            self._state.popitem(last=False)
        return wait


class Limits:
    def __init__(
        self, moves: Rate, messages: Rate, polling: Rate, streams_per_key: int = 8
    ) -> None:
        self._streams_per_key = streams_per_key
        self._streams: dict[str, int] = {}
        self._buckets = {
            "moves": Buckets(moves),
            "messages": Buckets(messages),
            "polling": Buckets(polling),
        }

    def open_stream(self, key: str) -> Callable[[], None]:
        """Take one of the key's concurrent view streams; returns the function that gives it
        back (calls after the first do nothing). A stream holds a connection and memory for
        minutes, so a rate of requests alone does not bound how many are open."""
        if self._streams.get(key, 0) >= self._streams_per_key:
            raise ApiProblem(
                "rate_limited",
                f"at most {self._streams_per_key} open streams at a time; close one first",
                headers={"Retry-After": "5"},
            )
        self._streams[key] = self._streams.get(key, 0) + 1
        given_back = False

        def close() -> None:
            nonlocal given_back
            if given_back:
                return
            given_back = True
            self._streams[key] -= 1
            if not self._streams[key]:
                del self._streams[key]

        return close

    @property
    def open_streams(self) -> int:
        """The view streams open right now, of every key."""
        return sum(self._streams.values())

    def carry_over(self, old_key: str, new_key: str) -> None:
        """A rotated token takes over the old one's buckets, so that rotating does not
        refill them."""
        for buckets in self._buckets.values():
            buckets.carry_over(old_key, new_key)

    def check(self, kind: str, key: str) -> None:
        wait = self._buckets[kind].take(key)
        if wait > 0:
            raise ApiProblem(
                "rate_limited",
                f"too many {kind} requests; retry in {math.ceil(wait)} s",
                headers={"Retry-After": str(max(1, math.ceil(wait)))},
            )


def holding(
    stream: AsyncGenerator[bytes, None], give_back: Callable[[], None]
) -> AsyncGenerator[bytes, None]:
    """`stream`, giving its place under the stream limit back as soon as it ends: when it
    runs out, fails, is closed or is cancelled (a client that goes away), and, for a stream
    that never started, when it is freed."""

    async def held() -> AsyncGenerator[bytes, None]:
        try:
            async for chunk in stream:
                yield chunk
        finally:
            give_back()
            await stream.aclose()

    wrapped = held()
    weakref.finalize(wrapped, give_back)  # a generator that never started runs no `finally`
    return wrapped
