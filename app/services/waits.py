"""The long-polls an instance lets wait at once.

A waiting long-poll costs little by itself (it reads the database only when woken:
`app.db.wakeup`), but each holds a connection and some memory, and a wake-up of many at once
costs their answers: so an instance lets at most `limit` wait, as load shedding. A long-poll
whose answer is ready is answered whatever the count; one that would have to wait beyond the
limit is refused at once with 429 `rate_limited` and `Retry-After: RETRY_AFTER_S`. Not the
current view or an empty list: a client given one of those at once asks again at once, and
the refusal is there to make it wait. The wait is long enough that a refused client asks
seldom (and longer than a connection is kept idle, so the refusal closes its connection:
`app.api.retry_after`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

from app.metrics import LONG_POLLS_REFUSED
from app.services.errors import Overloaded

RETRY_AFTER_S = 5


class WaitBudget:
    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.waiting = 0

    @contextlib.contextmanager
    def held(self, kind: str) -> Iterator[Callable[[], None]]:
        """A long-poll's share of the budget: call the function it gives before each wait
        (the first call takes a place, or refuses); the place is given back at the end."""
        taken = False

        def take() -> None:
            nonlocal taken
            if taken:
                return
            if self.waiting >= self.limit:
                LONG_POLLS_REFUSED.labels(kind).inc()
                raise Overloaded(
                    f"this instance holds {self.limit} waiting long-polls; "
                    f"ask again in {RETRY_AFTER_S} s",
                    RETRY_AFTER_S,
                )
            self.waiting += 1
            taken = True

        try:
            yield take
        finally:
            if taken:
                self.waiting -= 1
