"""Commands: what a seat (or chance) asks a game to do, and their wire form.

A command is a frozen dataclass with a fixed `TYPE`, the word of its rules file (`play`,
`cut`, `lead`, `beat`, `claim_out`, …). Every seat command has a `seat`; its other fields
are its body on the wire: `{"type": TYPE, **fields}`, with cards as codes, several cards as a
list of codes, enums as their values (`CommandSet.body`). `CommandSet.parse` reads a body back
for a seat, checking every field against its declared type, so a client that only knows the
contract can post any body listed in its view's `legal_actions` (`shared/api/contract.md`).

The three commands every game understands live here: the shuffle (chance as data), a table
message and a resignation.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from app.domain.codec import encode
from app.domain.codec import field_decoder as _field_decoder
from app.domain.errors import MalformedCard, MalformedCommand, MalformedEvent


class Command:
    """The base of every command; `TYPE` is its name on the wire."""

    __slots__ = ()
    TYPE: ClassVar[str]


@dataclass(frozen=True, slots=True)
class ShuffleDeck(Command):
    """Chance: the server's secret seed of the next deal (K-5 and its like in every game)."""

    TYPE = "shuffle"
    seed: bytes


@dataclass(frozen=True, slots=True)
class PostMessage(Command):
    """A short text to the whole table (K-16), where the game allows messages."""

    TYPE = "message"
    seat: int
    text: str


@dataclass(frozen=True, slots=True)
class Resign(Command):
    """The seat gives up: its side loses the game (K-18 and its like in every game)."""

    TYPE = "resign"
    seat: int


class CommandSet:
    """The seat commands of one game that are posted to `…/moves`, by their wire type."""

    def __init__(self, *classes: type[Command]) -> None:
        self._by_type = {cls.TYPE: cls for cls in classes}
        if len(self._by_type) != len(classes):
            raise ValueError("two command classes share a type name")

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(self._by_type)

    @property
    def classes(self) -> tuple[type[Command], ...]:
        return tuple(self._by_type.values())

    def __contains__(self, command: object) -> bool:
        return type(command) in self._by_type.values()

    def body(self, command: Command) -> dict[str, Any]:
        """The body that asks for `command` (without its seat)."""
        fields = {
            f.name: encode(getattr(command, f.name))
            for f in dataclasses.fields(command)  # type: ignore[arg-type]
            if f.name != "seat"
        }
        return {"type": command.TYPE, **fields}

    def parse(self, seat: int, body: Mapping[str, Any]) -> Command:
        """The command that `body` asks of `seat`; `MalformedCommand` (or `MalformedCard` for
        a card code that is no card) when it is not one of this game's bodies."""
        kind = body.get("type")
        cls = self._by_type.get(kind) if isinstance(kind, str) else None
        if cls is None:
            known = ", ".join(self._by_type)
            raise MalformedCommand(f"no move of type {kind!r} in this game; its moves: {known}")
        values: dict[str, Any] = {"seat": seat}
        for name, decoder in _fields(cls):
            if name not in body:
                raise MalformedCommand(f"a {kind} needs {name!r}")
            try:
                values[name] = decoder(body[name], name)
            except MalformedEvent as error:
                if isinstance(error.__cause__, MalformedCard):
                    raise error.__cause__ from None
                raise MalformedCommand(f"{kind}: {error}") from None
        unknown = sorted(set(body) - {"type", *values})
        if unknown:
            raise MalformedCommand(f"a {kind} has no field(s) {unknown}")
        command: Command = cls(**values)
        return command


_FIELDS: dict[type[Command], tuple[tuple[str, Any], ...]] = {}


def _fields(cls: type[Command]) -> tuple[tuple[str, Any], ...]:
    """The body fields of `cls` with their decoders (worked out once per class)."""
    fields = _FIELDS.get(cls)
    if fields is None:
        hints = typing.get_type_hints(cls)
        fields = tuple(
            (f.name, _field_decoder(hints[f.name]))
            for f in dataclasses.fields(cls)  # type: ignore[arg-type]
            if f.name != "seat"
        )
        _FIELDS[cls] = fields
    return fields
