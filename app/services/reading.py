"""Reading tables: as they are, once they move (the long-poll and the stream), a player's
turns, the log as a viewer may see it, the record of a finished deal, and the listings."""

from __future__ import annotations

import base64
import re
import time
from collections.abc import AsyncIterator
from datetime import datetime

from app.db.store import StoredEvent, TableSummary
from app.domain.game import DealRecord
from app.metrics import TURNS_ANSWERED, TURNS_BEGUN
from app.services.errors import DealHidden, DealRunning, InvalidRequest, NotFound
from app.services.players import PlayerInfo
from app.services.playing import seat_or_none
from app.services.table_log import LogPage, Table, decode, log_page
from app.services.waits import WaitBudget
from app.services.writer import Writer

TABLE_ID = re.compile(r"^[0-9a-f-]{36}$")


class Reader:
    def __init__(self, writer: Writer, recheck_interval_s: float, max_long_polls: int) -> None:
        self._writer = writer
        self._recheck = recheck_interval_s
        self._waits = WaitBudget(max_long_polls)

    @property
    def waits(self) -> WaitBudget:
        return self._waits

    async def wait_for_version(self, table_id: str, since: int, wait: float) -> Table:
        """The table once its version is past `since`, or as it is after `wait` seconds. A
        `since` beyond the table's version (a number from elsewhere) is answered at once: the
        caller resynchronises instead of waiting for a version it already claims to have."""
        writer = self._writer
        deadline = _clock() + wait
        with (
            writer.wakeup.watching([f"t:{table_id}"]) as waiter,
            self._waits.held("state") as take_place,
        ):
            table = self._newest_from(table_id, since) or await writer.load(table_id)
            while True:
                remaining = deadline - _clock()
                if table.version != since or remaining <= 0 or writer.wakeup.draining:
                    return table
                take_place()  # or 429: this instance lets enough long-polls wait
                await waiter.wait(min(remaining, self._recheck))
                table = self._committed_past(table_id, since) or await writer.load(table_id)

    async def follow(
        self, table_id: str, since: int, heartbeat_s: float, max_s: float
    ) -> AsyncIterator[Table | None]:
        """Every committed version of the table past `since` as it comes (the stream): the
        table, or None after `heartbeat_s` without one. Ends with the game, when the process
        stops, or after `max_s` (the current version past `since` is sent first in any case,
        and so is the current version when `since` is beyond it: a number from elsewhere).

        The registration lasts the whole stream, so after sending a version it waits for a
        wake-up (or the periodic re-check) instead of reading the database again."""
        writer = self._writer
        deadline = _clock() + max_s
        quiet_since = _clock()
        with writer.wakeup.watching([f"t:{table_id}"]) as waiter:
            table = self._newest_from(table_id, since) or await writer.load(table_id)
            if since > table.version:
                since = -1
            while True:
                if table.version > since:
                    since, quiet_since = table.version, _clock()
                    yield table
                    if table.status == "finished":
                        return
                elif _clock() - quiet_since >= heartbeat_s:
                    quiet_since = _clock()
                    yield None
                left = deadline - _clock()
                if left <= 0 or writer.wakeup.draining:
                    return
                quiet_left = heartbeat_s - (_clock() - quiet_since)
                woken = await waiter.wait(max(0.0, min(self._recheck, left, quiet_left)))
                # Woken by a commit here: the committed table answers, if it is the newest
                # version announced. Woken by another instance, or by the periodic re-check:
                # read the database.
                known = self._committed_past(table_id, since)
                if woken and known is not None and known.version >= waiter.version:
                    table = known
                else:
                    table = await writer.load(table_id)

    @property
    def long_polls_waiting(self) -> int:
        return self._waits.waiting

    def _newest_from(self, table_id: str, since: int) -> Table | None:
        """The newest table this process knows (`Writer.newest`), if it is at `since` or
        past it: a caller that starts following from its version need not read it again.
        One that claims a later version (seen elsewhere) reads the database."""
        table = self._writer.newest(table_id)
        return table if table is not None and table.version >= since else None

    def _committed_past(self, table_id: str, since: int) -> Table | None:
        """A table this process committed past `since` (it answers a long-poll: see
        `table_cache`)."""
        table = self._writer.cache.get(table_id)
        return table if table is not None and table.version > since else None

    async def turns(self, player: PlayerInfo, wait: float) -> list[tuple[str, int]]:
        """`(table_id, version)` of the player's tables where it must act now; with `wait`,
        once there is one.

        A poll that may wait begins without a query when the turns book knows that the player
        must act nowhere (`TurnsBook.no_turns`): whatever gives it a turn wakes it. A wait
        woken by the commit that gave the player a turn answers with the tables its wake-ups
        named, without asking the database again: the list was empty when it began to wait,
        and every commit that gives the player a turn wakes it with its table and version
        (`Writer.write`). That holds while this instance hears every commit on one
        connection (`Wakeup.stamp`); otherwise, and after the periodic re-check, it asks."""
        writer = self._writer
        deadline = _clock() + wait
        with (
            writer.wakeup.watching([f"p:{player.id}"]) as waiter,
            self._waits.held("turns") as take_place,
        ):
            stamp = writer.wakeup.stamp()
            if wait > 0 and writer.turns_book.no_turns(player.id):
                found, source = [], "book"
            else:
                found, source = await self._turns_of(player), "database"
            if wait > 0:
                TURNS_BEGUN.labels(source).inc()
            while True:
                remaining = deadline - _clock()
                if found or remaining <= 0 or writer.wakeup.draining:
                    TURNS_ANSWERED.labels(source).inc()
                    return found
                take_place()
                woken = await waiter.wait(min(remaining, self._recheck))
                heard_all = stamp is not None and writer.wakeup.stamp() == stamp
                if woken and heard_all and waiter.tables:
                    found, source = list(waiter.tables.items()), "wake-up"
                else:
                    found, source = await self._turns_of(player), "database"

    async def _turns_of(self, player: PlayerInfo) -> list[tuple[str, int]]:
        """The player's turns as the database has them; the turns book learns them."""
        book, stamp = self._writer.turns_book, self._writer.wakeup.stamp()
        since = book.mark()
        found = await self._writer.store.turns(player.id)
        book.learn(player.id, (table_id for table_id, _ in found), since, stamp)
        return found

    async def log(
        self, table_id: str, viewer: PlayerInfo | None, after_seq: int, limit: int
    ) -> LogPage:
        table = await self._writer.load(table_id)
        stored = await self._writer.store.load(table_id, after_seq)
        return log_page(table, stored, seat_or_none(table, viewer), after_seq, limit)

    async def deal_record(self, table_id: str, deal_no: int) -> tuple[Table, DealRecord]:
        table = await self._writer.load(table_id)
        stored = await self._writer.store.load(table_id)
        return table, finished_deal(table, stored, deal_no)

    async def summaries(
        self, status: str | None, limit: int, cursor: str | None
    ) -> tuple[list[TableSummary], str | None]:
        before = None if cursor is None else _decode_cursor(cursor)
        rows = await self._writer.store.summaries(status, limit + 1, before)
        page = rows[:limit]
        next_cursor = _encode_cursor(page[-1], status) if len(rows) > limit else None
        return page, next_cursor

    async def summary(self, table_id: str) -> TableSummary:
        found = await self._writer.store.summary(table_id)
        if found is None:
            raise NotFound(f"no table {table_id}")
        return found


def finished_deal(table: Table, stored: list[StoredEvent], deal_no: int) -> DealRecord:
    """A finished deal whole (hands, seed and all), as its game records it. While the deal
    runs it is refused (`deal_running`); where its rules keep part of it hidden after it
    ends, until the game is over (`deal_hidden`, with the rule and the deal's commitment)."""
    events = [e for e in stored if e.deal_no == deal_no]
    if not events or deal_no < 1:
        raise NotFound(f"no deal {deal_no} at table {table.id}")
    if deal_no not in table.finished_deals:
        raise DealRunning(f"deal {deal_no} is still running")
    record = table.game.deal_record([decode(e, table.variant) for e in events])
    sealed = table.sealed_deals.get(deal_no)
    if sealed is not None and table.status != "finished":
        raise DealHidden(
            f"deal {deal_no} is shown once the game is over: {sealed.rule} keeps hidden "
            f"{sealed.hidden}",
            sealed.rule,
            record.commitment,
        )
    return record


def _encode_cursor(row: TableSummary, status: str | None) -> str:
    raw = f"{row.listed_at(status).isoformat()}|{row.id}"
    return base64.urlsafe_b64encode(raw.encode()).decode()


def _decode_cursor(cursor: str) -> tuple[datetime, str]:
    try:
        created, table_id = base64.urlsafe_b64decode(cursor.encode()).decode().split("|")
        if not TABLE_ID.match(table_id):
            raise ValueError(table_id)
        return datetime.fromisoformat(created), table_id
    except (ValueError, UnicodeDecodeError):
        raise InvalidRequest("not a cursor from this service") from None


def _clock() -> float:
    return time.monotonic()
