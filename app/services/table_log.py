"""A table as the fold of its log: the lobby (seats), the table's messages, and the game's
state, plus what readers of the log may see of each event.

The service knows a game only through its interface (`app.domain.game.Game`): the table's
variant names its game in the registry, the game folds its own events and says when a deal
runs; the table keeps its state as an opaque value. A snapshot is tagged with its own schema
and with the variant and the state schema of its game, so that a snapshot written by other
code is never read as this code's: the log is replayed instead.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from app.db.store import NewEvent, StoredEvent
from app.domain import codec
from app.domain.events import Event
from app.domain.game import Game, Sealed
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
from app.domain.messages import MESSAGE_EVENTS, MessagePosted
from app.domain.registry import game_of
from app.domain.rematch import (
    REMATCH_EVENTS,
    Rematch,
    RematchAsked,
    RematchCreated,
    evolve_rematch,
)

MESSAGE_HISTORY = 100


@dataclass(frozen=True, slots=True)
class Message:
    seat: int
    text: str
    at: datetime


SNAPSHOT_SCHEMA = 11
"""Bump when `Table` changes shape, or when the fold of a log changes its meaning: old
snapshots are then ignored and the log is replayed. A game's own state has its own schema
(`Game.state_schema`), kept in the snapshot beside this one. (8: tables of every game; the
lobby has its seating; messages are the table's. 9: the sealed deals. 10: the rematch. 11:
the lobby's starters, the rated option.)"""


@dataclass
class Table:
    """Everything the log says about a table, folded in order."""

    id: str
    version: int = 0
    lobby: Lobby | None = None
    state: Any = None
    """The game's state (None until the game starts): a value only the game reads."""
    messages: list[Message] = field(default_factory=list)
    finished_deals: set[int] = field(default_factory=set)
    """Deals that are over: their events are shown whole, unless the deal is sealed."""
    sealed_deals: dict[int, Sealed] = field(default_factory=dict)
    """Deals whose rules keep part of them hidden after they end, until the game is over
    (`Game.sealed_by`): their events show each viewer what they showed it while the deal
    ran, and their record is withheld."""
    created_at: datetime | None = None
    turn_started_at: datetime | None = None
    """When the seats that must act now began to wait: move clocks run from here (a table
    message does not restart them)."""
    rematch: Rematch = field(default_factory=Rematch)
    """Once the game is over: who asked for a rematch, and its table once made."""

    @property
    def variant(self) -> str:
        assert self.lobby is not None, "a table's log starts with table_created"
        return self.lobby.created.variant

    @property
    def game(self) -> Game[Any, Any]:
        return game_of(self.variant)

    @property
    def status(self) -> str:
        if self.state is not None and self.game.is_terminal(self.state):
            return "finished"
        return "playing" if self.state is not None else "waiting"

    def to_act(self) -> tuple[int, ...]:
        if self.state is None:
            return ()
        return self.game.to_act(self.state)

    def deal_no(self) -> int:
        return 0 if self.state is None else self.game.deal_no(self.state)

    def scores(self) -> tuple[int, ...]:
        if self.state is None:
            sides = 0 if self.lobby is None else self.lobby.seating.sides
            return (0,) * sides
        return self.game.scores(self.state)

    def deadlines(self) -> dict[int, datetime]:
        """With a move clock: when each human seat that must act runs out of time."""
        lobby = self.lobby
        if lobby is None or self.status != "playing" or self.turn_started_at is None:
            return {}
        clock = lobby.created.move_clock_s
        if clock is None:
            return {}
        due = self.turn_started_at + timedelta(seconds=clock)
        return {seat: due for seat in self.to_act() if lobby.seats[seat].player_id is not None}

    def fork(self) -> Table:
        """A copy to apply new events to. A committed table is shared by readers (see
        `table_cache`), so it is never changed in place."""
        return dataclasses.replace(
            self, finished_deals=set(self.finished_deals), sealed_deals=dict(self.sealed_deals)
        )

    def apply(self, event: Event, seq: int, at: datetime) -> None:
        self.version = seq
        if self.created_at is None:
            self.created_at = at
        waiting = self._waiting()
        match event:
            case TableCreated():
                game = game_of(event.variant)
                options = game.parse_options(event.options, event.seats)
                self.lobby = Lobby.open(event, game.seating(event.seats, options))
            case SeatTakenEvent() | BotSeated() | SeatLeft():
                assert self.lobby is not None
                self.lobby = evolve_lobby(self.lobby, event)
            case MessagePosted(seat=seat, text=text):
                self.messages = [*self.messages, Message(seat, text, at)][-MESSAGE_HISTORY:]
            case RematchAsked() | RematchCreated():
                self.rematch = evolve_rematch(self.rematch, event)
            case _:
                self._apply_game(event)
        if self._waiting() != waiting:
            self.turn_started_at = at

    def _apply_game(self, event: Event) -> None:
        game = self.game
        if self.state is None:
            assert self.lobby is not None
            self.lobby = mark_started(self.lobby)
        running = self.state is not None and game.deal_running(self.state)
        self.state = game.evolve(self.state, event)
        deal_no = game.deal_no(self.state)
        if running and not game.deal_running(self.state):
            self.finished_deals.add(deal_no)
        sealed = game.sealed_by(event)
        if sealed is not None and deal_no not in self.sealed_deals:
            self.sealed_deals[deal_no] = sealed

    def _waiting(self) -> tuple[object, ...]:
        state = self.state
        if state is None:
            return ()
        game = self.game
        return (game.deal_no(state), game.deal_running(state), game.to_act(state))


def snapshot(table: Table) -> dict[str, Any]:
    game = table.game
    return {
        "id": table.id,
        "version": table.version,
        "variant": table.variant,
        "state_schema": game.state_schema,
        "lobby": codec.encode(table.lobby),
        "state": None if table.state is None else codec.encode(table.state),
        "messages": codec.encode(table.messages),
        "finished_deals": sorted(table.finished_deals),
        "sealed_deals": [[n, codec.encode(s)] for n, s in sorted(table.sealed_deals.items())],
        "created_at": codec.encode(table.created_at),
        "turn_started_at": codec.encode(table.turn_started_at),
        "rematch": codec.encode(table.rematch),
    }


def from_snapshot(data: dict[str, Any]) -> Table | None:
    """The table a snapshot holds, or None when its game's state is of another shape (the
    log is then replayed)."""
    game = game_of(data["variant"])
    if data["state_schema"] != game.state_schema:
        return None
    state = data["state"]
    return Table(
        id=data["id"],
        version=data["version"],
        lobby=codec.decode(Lobby, data["lobby"]),
        state=None if state is None else codec.decode(game.state_type, state),
        messages=[codec.decode(Message, m) for m in data["messages"]],
        finished_deals=set(data["finished_deals"]),
        sealed_deals={n: codec.decode(Sealed, s) for n, s in data["sealed_deals"]},
        created_at=_time(data["created_at"]),
        turn_started_at=_time(data["turn_started_at"]),
        rematch=codec.decode(Rematch, data["rematch"]),
    )


def _time(value: str | None) -> datetime | None:
    return None if value is None else datetime.fromisoformat(value)


def decode(stored: StoredEvent, variant: str | None) -> Event:
    """A stored event: the table's own (lobby, messages), or its game's."""
    if stored.type in LOBBY_EVENTS:
        return LOBBY_EVENTS.decode(stored.type, stored.payload, stored.schema_version)
    if stored.type in MESSAGE_EVENTS:
        return MESSAGE_EVENTS.decode(stored.type, stored.payload, stored.schema_version)
    if stored.type in REMATCH_EVENTS:
        return REMATCH_EVENTS.decode(stored.type, stored.payload, stored.schema_version)
    assert variant is not None, "a game's event comes after table_created"
    return game_of(variant).events.decode(stored.type, stored.payload, stored.schema_version)


def fold(table_id: str, stored: list[StoredEvent]) -> Table:
    table = Table(table_id)
    for event in stored:
        variant = table.variant if table.lobby is not None else None
        table.apply(decode(event, variant), event.seq, event.at)
    return table


def encode(event: Event, deal_no: int) -> NewEvent:
    return NewEvent(event.TYPE, event.SCHEMA, deal_no, event.payload())


def visible_payload(stored: StoredEvent, viewer: int | None, table: Table) -> dict[str, Any] | None:
    """What `viewer` may see of a stored event: everything once its deal is over (once the
    game is over, where the deal is sealed), else the event's own redaction (None: hidden
    from this viewer)."""
    if shown_whole(table, stored.deal_no):
        return stored.payload
    return decode(stored, table.variant).payload_for(viewer)


def shown_whole(table: Table, deal_no: int) -> bool:
    """Whether a deal's events are shown whole now: before the first deal, once the deal is
    over unless its rules keep part of it hidden until the game's end, and every deal once
    the game is over."""
    if deal_no == 0 or table.status == "finished":
        return True
    return deal_no in table.finished_deals and deal_no not in table.sealed_deals


HIDDEN = "hidden"
"""The type under which the log lists an event its viewer may not see (yet)."""


@dataclass(frozen=True, slots=True)
class LoggedEvent:
    """An event of the log as one viewer may see it: `data` None (and the type `hidden`)
    where it may not see it, so that every seq is listed and a hidden event is told from a
    lost one. A placeholder says no more than the table's version already does."""

    seq: int
    type: str
    deal_no: int
    at: datetime
    data: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class LogPage:
    items: list[LoggedEvent]
    next_after_seq: int


def log_page(
    table: Table, stored: list[StoredEvent], viewer: int | None, after_seq: int, limit: int
) -> LogPage:
    """Up to `limit` events of `stored` after `after_seq`, as `viewer` may see them, every
    seq up to the table's version listed. Events past the version of `table` (appended since
    it was read) wait for the next page: what they may show is judged by the table they
    belong to."""
    items: list[LoggedEvent] = []
    for event in stored:
        if len(items) == limit or event.seq > table.version:
            break
        if event.seq > after_seq:
            items.append(logged(event, viewer, table))
    return LogPage(items, items[-1].seq if items else after_seq)


def logged(stored: StoredEvent, viewer: int | None, table: Table) -> LoggedEvent:
    payload = visible_payload(stored, viewer, table)
    kind = HIDDEN if payload is None else stored.type
    return LoggedEvent(stored.seq, kind, stored.deal_no, stored.at, payload)
