"""Values to JSON-ready payloads and back, driven by the dataclass field types (events in the
log, and state snapshots).

Payloads hold only JSON values: cards as codes, bytes as hex, enums as their values, tuples as
lists, nested dataclasses as objects. Decoding checks every value against its declared type, so
a damaged stored event raises `MalformedEvent` instead of building a wrong state.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from datetime import datetime
from enum import Enum
from functools import cache
from typing import Any, Literal, TypeVar, Union

from app.domain.cards import Card
from app.domain.errors import MalformedCard, MalformedEvent

JSON = Any
D = TypeVar("D")


def encode(value: object) -> JSON:
    """`value` as JSON values: cards as codes, bytes as hex, enums as their values, tuples and
    lists as lists, sets as sorted lists, times in ISO 8601, dataclasses as objects."""
    encoder = _ENCODERS.get(type(value))
    if encoder is None:
        encoder = _ENCODERS[type(value)] = _encoder(type(value))
    return encoder(value)


Encoder = Callable[[Any], JSON]
_ENCODERS: dict[type, Encoder] = {}


def _encoder(cls: type) -> Encoder:
    """The encoder of values of exactly `cls` (made once per class, kept in `_ENCODERS`)."""
    if issubclass(cls, Enum):
        return _enum_value
    if cls in (type(None), bool, int, str):
        return _same
    if cls is Card:
        return str
    if cls is bytes:
        return bytes.hex
    if cls is datetime:
        return datetime.isoformat
    if issubclass(cls, tuple | list):
        return _encode_items
    if issubclass(cls, frozenset | set):
        return _encode_set
    if issubclass(cls, dict):
        return _encode_dict
    if dataclasses.is_dataclass(cls):
        names = tuple(f.name for f in dataclasses.fields(cls))
        return lambda value: {name: encode(getattr(value, name)) for name in names}
    raise TypeError(f"cannot encode {cls.__name__}")


def _same(value: JSON) -> JSON:
    return value


def _enum_value(value: Enum) -> JSON:
    return encode(value.value)


def _encode_items(value: tuple[object, ...] | list[object]) -> JSON:
    return [encode(item) for item in value]


def _encode_dict(value: dict[str, object]) -> JSON:
    return {key: encode(item) for key, item in value.items()}


def _encode_set(value: frozenset[object] | set[object]) -> JSON:
    return sorted(encode(item) for item in value)


def decode(cls: type[D], payload: JSON) -> D:
    """Build dataclass `cls` from `payload`, checking every field against its type."""
    value = typing.cast(D, _decoder(typing.cast(type, cls))(payload, cls.__name__))
    return value


Decoder = Callable[[JSON, str], object]


def field_decoder(tp: Any) -> Decoder:
    """The checking decoder of one value of type `tp` (as `decode` uses for each field)."""
    return _decoder(tp)


@cache
def _decoder(tp: Any) -> Decoder:
    """A function that decodes and checks one value of type `tp` (built once per type)."""
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        inner = [arg for arg in typing.get_args(tp) if arg is not type(None)]
        if len(inner) != 1 or type(None) not in typing.get_args(tp):
            raise TypeError(f"only `X | None` unions are supported, not {tp!r}")
        decode_inner = _decoder(inner[0])
        return lambda value, where: None if value is None else decode_inner(value, where)
    if tp is Any:
        return _json
    if origin is Literal:
        return _literal(typing.get_args(tp))
    if origin is dict:
        return _dict_decoder(typing.get_args(tp)[1])
    if origin is tuple:
        return _tuple_decoder(typing.get_args(tp))
    if origin in (frozenset, set, list):
        return _collection_decoder(origin, typing.get_args(tp)[0])
    if isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields"):
        return _named_tuple_decoder(tp)
    if tp is datetime:
        return _datetime
    if tp is Card:
        return _card
    if tp is bytes:
        return _bytes
    if tp in (bool, int, str):
        return _scalar(tp)
    if isinstance(tp, type) and issubclass(tp, Enum):
        return _enum(tp)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_decoder(tp)
    raise TypeError(f"unsupported field type {tp!r}")


def _tuple_decoder(args: tuple[Any, ...]) -> Decoder:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _decoder(args[0])

        def decode_items(value: JSON, where: str) -> object:
            if not isinstance(value, list):
                raise MalformedEvent(f"{where}: expected a list")
            return tuple(item(v, where) for v in value)

        return decode_items
    items = [_decoder(arg) for arg in args]

    def decode_fixed(value: JSON, where: str) -> object:
        if not isinstance(value, list) or len(value) != len(items):
            raise MalformedEvent(f"{where}: expected a list of {len(items)}")
        return tuple(item(v, where) for item, v in zip(items, value, strict=True))

    return decode_fixed


def _literal(values: tuple[Any, ...]) -> Decoder:
    """One of `values` (a table option's `Literal`), of the same JSON type: 1 is not True."""

    def member(value: JSON, where: str) -> object:
        if not any(type(value) is type(v) and value == v for v in values):
            raise MalformedEvent(f"{where}: {value!r} is not one of {list(values)}")
        return value

    return member


def _json(value: JSON, where: str) -> object:
    """A JSON value kept as it is (an options object, say): checked to be JSON only."""
    if value is None or type(value) in (bool, int, float, str):
        return value
    if isinstance(value, list):
        return [_json(item, where) for item in value]
    if isinstance(value, dict) and all(isinstance(key, str) for key in value):
        return {key: _json(item, where) for key, item in value.items()}
    raise MalformedEvent(f"{where}: not a JSON value")


def _dict_decoder(value_type: Any) -> Decoder:
    item = _decoder(value_type)

    def decode_object(value: JSON, where: str) -> object:
        if not isinstance(value, dict) or not all(isinstance(key, str) for key in value):
            raise MalformedEvent(f"{where}: expected an object")
        return {key: item(v, f"{where}.{key}") for key, v in value.items()}

    return decode_object


def _collection_decoder(kind: type, item_type: Any) -> Decoder:
    item = _decoder(item_type)

    def decode_items(value: JSON, where: str) -> object:
        if not isinstance(value, list):
            raise MalformedEvent(f"{where}: expected a list")
        return kind(item(v, where) for v in value)

    return decode_items


def _named_tuple_decoder(cls: type) -> Decoder:
    hints = typing.get_type_hints(cls)
    fields = [_decoder(hints[name]) for name in cls._fields]  # type: ignore[attr-defined]

    def build(value: JSON, where: str) -> object:
        if not isinstance(value, list) or len(value) != len(fields):
            raise MalformedEvent(f"{where}: expected a list of {len(fields)}")
        return cls(*(f(v, where) for f, v in zip(fields, value, strict=True)))

    return build


def _datetime(value: JSON, where: str) -> object:
    try:
        return datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise MalformedEvent(f"{where}: expected an ISO 8601 time") from None


def _card(value: JSON, where: str) -> object:
    try:
        return Card.parse(value)
    except MalformedCard as error:
        raise MalformedEvent(f"{where}: {error}") from error  # the cause tells a bad card apart


def _bytes(value: JSON, where: str) -> object:
    try:
        return bytes.fromhex(value)
    except (TypeError, ValueError):
        raise MalformedEvent(f"{where}: expected hex bytes") from None


def _scalar(tp: type) -> Decoder:
    def check(value: JSON, where: str) -> object:
        # bool is an int in Python; on the wire they are different things.
        if type(value) is not tp:
            raise MalformedEvent(f"{where}: expected {tp.__name__}")
        return value

    return check


def _enum(tp: type[Enum]) -> Decoder:
    def member(value: JSON, where: str) -> object:
        try:
            return tp(value)
        except ValueError:
            raise MalformedEvent(f"{where}: unknown value {value!r}") from None

    return member


def _dataclass_decoder(cls: type) -> Decoder:
    hints = typing.get_type_hints(cls)
    fields = [(f.name, _decoder(hints[f.name])) for f in dataclasses.fields(cls)]

    def build(payload: JSON, where: str) -> object:
        if not isinstance(payload, dict):
            raise MalformedEvent(f"{where}: expected an object")
        values = {}
        for name, field_decoder in fields:
            if name not in payload:
                raise MalformedEvent(f"{where}: missing field {name!r}")
            values[name] = field_decoder(payload[name], f"{where}.{name}")
        return cls(**values)

    return build
