"""Again (`POST /v1/tables/{id}/rematch`): a seated player of a finished table asks; once
every seated person has asked, one new table with the same players, options and bots, the
first dealer moved on (`app.domain.rematch`).

The new table's id follows from the finished table's (`rematch_id`), so that asks raced on
any number of instances make one table: the store takes one row per id, and a creation that
finds the row there already has lost to a twin that made the same table. The finished
table's log then says `rematch_created`; a request that finds everyone asked but no table
named yet (its twin stopped between the two writes) makes or names it again."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from app.db.store import NewTable, VersionConflict
from app.domain.events import Event
from app.domain.lobby import TableCreated
from app.domain.rematch import RematchCreated, decide_ask, everyone_asked, rematch_table
from app.services.errors import GameNotOver, NotFound
from app.services.players import PlayerInfo
from app.services.seating import row_options
from app.services.table_log import Table, fold
from app.services.writer import Writer

_REMATCHES = uuid.UUID("6f0f3c6e-6d1b-4f1e-9a51-0c7a3e4b2d10")


def rematch_id(table_id: str) -> str:
    """The id of the rematch of `table_id`: the same on every instance."""
    return str(uuid.uuid5(_REMATCHES, table_id))


@dataclass(frozen=True, slots=True)
class RematchAnswer:
    status: str
    """`asked`: waiting for the others; `created`: the new table is `table_id`."""
    table_id: str | None


async def ask(writer: Writer, table_id: str, player: PlayerInfo) -> RematchAnswer:
    def step(table: Table) -> list[Event]:
        if table.lobby is None:
            raise NotFound(f"no table {table_id}")
        if table.status != "finished":
            raise GameNotOver("a rematch is asked once the game is over")
        return [*decide_ask(table.lobby, table.rematch, player.id)]

    table = await writer.run(table_id, step)
    assert table.lobby is not None
    if not everyone_asked(table.lobby, table.rematch):
        return RematchAnswer("asked", None)
    if table.rematch.table_id is None:
        new_id = await _make(writer, table)

        def name_it(table: Table) -> list[Event]:
            return [] if table.rematch.table_id else [RematchCreated(new_id)]

        table = await writer.run(table_id, name_it)
    return RematchAnswer("created", table.rematch.table_id)


async def _make(writer: Writer, finished: Table) -> str:
    """The rematch table, made by this request or by a twin of it."""
    lobby = finished.lobby
    assert lobby is not None
    new_id = rematch_id(finished.id)
    events = rematch_table(lobby, await first_dealer(writer, finished))
    created = events[0]
    assert isinstance(created, TableCreated)
    new = NewTable(created.variant, row_options(created), lobby.seating.players)
    try:
        await writer.write(Table(new_id), events, new_table=new)
    except VersionConflict:
        await writer.load(new_id)  # a twin made it (else this is a 404 to retry)
    return new_id


async def first_dealer(writer: Writer, table: Table) -> int:
    """The dealer of the table's first deal: its own choice, else the one the server drew,
    as the public view of the first deal shows it."""
    assert table.lobby is not None
    chosen = table.lobby.created.first_dealer
    if chosen is not None:
        return chosen
    stored = await writer.store.load(table.id)
    upto = next((e.seq for e in stored if e.deal_no >= 1), len(stored))
    early = fold(table.id, stored[:upto])
    dealer = None if early.state is None else early.game.view_for(early.state, None).dealer
    return 0 if dealer is None else dealer
