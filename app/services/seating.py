"""Tables and seats: create a table of any game, take a seat, seat a bot, leave."""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.bots.registry import levels
from app.db.store import ClientRequest, NewTable, VersionConflict
from app.domain.errors import DomainError, GameOver, InvalidOption, SeatTaken
from app.domain.events import Event
from app.domain.lobby import Lobby, TableCreated, decide_bot, decide_leave, decide_sit
from app.domain.registry import game_of
from app.domain.seats import Seating
from app.services import idempotency
from app.services.errors import NotFound, SameAddress
from app.services.players import PlayerInfo
from app.services.table_log import Table
from app.services.writer import Step, Writer


@dataclass(frozen=True, slots=True)
class NewTableRequest:
    """`POST /v1/tables` as read: the game, its seat count and options, and the table's."""

    variant: str
    seats: int | None = None
    """Players at the table; None: the game's first seat count."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """The game's own options (its wire names)."""
    move_clock_s: int | None = None
    first_dealer: int | None = None
    rated: bool = False
    """Whether the game counts for the players' ratings (`docs/ratings.md`)."""
    seat: int | None = None
    bots: Mapping[int, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TableShape:
    """A table request as its game reads it: the seat count, the game's parsed options,
    who sits where, and the table's options as the table will show them."""

    seats: int
    options: Any
    seating: Seating
    table_options: dict[str, Any]


def shape(asked: NewTableRequest) -> TableShape:
    """Check a request's variant, seat count and options (422 `invalid_option`)."""
    game = game_of(asked.variant)
    seats = asked.seats if asked.seats is not None else game.info.seat_counts[0]
    if seats not in game.info.seat_counts:
        counts = ", ".join(map(str, game.info.seat_counts))
        raise InvalidOption(f"{asked.variant} is played by {counts}, not {seats}")
    options = game.parse_options(asked.options, seats)
    seating = game.seating(seats, options)
    if asked.first_dealer is not None and asked.first_dealer not in seating.seats:
        raise InvalidOption(f"first_dealer is a seat 0..{seating.count - 1} or null")
    table_options = {
        **game.encode_options(options),
        "move_clock_s": asked.move_clock_s,
        "first_dealer": asked.first_dealer,
        "rated": asked.rated,
    }
    return TableShape(seats, options, seating, table_options)


def _created(asked: NewTableRequest, shaped: TableShape) -> TableCreated:
    """The table's first event, from the request as its game read it."""
    options = game_of(asked.variant).encode_options(shaped.options)
    return TableCreated(
        asked.variant, shaped.seats, options, asked.move_clock_s, asked.first_dealer, asked.rated
    )


async def open_seated(
    writer: Writer,
    table_id: str,
    asked: NewTableRequest,
    players: Mapping[int, PlayerInfo],
    bots: Mapping[int, str],
) -> Table:
    """A new table `table_id` with every seat taken at once (a match of seeks): the game
    starts in the same commit. Opening a table that exists already changes nothing."""
    shaped = shape(asked)
    created = _created(asked, shaped)
    lobby = Lobby.open(created, shaped.seating)
    seated: list[Event] = []
    for player_seat, player in sorted(players.items()):
        seated += decide_sit(lobby, player_seat, player.id, player.name)
    for bot_seat, level in sorted(bots.items()):
        seated += decide_bot(lobby, bot_seat, level)
    new = NewTable(asked.variant, shaped.table_options, shaped.seating.players)
    try:
        return await writer.write(Table(table_id), [created, *seated], new_table=new)
    except VersionConflict:
        return await writer.load(table_id)


async def create(
    writer: Writer,
    creator: PlayerInfo,
    asked: NewTableRequest,
    idempotency_key: str | None,
    address: str | None = None,
) -> Table:
    table = await _create(writer, creator, asked, idempotency_key)
    if address is not None and asked.rated and asked.seat is not None:
        await writer.store.seat_address(table.id, creator.id, _digest(address))
    return table


async def _create(
    writer: Writer, creator: PlayerInfo, asked: NewTableRequest, idempotency_key: str | None
) -> Table:
    game = game_of(asked.variant)
    shaped = shape(asked)
    seats, seating = shaped.seats, shaped.seating
    players = list(seating.players)
    if asked.seat is not None and asked.seat not in players:
        raise InvalidOption(f"seat is one of {players}")
    for bot_seat, level in asked.bots.items():
        if bot_seat not in players or level not in levels(asked.variant):
            raise InvalidOption(f"cannot seat a {level!r} bot in seat {bot_seat}")
        if bot_seat == asked.seat:
            raise SeatTaken(f"seat {asked.seat} is the creator's; a bot cannot take it too")
    table_options = shaped.table_options
    request = None
    if idempotency_key is not None:
        # The request as read, defaults filled in (`idempotency`): the whole body.
        body: dict[str, Any] = {
            "variant": asked.variant,
            "seat": asked.seat,
            "bots": {str(bot_seat): level for bot_seat, level in asked.bots.items()},
            # unrated: as the digests of the requests made before the option was were
            "options": {k: v for k, v in table_options.items() if k != "rated" or v},
        }
        if len(game.info.seat_counts) > 1:
            body["seats"] = seats
        request = ClientRequest(creator.id, idempotency_key, idempotency.digest("tables", body))
        earlier = await _created_by(writer, request)
        if earlier is not None:
            return earlier
    created = _created(asked, shaped)
    # The table, its first event and the requested seats land together.
    lobby = Lobby.open(created, seating)
    seated: list[Event] = []
    if asked.seat is not None:
        seated += decide_sit(lobby, asked.seat, creator.id, creator.name)
    for bot_seat, level in sorted(asked.bots.items()):
        seated += decide_bot(lobby, bot_seat, level)
    new = NewTable(asked.variant, table_options, seating.players, request)
    try:
        return await writer.write(Table(str(uuid.uuid4())), [created, *seated], new_table=new)
    except VersionConflict:
        if request is None:
            raise
        # A concurrent twin of this request won: answer with its table.
        earlier = await _created_by(writer, request)
        if earlier is None:
            raise
        return earlier


def row_options(created: TableCreated) -> dict[str, Any]:
    """The options a table lists (`GET /v1/tables`): its game's and the table's own."""
    return {
        **created.options,
        "move_clock_s": created.move_clock_s,
        "first_dealer": created.first_dealer,
        "rated": created.rated,
    }


async def _created_by(writer: Writer, request: ClientRequest) -> Table | None:
    """The table an `Idempotency-Key` created, if that request was this one."""
    earlier = await writer.store.table_of_request(request.player_id, request.key)
    if earlier is None:
        return None
    idempotency.check(earlier.digest, request.digest, f"Idempotency-Key {request.key!r}")
    return await writer.load(earlier.table_id)


async def sit(
    writer: Writer, table_id: str, seat: int, player: PlayerInfo, address: str | None = None
) -> Table:
    """Take a seat. At a rated table the seat is refused to an account whose address (the
    request's) another account took a seat from, while that one holds it (`same_address`)."""
    if address is not None:
        table = await writer.load(table_id)
        lobby = table.lobby
        if lobby is not None and lobby.created.rated and lobby.seat_of(player.id) is None:
            await _check_address(writer, table_id, player, address)
    return await writer.run(
        table_id, _seating(lambda lobby: decide_sit(lobby, seat, player.id, player.name))
    )


async def _check_address(writer: Writer, table_id: str, player: PlayerInfo, address: str) -> None:
    others = await writer.store.seat_address(table_id, player.id, _digest(address))
    if not others:
        return
    lobby = (await writer.load(table_id)).lobby
    assert lobby is not None
    if any(lobby.seat_of(other) is not None for other in others):
        raise SameAddress(
            "another account from your address holds a seat at this rated table; play it "
            "unrated, or from your own connection"
        )


def _digest(address: str) -> str:
    return hashlib.sha256(address.encode()).hexdigest()


async def seat_bot(writer: Writer, table_id: str, seat: int, level: str) -> Table:
    def decide(lobby: Lobby) -> Sequence[Event]:
        variant = lobby.created.variant
        if level not in levels(variant):
            known = ", ".join(levels(variant))
            raise InvalidOption(f"unknown bot level {level!r}; known: {known}")
        return decide_bot(lobby, seat, level)

    return await writer.run(table_id, _seating(decide))


async def leave(writer: Writer, table_id: str, seat: int, player: PlayerInfo) -> Table:
    return await writer.run(table_id, _seating(lambda lobby: decide_leave(lobby, seat, player.id)))


def _seating(decide: Callable[[Lobby], Sequence[Event]]) -> Step:
    """A seat change, as the lobby decides it while the table is open. Once the game is over
    its seats and its log stay as they are: every change is refused (`game_over`), and only
    taking the seat one holds, which changes nothing, still answers."""

    def step(table: Table) -> Sequence[Event]:
        if table.lobby is None:
            raise NotFound(f"no table {table.id}")
        if table.status != "finished":
            return decide(table.lobby)
        try:
            if not decide(table.lobby):
                return []
        except DomainError:
            pass
        raise GameOver("the game is over: its seats and its log stay as they are")

    return step
