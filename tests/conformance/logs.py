"""The table's log as each viewer reads it, for any registered game: a simulated game's events
are folded into the service's table (`app.services.table_log`) as the writer stores them, and
the log's pages (`log_page`, what `GET …/events` answers) are checked against what the game
says each viewer may see of each event.

Every seq runs 1..version for every viewer (each seat and a spectator): an event of a running
deal shows its redaction for the viewer (`payload_for`), and one the viewer may not see at all
is a placeholder, typed `hidden`, with its seq, deal and time and no data; a finished deal's
events are shown whole. A deal that one of its events seals (`Game.sealed_by`: its rules keep
part of it hidden after it ends) keeps showing each viewer what it showed while it ran, and
its record is refused with the rule and the commitment (`finished_deal`), until the game is
over; then every event and every record is shown whole.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from app.db.store import StoredEvent
from app.domain.events import Event
from app.domain.game import Game
from app.domain.lobby import TableCreated
from app.services.errors import DealHidden
from app.services.reading import finished_deal
from app.services.table_log import HIDDEN, LoggedEvent, Table, log_page

START = datetime(2026, 1, 1, tzinfo=UTC)


@dataclass
class LogWitness:
    game: Game[Any, Any]
    variant: str
    viewers: list[int | None]
    table: Table = field(init=False)
    stored: list[StoredEvent] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    """The game's events (every stored event but the table's first)."""
    deals: list[int] = field(default_factory=list)
    """The deal of each stored event (0 before the first)."""
    finished: set[int] = field(default_factory=set)
    sealed: dict[int, str] = field(default_factory=dict)
    """The rule that seals each sealed deal, as the game answers for its events."""

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
        sealed = self.game.sealed_by(event)
        if sealed is not None:
            assert sealed.rule.startswith(f"{self.game.info.rule_prefix}-"), sealed.rule
            assert sealed.hidden, "a seal says what it keeps hidden"
            self.sealed.setdefault(deal, sealed.rule)
        self.events.append(event)
        self._store(event, deal)

    def _store(self, event: Event, deal: int) -> None:
        seq = len(self.stored) + 1
        at = START + timedelta(seconds=seq)
        self.table.apply(event, seq, at)
        self.stored.append(
            StoredEvent(seq, event.TYPE, event.SCHEMA, self.table.deal_no(), event.payload(), at)
        )
        self.deals.append(deal)

    def check(self, over: bool) -> None:
        """Every viewer's log, read whole and page by page; `over`: the game is over."""
        version = len(self.stored)
        assert self.table.version == version
        assert {n: s.rule for n, s in self.table.sealed_deals.items()} == self.sealed
        for viewer in self.viewers:
            page = log_page(self.table, self.stored, viewer, 0, version)
            assert [item.seq for item in page.items] == list(range(1, version + 1))
            assert page.next_after_seq == version
            for item, stored, deal, event in zip(
                page.items, self.stored, self.deals, [None, *self.events], strict=True
            ):
                assert stored.deal_no == deal, f"{stored.type} is stored under another deal"
                self._check_item(item, stored, event, viewer, over)
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
        over: bool,
    ) -> None:
        assert (item.seq, item.deal_no, item.at) == (stored.seq, stored.deal_no, stored.at)
        deal = stored.deal_no
        ended = deal in self.finished and deal not in self.sealed
        whole = event is None or over or deal == 0 or ended
        expected = stored.payload if whole or event is None else event.payload_for(viewer)
        if expected is None:
            assert (item.type, item.data) == (HIDDEN, None), f"{stored.type} to {viewer}"
        else:
            assert (item.type, item.data) == (stored.type, expected), f"{stored.type} to {viewer}"

    def check_record(self, deal: int, over: bool) -> None:
        """The record of a finished deal: withheld while the game runs where the deal is
        sealed (its rule and commitment told), else shown."""
        events = zip(self.events, self.deals[1:], strict=True)
        record = self.game.deal_record([e for e, n in events if n == deal])
        if deal in self.sealed and not over:
            with pytest.raises(DealHidden) as hidden:
                finished_deal(self.table, self.stored, deal)
            told = (hidden.value.rule, hidden.value.commitment)
            assert told == (self.sealed[deal], record.commitment)
        else:
            assert finished_deal(self.table, self.stored, deal) == record

    def check_sealed_records(self) -> None:
        """Once the game is over, every sealed deal's record is shown."""
        for deal in self.sealed.keys() & self.finished:
            self.check_record(deal, over=True)
