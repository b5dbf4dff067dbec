"""A table as the fold of its log: the lobby (seats) and the game, plus what readers of the
log may see of each event."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from app.db.store import NewEvent, StoredEvent
from app.domain import codec, kozel24
from app.domain.events import Event
from app.domain.kozel24.events import DealScored, GameEnded, GameStarted, MessagePosted
from app.domain.lobby import (
    LOBBY_EVENTS,
    BotSeated,
    Lobby,
    SeatLeft,
    SeatTakenEvent,
    TableCreated,
    evolve_lobby,
    mark_started,
)

VARIANTS = ("kozel24",)
MESSAGE_HISTORY = 100


@dataclass(frozen=True, slots=True)
class Message:
    seat: int
    text: str
    at: datetime


SNAPSHOT_SCHEMA = 6
"""Bump when `Table` (or the game state inside it) changes shape: old snapshots are then
ignored and the log is replayed."""


@dataclass
class Table:
    """Everything the log says about a table, folded in order."""

    id: str
    version: int = 0
    lobby: Lobby | None = None
    game: kozel24.GameState | None = None
    messages: list[Message] = field(default_factory=list)
    finished_deals: set[int] = field(default_factory=set)
    created_at: datetime | None = None
    turn_started_at: datetime | None = None
    """When the seats that must act now began to wait: move clocks run from here (a table
    message does not restart them)."""

    @property
    def status(self) -> str:
        if self.game is not None and self.game.is_terminal:
            return "finished"
        return "playing" if self.game is not None else "waiting"

    def deadlines(self) -> dict[int, datetime]:
        """With a move clock: when each human seat that must act runs out of time."""
        lobby, game = self.lobby, self.game
        if lobby is None or game is None or game.is_terminal or self.turn_started_at is None:
            return {}
        clock = lobby.created.move_clock_s
        if clock is None:
            return {}
        due = self.turn_started_at + timedelta(seconds=clock)
        return {
            seat: due for seat in kozel24.to_act(game) if lobby.seats[seat].player_id is not None
        }

    def fork(self) -> Table:
        """A copy to apply new events to. A committed table is shared by readers (see
        `table_cache`), so it is never changed in place."""
        return dataclasses.replace(self, finished_deals=set(self.finished_deals))

    def apply(self, event: Event, seq: int, at: datetime) -> None:
        self.version = seq
        if self.created_at is None:
            self.created_at = at
        waiting = self._waiting()
        if isinstance(event, TableCreated | SeatTakenEvent | BotSeated | SeatLeft):
            self.lobby = evolve_lobby(self.lobby, event)
            return
        if isinstance(event, GameStarted):
            assert self.lobby is not None
            self.lobby = mark_started(self.lobby)
        self.game = kozel24.evolve(self.game, event)  # type: ignore[arg-type]
        if isinstance(event, MessagePosted):
            self.messages = [*self.messages, Message(event.seat, event.text, at)][-MESSAGE_HISTORY:]
        elif isinstance(event, DealScored):
            self.finished_deals.add(event.deal_no)
        elif isinstance(event, GameEnded) and self.game.deal_no:
            self.finished_deals.add(self.game.deal_no)
        if self._waiting() != waiting:
            self.turn_started_at = at

    def _waiting(self) -> tuple[object, ...]:
        game = self.game
        return () if game is None else (game.phase, game.deal_no, kozel24.to_act(game))


def snapshot(table: Table) -> dict[str, Any]:
    data: dict[str, Any] = codec.encode(table)
    return data


def from_snapshot(data: dict[str, Any]) -> Table:
    return codec.decode(Table, data)


def decode(stored: StoredEvent) -> Event:
    if stored.type in LOBBY_EVENTS.types:
        return LOBBY_EVENTS.decode(stored.type, stored.payload, stored.schema_version)
    return kozel24.REGISTRY.decode(stored.type, stored.payload, stored.schema_version)


def fold(table_id: str, stored: list[StoredEvent]) -> Table:
    table = Table(table_id)
    for event in stored:
        table.apply(decode(event), event.seq, event.at)
    return table


def encode(event: Event, deal_no: int) -> NewEvent:
    return NewEvent(event.TYPE, event.SCHEMA, deal_no, event.payload())


def visible_payload(
    stored: StoredEvent, viewer: int | None, finished_deals: set[int]
) -> dict[str, Any] | None:
    """What `viewer` may see of a stored event: everything once its deal is over, else the
    event's own redaction (None: hidden from this viewer)."""
    if stored.deal_no == 0 or stored.deal_no in finished_deals:
        return stored.payload
    return decode(stored).payload_for(viewer)
