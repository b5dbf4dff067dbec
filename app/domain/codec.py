"""Events to JSON-ready payloads and back, driven by the dataclass field types.

Payloads hold only JSON values: cards as codes, bytes as hex, enums as their values, tuples as
lists, nested dataclasses as objects. Decoding checks every value against its declared type, so
a damaged stored event raises `MalformedEvent` instead of building a wrong state.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum
from functools import cache
from typing import Any, TypeVar, Union

from app.domain.cards import Card
from app.domain.errors import MalformedCard, MalformedEvent

JSON = Any
D = TypeVar("D")


def encode(value: object) -> JSON:
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, bytes):
        return value.hex()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [encode(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    raise TypeError(f"cannot encode {type(value).__name__}")


def decode(cls: type[D], payload: JSON) -> D:
    """Build dataclass `cls` from `payload`, checking every field against its type."""
    if not isinstance(payload, dict):
        raise MalformedEvent(f"{cls.__name__}: expected an object, got {type(payload).__name__}")
    hints = _hints(typing.cast(type, cls))
    values: dict[str, object] = {}
    for name, tp in hints.items():
        if name not in payload:
            raise MalformedEvent(f"{cls.__name__}: missing field {name!r}")
        values[name] = _decode_value(tp, payload[name], f"{cls.__name__}.{name}")
    return cls(**values)


@cache
def _hints(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}


def _decode_value(tp: Any, value: JSON, where: str) -> object:
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        if value is None and type(None) in typing.get_args(tp):
            return None
        inner = [arg for arg in typing.get_args(tp) if arg is not type(None)]
        if len(inner) != 1:
            raise TypeError(f"{where}: only `X | None` unions are supported")
        return _decode_value(inner[0], value, where)
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(value, list):
            raise MalformedEvent(f"{where}: expected a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode_value(args[0], item, where) for item in value)
        if len(args) != len(value):
            raise MalformedEvent(f"{where}: expected {len(args)} items")
        return tuple(_decode_value(arg, item, where) for arg, item in zip(args, value, strict=True))
    if tp is Card:
        try:
            return Card.parse(value)
        except MalformedCard as error:
            raise MalformedEvent(f"{where}: {error}") from None
    if tp is bytes:
        try:
            return bytes.fromhex(value)
        except (TypeError, ValueError):
            raise MalformedEvent(f"{where}: expected hex bytes") from None
    if tp is bool:
        if not isinstance(value, bool):
            raise MalformedEvent(f"{where}: expected a boolean")
        return value
    if tp is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise MalformedEvent(f"{where}: expected an integer")
        return value
    if tp is str:
        if not isinstance(value, str):
            raise MalformedEvent(f"{where}: expected a string")
        return value
    if isinstance(tp, type) and issubclass(tp, Enum):
        try:
            return tp(value)
        except ValueError:
            raise MalformedEvent(f"{where}: unknown value {value!r}") from None
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return decode(tp, value)
    raise TypeError(f"{where}: unsupported field type {tp!r}")
