"""The turns book: for each player it knows whole, the tables where that player must act.

A bot author's loop asks `GET /v1/players/me/turns?wait` after each of its moves, and the
answer is usually that it has no turn anywhere yet: the poll then waits for the commit that
gives it one (`Reader.turns`). The book lets such a poll start waiting without asking the
database first (issue 19): a player's entry is made from a turns query, then kept by the
commits themselves.

- A commit of this instance changes each entry of a player seated at its table exactly: the
  writer knows every seat before and after (`committed`).
- A commit heard from another instance (`Wakeup.on_heard`) names its table and the players it
  gave a turn: their entries are dropped. It does not name the players it took a turn from, so
  an entry may still hold a table where its player must act no more; that only costs a query
  (a list that is not empty is never answered from the book) and the query mends the entry.
- An entry is made from a query only if no commit that may touch it (one that names its
  player) came while the query ran (`learn`, judged by the book's short history of commits),
  and a commit of this instance is applied only if no other commit of its table came while it
  was being appended; otherwise the entries it touches are dropped.
- Everything holds under one stamp of the player's key only (`Wakeup.stamp`): a channel that
  reconnected or missed a notification may have missed commits, and every entry made before
  is void.

A dropped or missing entry costs a query, never a wrong answer. (A poll that waits in vain
ends on the book's word only while the channel was trusted all along: `Reader.turns`.)

Only an empty entry answers (`no_turns`): a poll that learns from it that the player must act
nowhere waits, and is woken by the commit that gives it a turn, wherever it is made. A list
that is not empty may hold a table where another instance has just taken the turn from the
player and this one has not heard it yet, so it is read from the database.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import islice

from app.db.wakeup import Wakeup

PLAYERS = 10_000
"""How many players' entries an instance keeps (the least recently used go first)."""
HISTORY = 1_024
"""How many commits the book remembers, to judge a query or an append that overlapped them."""


@dataclass(frozen=True, slots=True)
class _Change:
    """A commit the book saw: its table, and the players whose turns it may have changed."""

    table_id: str | None
    players: frozenset[str]


@dataclass(slots=True)
class _Entry:
    stamp: int
    """The listening connection under which the entry was made."""
    tables: set[str]


class TurnsBook:
    def __init__(self, wakeup: Wakeup, players: int = PLAYERS, history: int = HISTORY) -> None:
        self._wakeup = wakeup
        self._capacity = players
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self._history: deque[_Change] = deque(maxlen=history)
        self._changes = 0
        """How many changes the book has seen: `_history` holds the last of them."""
        wakeup.on_heard(self._heard)

    def no_turns(self, player_id: str) -> bool:
        """Whether the book knows that the player must act nowhere now (as far as this
        instance has heard)."""
        entry = self._valid(player_id)
        return entry is not None and not entry.tables

    def mark(self) -> int:
        """A point in the book's history: take it before a query or an append."""
        return self._changes

    def learn(self, player_id: str, tables: Iterable[str], since: int, stamp: int | None) -> None:
        """Keep what a turns query answered (`tables`), the query begun at `since` under the
        listening `stamp`, unless a commit that may have changed the answer came meanwhile."""
        changes = self._since(since)
        if stamp is None or stamp != self._stamp(player_id) or changes is None:
            return
        if any(player_id in change.players for change in changes):
            return
        self._entries[player_id] = _Entry(stamp, set(tables))
        self._entries.move_to_end(player_id)
        if len(self._entries) > self._capacity:
            self._entries.popitem(last=False)

    def committed(self, table_id: str, must_act: Mapping[str, bool], since: int) -> None:
        """A commit of this instance, appended from `since`: `must_act` names every player
        seated at the table before or after it, and whether that player must act there now."""
        changes = self._since(since)
        overtaken = changes is None or any(change.table_id == table_id for change in changes)
        self._record(_Change(table_id, frozenset(must_act)))
        for player_id, acts in must_act.items():
            entry = self._entries.get(player_id)
            if entry is None:
                continue
            if overtaken or entry.stamp != self._stamp(
                player_id
            ):  # a later version may hold already
                del self._entries[player_id]
            elif acts:
                entry.tables.add(table_id)
            else:
                entry.tables.discard(table_id)

    def _heard(self, keys: list[str], _version: int) -> None:
        """A commit of another instance: forget the players it gave a turn."""
        table_id = next((key[2:] for key in keys if key.startswith("t:")), None)
        given = frozenset(key[2:] for key in keys if key.startswith("p:"))
        if table_id is None and not given:
            return  # not a table's commit (a revoked token)
        self._record(_Change(table_id, given))
        for player_id in given:
            self._entries.pop(player_id, None)

    def _valid(self, player_id: str) -> _Entry | None:
        entry = self._entries.get(player_id)
        stamp = self._stamp(player_id)
        if entry is None or stamp is None or entry.stamp != stamp:
            return None
        self._entries.move_to_end(player_id)
        return entry

    def _stamp(self, player_id: str) -> int | None:
        return self._wakeup.stamp(f"p:{player_id}")

    def _record(self, change: _Change) -> None:
        self._history.append(change)
        self._changes += 1

    def _since(self, since: int) -> list[_Change] | None:
        """The commits the book saw after `since`, newest first; None when some of them are
        forgotten already."""
        count = self._changes - since
        if count > len(self._history):
            return None
        return list(islice(reversed(self._history), count))
