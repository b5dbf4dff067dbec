"""What a seat asks of a Sixty-six game, named by the rules' words (S66-20).

The leader's card is `lead`, the follower's `play`: the leader may do other things first (its
window, S66-20), the follower only plays. Every command names its seat; its other fields are
its body on the wire (`{"type": "declare", "suit": "H"}`). Chance is the shared
`ShuffleDeck`, resignation the shared `Resign`.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass

from app.domain.cards import Card, Suit
from app.domain.commands import Command, CommandSet, PostMessage, Resign, ShuffleDeck
from app.domain.errors import MalformedCommand


@dataclass(frozen=True, slots=True)
class CutDeck(Command):
    """S66-6: the forehand cuts at `position`, 1 to N-1; the top part goes under."""

    TYPE = "cut"
    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class Draw(Command):
    """S66-20: the trick's winner in `66` takes his card from the stock (the loser follows)."""

    TYPE = "draw"
    seat: int


@dataclass(frozen=True, slots=True)
class CloseStock(Command):
    """S66-19: turn the trump card face down; nobody draws any more."""

    TYPE = "close"
    seat: int


@dataclass(frozen=True, slots=True)
class ExchangeTrump(Command):
    """S66-14: the exchange card (S66-5) for the face-up trump card."""

    TYPE = "exchange"
    seat: int


@dataclass(frozen=True, slots=True)
class DeclareMarriage(Command):
    """S66-15: show the K and Q of `suit`; lead one of them next (or claim out, S66-18)."""

    TYPE = "declare"
    seat: int
    suit: Suit


@dataclass(frozen=True, slots=True)
class ClaimOut(Command):
    """S66-22: "I have 66": the deal ends and the server counts."""

    TYPE = "claim_out"
    seat: int


@dataclass(frozen=True, slots=True)
class LeadCard(Command):
    TYPE = "lead"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class PlayCard(Command):
    """The follower's card (S66-10 while the stock is open, S66-12 after)."""

    TYPE = "play"
    seat: int
    card: Card


SeatCommand = (
    CutDeck | Draw | CloseStock | ExchangeTrump | DeclareMarriage | ClaimOut | LeadCard | PlayCard
)
MOVES = CommandSet(
    CutDeck, Draw, CloseStock, ExchangeTrump, DeclareMarriage, ClaimOut, LeadCard, PlayCard
)
"""Every seat command posted to `…/moves`."""

__all__ = [
    "MOVES",
    "ClaimOut",
    "CloseStock",
    "Command",
    "CutDeck",
    "DeclareMarriage",
    "Draw",
    "ExchangeTrump",
    "LeadCard",
    "PlayCard",
    "PostMessage",
    "Resign",
    "SeatCommand",
    "ShuffleDeck",
    "check_shape",
]

_KINDS: dict[object, tuple[type, str]] = {
    int: (int, "an integer"),
    str: (str, "a text"),
    Card: (Card, "a card code such as AS or 10H"),
    Suit: (Suit, "a suit: C, S, H or D"),
    bytes: (bytes, "bytes"),
}


_FIELD_KINDS: dict[type, tuple[tuple[str, type, str], ...]] = {}


def _field_kinds(cls: type) -> tuple[tuple[str, type, str], ...]:
    """Each field of a command class with its kind and how to name it (worked out once)."""
    kinds = _FIELD_KINDS.get(cls)
    if kinds is None:
        hints = typing.get_type_hints(cls)
        fields = dataclasses.fields(cls)
        kinds = _FIELD_KINDS[cls] = tuple((f.name, *_KINDS[hints[f.name]]) for f in fields)
    return kinds


def check_shape(command: Command) -> None:
    """`MalformedCommand` unless every field holds a value of its declared kind (an int that
    is not a bool, a `Card`, a `Suit`, bytes): a command built by hand, not parsed."""
    for name, kind, words in _field_kinds(type(command)):
        value = getattr(command, name)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise MalformedCommand(f"a {command.TYPE}'s {name} must be {words}, not {value!r}")
