"""A table before and around its game: who sits where, for a game of any number of seats.

The lobby's facts go into the same log as the game's: a table is created, seats are taken
by players or bots and left again; when every player's seat is filled the game starts. A
game's dummy seats (a blind, C32-34) are nobody's to take.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.domain.errors import GameAlreadyStarted, IllegalAction, NotSeated, SeatTaken, no_seat
from app.domain.events import Event, EventRegistry
from app.domain.seats import Seating


@dataclass(frozen=True, slots=True)
class TableCreated(Event):
    """A new table of `variant` for `seats` players, with the game's own `options` (a JSON
    object of its wire names; a table created before they were snake_case has the rules
    file's camelCase names here, which the game's `parse_options` reads as aliases) and the
    table's move clock, first dealer and whether its game is rated (`docs/ratings.md`)."""

    TYPE = "table_created"
    SCHEMA = 3
    variant: str
    seats: int
    options: dict[str, Any]
    move_clock_s: int | None
    first_dealer: int | None
    rated: bool = False


def _kozel24_table(payload: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 (before there were other games): a 24-card Kozel table, its two options kept
    beside the table's own."""
    return {
        "variant": payload["variant"],
        "seats": 4,
        "options": {"eggs": payload["eggs"], "messages": payload["messages"]},
        "move_clock_s": payload["move_clock_s"],
        "first_dealer": payload["first_dealer"],
    }


def _unrated_table(payload: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 (before ratings): an unrated table."""
    return {**payload, "rated": False}


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
LOBBY_EVENTS = EventRegistry(
    TableCreated,
    SeatTakenEvent,
    BotSeated,
    SeatLeft,
    upcasters={("table_created", 1): _kozel24_table, ("table_created", 2): _unrated_table},
)


@dataclass(frozen=True, slots=True)
class Occupant:
    player_id: str | None = None
    name: str | None = None
    bot: str | None = None
    dummy: bool = False
    """A seat that no one takes (its game plays it through another seat)."""


EMPTY = Occupant()
DUMMY = Occupant(dummy=True)


@dataclass(frozen=True, slots=True)
class Lobby:
    created: TableCreated
    seating: Seating
    seats: tuple[Occupant, ...]
    started: bool = False
    starters: tuple[Occupant, ...] = ()
    """Who held each seat when the game started (a player who leaves a running game is
    still its seat's starter: the rating counts the game as his, `docs/ratings.md`)."""

    @staticmethod
    def open(created: TableCreated, seating: Seating) -> Lobby:
        seats = tuple(DUMMY if s in seating.dummies else EMPTY for s in seating.seats)
        return Lobby(created, seating, seats)

    @property
    def is_full(self) -> bool:
        return EMPTY not in self.seats

    def seat_of(self, player_id: str) -> int | None:
        for seat, occupant in enumerate(self.seats):
            if occupant.player_id == player_id:
                return seat
        return None


def evolve_lobby(lobby: Lobby, event: LobbyEvent) -> Lobby:
    match event:
        case TableCreated():
            raise ValueError("a lobby opens with its table (Lobby.open)")
        case SeatTakenEvent(seat=seat, player_id=player_id, name=name):
            return _with_seat(lobby, seat, Occupant(player_id, name))
        case BotSeated(seat=seat, level=level):
            return _with_seat(lobby, seat, Occupant(bot=level))
        case SeatLeft(seat=seat):
            return _with_seat(lobby, seat, EMPTY)


def _with_seat(lobby: Lobby, seat: int, occupant: Occupant) -> Lobby:
    seats = tuple(occupant if s == seat else o for s, o in enumerate(lobby.seats))
    return Lobby(lobby.created, lobby.seating, seats, lobby.started, lobby.starters)


def mark_started(lobby: Lobby) -> Lobby:
    return Lobby(lobby.created, lobby.seating, lobby.seats, started=True, starters=lobby.seats)


def decide_sit(lobby: Lobby, seat: int, player_id: str, name: str) -> list[LobbyEvent]:
    """Take a free seat; taking the seat one already holds changes nothing."""
    _check_seat(lobby, seat)
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
    _check_seat(lobby, seat)
    if lobby.started:
        raise GameAlreadyStarted("the game has started; seats no longer change")
    if lobby.seats[seat] != EMPTY:
        raise SeatTaken(f"seat {seat} is taken")
    return [BotSeated(seat, level)]


TAKEOVER_BOT = "heuristic"
"""K-18 (and its like in every game): the bot that takes over a seat whose player leaves a
running game."""


def decide_leave(lobby: Lobby, seat: int, player_id: str) -> list[LobbyEvent]:
    """Leave one's own seat, or remove a bot from a seat, before the game starts. Leaving a
    running game hands the seat to a bot so the table can finish (K-18)."""
    _check_seat(lobby, seat)
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


def _check_seat(lobby: Lobby, seat: int) -> None:
    players = lobby.seating.players
    if seat not in players or isinstance(seat, bool):
        raise IllegalAction(no_seat(seat, list(players)))
