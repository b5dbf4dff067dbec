"""Views rendered once per (table, version, seat) and shared by every request that asks.

A table at a version is an immutable value, and a seat's view of it (hand, legal actions,
deadlines, messages) is a function of that value and the seat alone: nothing in it depends on
the moment it is asked. So the JSON body of a view is rendered and serialized once, and every
poll, long-poll, stream event and move answer that wants the same view at the same version
gets the same bytes. The key holds the version, so an entry can never be stale; old versions
simply fall out of the bounded LRU.
"""

from __future__ import annotations

from collections import OrderedDict

import orjson

from app.api.views import view_out
from app.metrics import VIEWS_SERVED
from app.services.table_log import Table

CAPACITY = 4096
"""Views kept: a few versions of every seat of a few hundred busy tables."""


class RenderedViews:
    def __init__(self, capacity: int = CAPACITY) -> None:
        self._capacity = capacity
        self._bodies: OrderedDict[tuple[str, int, int | None], bytes] = OrderedDict()

    def body(self, table: Table, seat: int | None) -> bytes:
        """The view of `seat` (None: the public view) at the table's version, as JSON."""
        key = (table.id, table.version, seat)
        found = self._bodies.get(key)
        if found is not None:
            VIEWS_SERVED.labels("shared").inc()
            self._bodies.move_to_end(key)
            return found
        VIEWS_SERVED.labels("rendered").inc()
        rendered = orjson.dumps(view_out(table, seat))
        self._bodies[key] = rendered
        if len(self._bodies) > self._capacity:
            self._bodies.popitem(last=False)
        return rendered
