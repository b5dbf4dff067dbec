"""The move clock: every instance plays for the seats whose time ran out (the appends are
versioned, so two instances never both move for one seat). A game never hangs."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from app.bots.clock import clock_default
from app.domain.events import Event
from app.services.table_log import Table
from app.services.writer import Writer

Lapsed = Callable[[str, list[str]], Awaitable[None]]
"""Told of each table where the clock played, and for which players (`benching.record`)."""


async def expire_due(
    writer: Writer, limit: int = 50, lapsed: Lapsed | None = None
) -> datetime | None:
    """Play for the seats whose move clock ran out (at most `limit` tables); returns when
    the next clock runs out, as far as the database knows (None: no clock runs; now: more
    were due than `limit`)."""
    due, next_at = await writer.store.due(_now(), limit)
    if len(due) == limit:
        next_at = _now()
    for table_id in due:
        before = await writer.load(table_id)
        late: list[str] = []
        step = functools.partial(_play_for_late_seats, writer, late=late)
        after = await writer.run(table_id, step)
        if after.version > before.version and lapsed is not None:
            await lapsed(table_id, late)
    return next_at


def _play_for_late_seats(writer: Writer, table: Table, late: list[str]) -> list[Event]:
    """Every seat whose time ran out is played for now, one after the other: the game's own
    default (a random cut, keep, pass…), else its heuristic bot's choice. `late` is given
    the players of those seats."""
    now = _now()
    game, state = table.game, table.state
    events: list[Event] = []
    late.clear()  # a retry decides afresh
    for seat, due in sorted(table.deadlines().items()):
        if state is None or due > now or seat not in game.to_act(state):
            continue
        player_id = table.lobby.seats[seat].player_id if table.lobby is not None else None
        if player_id is not None and player_id not in late:
            late.append(player_id)
        new = game.decide(state, clock_default(game, state, seat, writer.chance))
        for event in new:
            state = game.evolve(state, event)
        events += new
    return events


def _now() -> datetime:
    return datetime.now(UTC)
