"""What a seat (or chance) asks the engine to do. Commands are imperative; `decide` checks them.

Every seat command names its seat; `legal_actions(state, seat)` lists exactly the commands
that seat may give now, and `decide` refuses any other. `TYPE` is a command's name on the
wire: the moves are posted to `…/moves` as `{"type": TYPE, …}`; the K-9 answers keep their
own endpoint, `…/exchange` (the kozel24 wire adapter). The shuffle, a table message and a
resignation are the shared commands of every game (`app.domain.commands`).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.domain import commands as shared
from app.domain.cards import Card
from app.domain.commands import CommandSet, PostMessage, Resign, ShuffleDeck
from app.domain.errors import MalformedCommand


@dataclass(frozen=True, slots=True)
class CutDeck(shared.Command):
    """K-5: the player counter-clockwise of the dealer cuts at `position` (1..23)."""

    TYPE = "cut"
    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class DecideExchange(shared.Command):
    """K-9: the holder of a lone trump exchanges it with the partner (`True`) or keeps it."""

    TYPE = "exchange"
    seat: int
    exchange: bool


@dataclass(frozen=True, slots=True)
class GiveCard(shared.Command):
    """K-9: the partner's card in return for the lone trump."""

    TYPE = "give"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class ClaimNoQueens(shared.Command):
    """K-10: the team holds no queen and voids the deal."""

    TYPE = "claim_no_queens"
    seat: int


@dataclass(frozen=True, slots=True)
class PlayOn(shared.Command):
    """K-10: the team holds no queen but plays the deal."""

    TYPE = "play_on"
    seat: int


@dataclass(frozen=True, slots=True)
class PlayCard(shared.Command):
    TYPE = "play"
    seat: int
    card: Card


SeatCommand = (
    CutDeck | DecideExchange | GiveCard | ClaimNoQueens | PlayOn | PlayCard | PostMessage | Resign
)
Command = ShuffleDeck | SeatCommand
MOVES = CommandSet(CutDeck, PlayCard, ClaimNoQueens, PlayOn)
"""The bodies of `…/moves` (`{"type": "cut", "position": 12}`, `{"type": "play", "card": "AS"}`)."""

__all__ = [
    "MOVES",
    "ClaimNoQueens",
    "Command",
    "CutDeck",
    "DecideExchange",
    "GiveCard",
    "PlayCard",
    "PlayOn",
    "PostMessage",
    "Resign",
    "SeatCommand",
    "ShuffleDeck",
    "check_fields",
]


def check_fields(command: object) -> None:
    """Refuse a command whose fields are not of their types, before any rule judges it (the
    API's request models refuse such bodies too): `MalformedCommand`. A `bool` is no cut
    position and an `int` no K-9 answer, though Python compares them equal."""
    match command:
        case ShuffleDeck(seed=seed):
            wrong = None if type(seed) is bytes else f"a shuffle seed is bytes, not {seed!r}"
        case CutDeck(position=position):
            wrong = None if type(position) is int else f"a cut position is an int: {position!r}"
        case DecideExchange(exchange=exchange):
            wrong = None if type(exchange) is bool else f"exchange is True or False: {exchange!r}"
        case GiveCard(card=card) | PlayCard(card=card):
            wrong = None if isinstance(card, Card) else f"a card is a Card, not {card!r}"
        case ClaimNoQueens() | PlayOn() | PostMessage() | Resign():
            wrong = None
        case _:
            wrong = f"not a command: {command!r}"
    if wrong is not None:
        raise MalformedCommand(wrong)
