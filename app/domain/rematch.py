"""Again: the players of a finished table ask for a rematch, and once every seated person has
asked (a bot agrees without asking), one new table is made with the same players, options
and bots, the first dealer moved on by one seat.

The asks are facts of the finished table's log, after its game: `rematch_asked` per seat,
then `rematch_created` naming the new table. They are the table's, not a game's, like its
seats and its messages."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from app.domain.errors import NotSeated
from app.domain.events import Event, EventRegistry
from app.domain.lobby import BotSeated, Lobby, LobbyEvent, SeatTakenEvent, TableCreated


@dataclass(frozen=True, slots=True)
class RematchAsked(Event):
    TYPE = "rematch_asked"
    seat: int


@dataclass(frozen=True, slots=True)
class RematchCreated(Event):
    TYPE = "rematch_created"
    table_id: str


REMATCH_EVENTS = EventRegistry(RematchAsked, RematchCreated)


@dataclass(frozen=True, slots=True)
class Rematch:
    """What the log says of a rematch so far."""

    asked: tuple[int, ...] = ()
    """The seats whose players asked, in seat order."""
    table_id: str | None = None
    """The new table, once made."""


def evolve_rematch(rematch: Rematch, event: RematchAsked | RematchCreated) -> Rematch:
    match event:
        case RematchAsked(seat=seat):
            return dataclasses.replace(rematch, asked=tuple(sorted({*rematch.asked, seat})))
        case RematchCreated(table_id=table_id):
            return dataclasses.replace(rematch, table_id=table_id)


def decide_ask(lobby: Lobby, rematch: Rematch, player_id: str) -> list[RematchAsked]:
    """The caller's ask; asking again changes nothing. (The caller's game is over: the
    service checks that first.)"""
    seat = lobby.seat_of(player_id)
    if seat is None:
        raise NotSeated("only a player seated at this table asks for its rematch")
    return [] if seat in rematch.asked else [RematchAsked(seat)]


def everyone_asked(lobby: Lobby, rematch: Rematch) -> bool:
    """Every seat held by a person (a player's account, a bot account too) has asked; the
    server's bots agree."""
    people = [seat for seat, o in enumerate(lobby.seats) if o.player_id is not None]
    return bool(people) and set(people) <= set(rematch.asked)


def rematch_table(lobby: Lobby, dealer: int) -> list[LobbyEvent]:
    """The new table's first events: the finished one's variant, seat count, options and move
    clock, the first dealer the seat after `dealer` (the finished game's first dealer), and
    its players and bots in the same seats."""
    created: TableCreated = dataclasses.replace(
        lobby.created, first_dealer=lobby.seating.next(dealer)
    )
    events: list[LobbyEvent] = [created]
    for seat, occupant in enumerate(lobby.seats):
        if occupant.player_id is not None:
            events.append(SeatTakenEvent(seat, occupant.player_id, occupant.name or ""))
        elif occupant.bot is not None:
            events.append(BotSeated(seat, occupant.bot))
    return events
