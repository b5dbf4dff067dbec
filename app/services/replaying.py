"""A finished table as it stood after any version of its log, every hand face up (the
replay), with the contents of its log by deal and the shuffle check of the deal on view.

Only once the game is over: a replay shows every hidden card there was."""

from __future__ import annotations

from dataclasses import dataclass

from app.db.store import StoredEvent
from app.domain.cards import Card
from app.domain.shuffle_check import ShuffleCheck, check_deal
from app.services.errors import GameRunning, InvalidRequest
from app.services.table_log import Table, decode, fold
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
    """The shuffle check of the deal on view (none before the first deal)."""


async def replay(writer: Writer, table_id: str, version: int) -> Replay:
    now = await writer.load(table_id)
    if now.status != "finished":
        raise GameRunning("a table is replayed once its game is over: it shows every hand")
    if not 1 <= version <= now.version:
        raise InvalidRequest(f"the table's versions are 1..{now.version}, not {version}")
    stored = await writer.store.load(table_id)
    stored = [e for e in stored if e.seq <= now.version]
    then = fold(table_id, stored[:version])
    game = then.game
    hands = game.hands(then.state) if then.state is not None else ()
    deal_no = then.deal_no()
    check = None if deal_no < 1 else _check(now, stored, deal_no)
    return Replay(then, now.version, hands, _spans(stored), check)


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
