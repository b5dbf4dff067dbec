"""Recently committed tables, kept so that a read need not decode a snapshot it has seen.

This is a cache of immutable values, never a source of truth: an entry is a table exactly as
it was committed at its version, and a plain read checks it against the database first (a read
asks the store for the current version, and skips the snapshot only when the versions match).
Two uses skip that read:

- a long-poll woken by a commit in this process: any committed version past the caller's
  `since_version` answers it (the contract asks for a version past N, not the newest);
- a long-poll or a stream that starts at the version it already has: it needs only to know
  that no later version is committed, and an entry is `newest` while this instance hears
  the table's wake-ups (`Wakeup.stamp` of its key, unchanged since) and has heard of no
  later version (`heard`). Should a wake-up still be lost, its number shows it (or the safety
  re-check does: `app.db.wakeup`), and the stamp changes.

An instance that restarts, or never saw a table, simply reads it.
"""

from __future__ import annotations

from collections import OrderedDict

from app.services.table_log import Table

CAPACITY = 2048


class TableCache:
    def __init__(self, capacity: int = CAPACITY) -> None:
        self._capacity = capacity
        self._tables: OrderedDict[str, tuple[Table, int | None]] = OrderedDict()
        """Each table with the `stamp` under which it was put (None: not to be judged newest)."""
        self._heard: OrderedDict[str, int] = OrderedDict()
        """The highest version announced for each table (by a wake-up from any instance)."""

    def get(self, table_id: str) -> Table | None:
        entry = self._tables.get(table_id)
        if entry is None:
            return None
        self._tables.move_to_end(table_id)
        return entry[0]

    def version(self, table_id: str) -> int | None:
        entry = self._tables.get(table_id)
        return None if entry is None else entry[0].version

    def put(self, table: Table, stamp: int | None = None) -> None:
        """Remember a committed table, unless a later version of it is known already;
        `stamp`: the wake-up connection this instance heard on when it committed or read it
        (None when it did not hear)."""
        known = self._tables.get(table.id)
        if known is not None and known[0].version > table.version:
            return
        if known is not None and known[0].version == table.version:
            table = known[0]  # read again: the same table, seen under `stamp` now
        self._tables[table.id] = (table, stamp)
        self._tables.move_to_end(table.id)
        if len(self._tables) > self._capacity:
            self._tables.popitem(last=False)

    def heard(self, table_id: str, version: int) -> None:
        """A commit of `version` was announced for the table."""
        if version <= self._heard.get(table_id, -1):
            return
        self._heard[table_id] = version
        self._heard.move_to_end(table_id)
        if len(self._heard) > 4 * self._capacity:
            forgotten, _ = self._heard.popitem(last=False)
            self._tables.pop(forgotten, None)  # it can no longer be judged newest

    def newest(self, table_id: str, stamp: int) -> Table | None:
        """The table if it is the newest version committed anywhere, as far as this instance
        can tell: put under the wake-up connection `stamp` that is listening still, and no
        later version heard of since."""
        entry = self._tables.get(table_id)
        if entry is None or entry[1] != stamp:
            return None
        table = entry[0]
        return table if table.version >= self._heard.get(table_id, -1) else None
