"""A finished table as it stood after any version of its log, every hand face up (the
replay), with the contents of its log by deal and the shuffle check of the deal on view.

Only once the game is over: a replay shows every hidden card there was.

A replay page asks for one version after another, so the log of a finished table is read
once and kept (it grows only by its rematch's facts: a new version reads it again), with the
table folded at every `CHECKPOINT_EVERY`-th version: a version costs the fold from the
checkpoint below it, not from the start (`bench/replay.py`)."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

from app.db.store import StoredEvent
from app.domain.cards import Card
from app.domain.shuffle_check import ShuffleCheck, check_deal
from app.services.errors import GameRunning, InvalidRequest
from app.services.table_log import Table, decode
from app.services.writer import Writer


@dataclass(frozen=True, slots=True)
class DealSpan:
    """The versions of the log that belong to one deal."""

    deal_no: int
    first_version: int
    last_version: int


@dataclass(frozen=True, slots=True)
class Replay:
    table: Table
    """The table after `table.version` events."""
    last_version: int
    """The finished table's version."""
    hands: tuple[tuple[Card, ...], ...]
    deals: tuple[DealSpan, ...]
    check: ShuffleCheck | None
    """The shuffle check of the deal on view (none before the first deal, nor for a deal that
    has no record: one its game counts unfinished, cut short by a resignation)."""


CHECKPOINT_EVERY = 32
TABLES_KEPT = 32
"""Finished tables whose log and checkpoints are kept (the most recently replayed)."""


@dataclass
class _Kept:
    version: int
    stored: list[StoredEvent]
    checkpoints: dict[int, Table] = field(default_factory=dict)
    """The table after each multiple of `CHECKPOINT_EVERY` events folded so far."""


class Replays:
    def __init__(self, writer: Writer) -> None:
        self._writer = writer
        self._kept: OrderedDict[str, _Kept] = OrderedDict()

    async def replay(self, table_id: str, version: int) -> Replay:
        now = await self._writer.load(table_id)
        if now.status != "finished":
            raise GameRunning("a table is replayed once its game is over: it shows every hand")
        if not 1 <= version <= now.version:
            raise InvalidRequest(f"the table's versions are 1..{now.version}, not {version}")
        kept = await self._log(now)
        then = _at(kept, table_id, version)
        game = then.game
        assert then.lobby is not None
        count = then.lobby.seating.count
        hands = game.hands(then.state) if then.state is not None else ((),) * count
        deal_no = then.deal_no()
        recorded = deal_no in now.finished_deals  # a deal cut short by a resignation may not be
        check = _check(now, kept.stored, deal_no) if recorded else None
        return Replay(then, now.version, hands, _spans(kept.stored), check)

    async def _log(self, now: Table) -> _Kept:
        kept = self._kept.get(now.id)
        if kept is None or kept.version != now.version:
            stored = await self._writer.store.load(now.id)
            kept = _Kept(now.version, [e for e in stored if e.seq <= now.version])
            self._kept[now.id] = kept
            if len(self._kept) > TABLES_KEPT:
                self._kept.popitem(last=False)
        self._kept.move_to_end(now.id)
        return kept


def _at(kept: _Kept, table_id: str, version: int) -> Table:
    """The table after `version` events: the fold from the checkpoint below, checkpoints kept
    on the way."""
    start = version - version % CHECKPOINT_EVERY
    while start and start not in kept.checkpoints:
        start -= CHECKPOINT_EVERY
    table = kept.checkpoints[start].fork() if start else Table(table_id)
    for stored in kept.stored[start:version]:
        variant = table.variant if table.lobby is not None else None
        table.apply(decode(stored, variant), stored.seq, stored.at)
        if stored.seq % CHECKPOINT_EVERY == 0:
            kept.checkpoints[stored.seq] = table.fork()
    return table


def _check(table: Table, stored: list[StoredEvent], deal_no: int) -> ShuffleCheck:
    assert table.lobby is not None
    game, created = table.game, table.lobby.created
    events = [decode(e, table.variant) for e in stored if e.deal_no == deal_no]
    options = game.parse_options(created.options, created.seats)
    return check_deal(game, options, game.deal_record(events))


def _spans(stored: list[StoredEvent]) -> tuple[DealSpan, ...]:
    spans: dict[int, DealSpan] = {}
    for event in stored:
        if event.deal_no < 1:
            continue
        first = spans.get(event.deal_no)
        spans[event.deal_no] = DealSpan(
            event.deal_no, event.seq if first is None else first.first_version, event.seq
        )
    return tuple(spans.values())
