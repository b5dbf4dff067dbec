"""A table before and around its game: who sits where (shared by four-seat games).

The lobby's facts go into the same log as the game's: a table is created, seats are taken
by players or bots and left again; when the fourth seat is filled the game starts.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.domain.errors import GameAlreadyStarted, IllegalAction, NotSeated, SeatTaken
from app.domain.events import Event, EventRegistry
from app.domain.seats import SEATS, is_seat


@dataclass(frozen=True, slots=True)
class TableCreated(Event):
    TYPE = "table_created"
    variant: str
    eggs: bool
    messages: bool
    move_clock_s: int | None
    first_dealer: int | None


@dataclass(frozen=True, slots=True)
class SeatTakenEvent(Event):
    TYPE = "seat_taken"
    seat: int
    player_id: str
    name: str


@dataclass(frozen=True, slots=True)
class BotSeated(Event):
    TYPE = "bot_seated"
    seat: int
    level: str


@dataclass(frozen=True, slots=True)
class SeatLeft(Event):
    TYPE = "seat_left"
    seat: int


LobbyEvent = TableCreated | SeatTakenEvent | BotSeated | SeatLeft
LOBBY_EVENTS = EventRegistry(TableCreated, SeatTakenEvent, BotSeated, SeatLeft)


@dataclass(frozen=True, slots=True)
class Occupant:
    player_id: str | None = None
    name: str | None = None
    bot: str | None = None


EMPTY = Occupant()


@dataclass(frozen=True, slots=True)
class Lobby:
    created: TableCreated
    seats: tuple[Occupant, ...] = (EMPTY, EMPTY, EMPTY, EMPTY)
    started: bool = False

    @property
    def is_full(self) -> bool:
        return all(o != EMPTY for o in self.seats)

    def seat_of(self, player_id: str) -> int | None:
        for seat, occupant in enumerate(self.seats):
            if occupant.player_id == player_id:
                return seat
        return None


def evolve_lobby(lobby: Lobby | None, event: LobbyEvent) -> Lobby:
    match event:
        case TableCreated():
            return Lobby(event)
        case SeatTakenEvent(seat=seat, player_id=player_id, name=name):
            assert lobby is not None
            return _with_seat(lobby, seat, Occupant(player_id, name))
        case BotSeated(seat=seat, level=level):
            assert lobby is not None
            return _with_seat(lobby, seat, Occupant(bot=level))
        case SeatLeft(seat=seat):
            assert lobby is not None
            return _with_seat(lobby, seat, EMPTY)


def _with_seat(lobby: Lobby, seat: int, occupant: Occupant) -> Lobby:
    seats = tuple(occupant if s == seat else o for s, o in enumerate(lobby.seats))
    return Lobby(lobby.created, seats, lobby.started)


def mark_started(lobby: Lobby) -> Lobby:
    return Lobby(lobby.created, lobby.seats, started=True)


def decide_sit(lobby: Lobby, seat: int, player_id: str, name: str) -> list[LobbyEvent]:
    """Take a free seat; taking the seat one already holds changes nothing."""
    _check_seat(seat)
    held = lobby.seat_of(player_id)
    if held == seat:
        return []
    if lobby.started:
        raise GameAlreadyStarted("the game has started; seats no longer change")
    if held is not None:
        raise SeatTaken(f"you already hold seat {held} at this table")
    if lobby.seats[seat] != EMPTY:
        raise SeatTaken(f"seat {seat} is taken")
    return [SeatTakenEvent(seat, player_id, name)]


def decide_bot(lobby: Lobby, seat: int, level: str) -> list[LobbyEvent]:
    _check_seat(seat)
    if lobby.started:
        raise GameAlreadyStarted("the game has started; seats no longer change")
    if lobby.seats[seat] != EMPTY:
        raise SeatTaken(f"seat {seat} is taken")
    return [BotSeated(seat, level)]


TAKEOVER_BOT = "heuristic"
"""K-18: the bot that takes over a seat whose player leaves a running game."""


def decide_leave(lobby: Lobby, seat: int, player_id: str) -> list[LobbyEvent]:
    """Leave one's own seat, or remove a bot from a seat, before the game starts. Leaving a
    running game hands the seat to a bot so the table can finish (K-18)."""
    _check_seat(seat)
    occupant = lobby.seats[seat]
    if lobby.started:
        if occupant.bot is not None:
            raise GameAlreadyStarted("the game has started; its bots stay to the end")
        if occupant.player_id != player_id:
            raise NotSeated(f"you do not hold seat {seat}")
        return [SeatLeft(seat), BotSeated(seat, TAKEOVER_BOT)]
    removes_a_bot = occupant.bot is not None and lobby.seat_of(player_id) is not None
    if occupant.player_id != player_id and not removes_a_bot:
        raise NotSeated(f"you do not hold seat {seat}")
    return [SeatLeft(seat)]


def _check_seat(seat: int) -> None:
    if not is_seat(seat):
        raise IllegalAction(f"no such seat: {seat!r}; seats are {list(SEATS)}")
