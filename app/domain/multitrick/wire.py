"""Commands as they arrive: checked for their shape before any rule is asked, their card
sets put in the canonical order (a set has one spelling: `["10S", "AS"]` is `AS 10S`).

A command built by hand rather than parsed from a body may hold anything; a seat that is not
an int, a card that is not a `Card` or a bool that is not a bool is `MalformedCommand`, never
a crash.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable
from enum import Enum
from functools import cache
from typing import Any

from app.domain.cards import Card
from app.domain.commands import Command, Resign, ShuffleDeck
from app.domain.errors import DomainError, GameOver, IllegalAction, MalformedCommand, no_seat
from app.domain.multitrick.deck import canonical
from app.domain.multitrick.series import FamilyState

C = typing.TypeVar("C", bound=Command)


def normalized(command: C, seats: int) -> C:
    if not dataclasses.is_dataclass(command):
        raise MalformedCommand(f"not a move: {type(command).__name__}")
    changes: dict[str, Any] = {}
    for name, kind in _hints(type(command)):
        value = getattr(command, name)
        if not _fits(kind, value):
            raise MalformedCommand(f"a {command.TYPE}'s {name} is not {_describe(kind)}")
        if kind == tuple[Card, ...]:
            changes[name] = canonical(value)
    seat = getattr(command, "seat", None)
    if seat is not None and not 0 <= seat < seats:
        raise IllegalAction(no_seat(seat))
    return dataclasses.replace(command, **changes)


@cache
def _hints(cls: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))


def _fits(kind: Any, value: object) -> bool:
    if kind is int:
        return type(value) is int
    if kind is bool:
        return type(value) is bool
    if kind is bytes:
        return type(value) is bytes
    if kind is Card:
        return isinstance(value, Card)
    if kind == tuple[Card, ...]:
        return isinstance(value, tuple) and all(isinstance(card, Card) for card in value)
    if isinstance(kind, type) and issubclass(kind, Enum):
        return isinstance(value, kind)
    raise TypeError(f"no check for a field of type {kind!r}")


def _describe(kind: Any) -> str:
    if kind == tuple[Card, ...]:
        return "a list of cards"
    return f"a {getattr(kind, '__name__', kind)}"


S = typing.TypeVar("S", bound=FamilyState[Any])


def admitted(
    state: S,
    command: Command,
    moves: Any,
    legal_actions: Callable[[S, int], tuple[Command, ...]],
    refusal: Callable[[S, Any], DomainError],
) -> Command:
    """`command` as the rules read it (shaped, its card sets in one spelling), or why it is
    refused: the game is over, it is none of this game's `moves` (a union of their types),
    the shuffle or a resignation, or it is a seat's move that is not among its legal actions
    (`refusal` says why, in the rules' words)."""
    if state.ended is not None:
        raise GameOver("the game is over")
    if not isinstance(command, moves | ShuffleDeck | Resign):
        raise MalformedCommand(f"no move of this game: {type(command).__name__}")
    command = normalized(command, state.series.seats)
    if isinstance(command, moves) and command not in legal_actions(state, command.seat):
        raise refusal(state, command)
    return command
