"""The table's log as each viewer reads it, for any registered game: a simulated game's events
are folded into the service's table (`app.services.table_log`) as the writer stores them, and
the log's pages (`log_page`, what `GET …/events` answers) are checked against what the game
says each viewer may see of each event.

Every seq runs 1..version for every viewer (each seat and a spectator): an event of a running
deal shows its redaction for the viewer (`payload_for`), and one the viewer may not see at all
is a placeholder, typed `hidden`, with its seq, deal and time and no data; a finished deal's
events are shown whole.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from app.db.store import StoredEvent
from app.domain.events import Event
from app.domain.game import Game
from app.domain.lobby import TableCreated
from app.services.table_log import HIDDEN, LoggedEvent, Table, log_page

START = datetime(2026, 1, 1, tzinfo=UTC)


@dataclass
class LogWitness:
    game: Game[Any, Any]
    variant: str
    viewers: list[int | None]
    table: Table = field(init=False)
    stored: list[StoredEvent] = field(default_factory=list)
    deals: list[int] = field(default_factory=list)
    """The deal of each stored event (0 before the first)."""
    finished: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        assert HIDDEN not in self.game.events.types, "`hidden` is the placeholder's type"
        self.table = Table(f"a table of {self.variant}")

    def open(self, seats: int, options: dict[str, Any], first_dealer: int) -> None:
        """The table's first event, before its game's."""
        self._store(TableCreated(self.variant, seats, dict(options), None, first_dealer), 0)

    def add(self, event: Event, state: Any, ended_deal: bool) -> None:
        """A game event, the game's state after it, and whether it ended the running deal."""
        deal = self.game.deal_no(state)
        if ended_deal:
            self.finished.add(deal)
        self._store(event, deal)

    def _store(self, event: Event, deal: int) -> None:
        seq = len(self.stored) + 1
        at = START + timedelta(seconds=seq)
        self.table.apply(event, seq, at)
        self.stored.append(
            StoredEvent(seq, event.TYPE, event.SCHEMA, self.table.deal_no(), event.payload(), at)
        )
        self.deals.append(deal)

    def check(self, events: list[Event]) -> None:
        """Every viewer's log, read whole and page by page; `events` are the game's events
        (all but the table's first)."""
        version = len(self.stored)
        assert self.table.version == version
        for viewer in self.viewers:
            page = log_page(self.table, self.stored, viewer, 0, version)
            assert [item.seq for item in page.items] == list(range(1, version + 1))
            assert page.next_after_seq == version
            for item, stored, deal, event in zip(
                page.items, self.stored, self.deals, [None, *events], strict=True
            ):
                assert stored.deal_no == deal, f"{stored.type} is stored under another deal"
                self._check_item(item, stored, event, viewer)
            paged, after = [], 0
            while after < version:
                part = log_page(self.table, self.stored[after:], viewer, after, 7)
                paged += part.items
                after = part.next_after_seq
            assert paged == page.items

    def _check_item(
        self,
        item: LoggedEvent,
        stored: StoredEvent,
        event: Event | None,
        viewer: int | None,
    ) -> None:
        assert (item.seq, item.deal_no, item.at) == (stored.seq, stored.deal_no, stored.at)
        whole = event is None or stored.deal_no == 0 or stored.deal_no in self.finished
        expected = stored.payload if whole or event is None else event.payload_for(viewer)
        if expected is None:
            assert (item.type, item.data) == (HIDDEN, None), f"{stored.type} to {viewer}"
        else:
            assert (item.type, item.data) == (stored.type, expected), f"{stored.type} to {viewer}"
