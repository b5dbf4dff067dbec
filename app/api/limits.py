"""Per-token rate limits (per instance): token buckets for moves, messages and polling.

A caller over its limit gets 429 `rate_limited` with `Retry-After`. Anonymous readers are
limited by their address. The buckets live in this process only: with several instances a
client can get up to that many times the rate, which the limits allow for.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
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
    def __init__(self, moves: Rate, messages: Rate, polling: Rate) -> None:
        self._buckets = {
            "moves": Buckets(moves),
            "messages": Buckets(messages),
            "polling": Buckets(polling),
        }

    def check(self, kind: str, key: str) -> None:
        wait = self._buckets[kind].take(key)
        if wait > 0:
            raise ApiProblem(
                "rate_limited",
                f"too many {kind} requests; retry in {math.ceil(wait)} s",
                headers={"Retry-After": str(max(1, math.ceil(wait)))},
            )
