"""A seat's actions: a game's moves and resignation through its interface, and the table's
messages."""

from __future__ import annotations

from collections.abc import Callable

from app.db.store import ClientRequest
from app.domain.commands import Command, PostMessage
from app.domain.errors import GameNotStarted, NotSeated
from app.domain.events import Event
from app.domain.messages import decide_message
from app.services.players import PlayerInfo
from app.services.table_log import Table
from app.services.writer import Writer

CommandOf = Callable[[Table, int], Command]
"""The caller's command at a table, for its seat (the wire adapter of the table's game reads
the request body)."""


async def act(
    writer: Writer,
    table_id: str,
    player: PlayerInfo,
    command: CommandOf,
    expected_version: int | None,
    move: tuple[str, str] | None,
) -> tuple[Table, int]:
    """Apply the caller's command for its seat; returns the table and the caller's seat.
    `move` is the client's `(move_id, digest)` (`idempotency`), if it sent an id."""

    def step(table: Table) -> list[Event]:
        seat = seat_of(table, player.id)
        if table.state is None:
            raise GameNotStarted("the game starts when every seat is filled")
        asked = command(table, seat)
        game = table.game
        if isinstance(asked, PostMessage):
            allowed = game.messages_allowed(table.state)
            return [*decide_message(asked, allowed, game.is_terminal(table.state))]
        return game.decide(table.state, asked)

    request = None if move is None else ClientRequest(player.id, *move)
    table = await writer.run(table_id, step, expected_version, request)
    return table, seat_of(table, player.id)


def seat_of(table: Table, player_id: str) -> int:
    seat = table.lobby.seat_of(player_id) if table.lobby is not None else None
    if seat is None:
        raise NotSeated("you hold no seat at this table")
    return seat


def seat_or_none(table: Table, viewer: PlayerInfo | None) -> int | None:
    if viewer is None or table.lobby is None:
        return None
    return table.lobby.seat_of(viewer.id)
