"""Recently committed tables, kept so that a read need not decode a snapshot it has seen.

This is a cache of immutable values, never a source of truth: an entry is a table exactly as
it was committed at its version, and every use is checked against the database first (a read
asks the store for the current version, and skips the snapshot only when the versions match).
The one exception is a long-poll woken by a commit in this process: any committed version past
the caller's `since_version` answers it (the contract asks for a version past N, not the
newest), so it is answered from the committed table without another read. An instance that
restarts, or never saw a table, simply reads it.
"""

from __future__ import annotations

from collections import OrderedDict

from app.services.table_log import Table

CAPACITY = 2048


class TableCache:
    def __init__(self, capacity: int = CAPACITY) -> None:
        self._capacity = capacity
        self._tables: OrderedDict[str, Table] = OrderedDict()

    def get(self, table_id: str) -> Table | None:
        table = self._tables.get(table_id)
        if table is not None:
            self._tables.move_to_end(table_id)
        return table

    def version(self, table_id: str) -> int | None:
        table = self._tables.get(table_id)
        return None if table is None else table.version

    def put(self, table: Table) -> None:
        """Remember a committed table, unless a later version of it is known already."""
        known = self._tables.get(table.id)
        if known is not None and known.version >= table.version:
            return
        self._tables[table.id] = table
        self._tables.move_to_end(table.id)
        if len(self._tables) > self._capacity:
            self._tables.popitem(last=False)
