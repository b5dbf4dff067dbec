"""Table options: each game's are a frozen dataclass, read from JSON and described as JSON
Schema from the same declaration.

A field's type is the set of its values: `bool`, `int` (with `Range` for its bounds), a
`Literal` of strings or ints, any of these `| None` (None: the rules file's default
reading, e.g. "by the deck"), or a `frozenset` of a `Literal`'s values (any subset of named
things, such as the boasts a table allows; a JSON list on the wire, in the `Literal`'s order).
A field's wire name is its own unless `option(wire=...)` gives the rules file's spelling
(`autoOut`, `matchTarget`). Unknown names and values of the wrong kind are refused with
`InvalidOption`.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, Union

from app.domain.errors import InvalidOption

Opts = TypeVar("Opts")


@dataclass(frozen=True, slots=True)
class Range:
    """The bounds of an integer option, both included."""

    low: int
    high: int | None = None


def option(default: Any, *, wire: str | None = None, doc: str = "") -> Any:
    """A field of an options dataclass: its default, its wire name and what it does."""
    return dataclasses.field(default=default, metadata={"wire": wire, "doc": doc})


def wire_name(field: dataclasses.Field[Any]) -> str:
    wire: str | None = field.metadata.get("wire")
    return wire or field.name


def parse_options(cls: type[Opts], raw: Mapping[str, Any]) -> Opts:
    """`cls` from a JSON object of wire names; absent names take their defaults."""
    if not isinstance(raw, Mapping):
        raise InvalidOption("options are a JSON object")
    specs = _specs(cls)
    unknown = sorted(set(raw) - set(specs))
    if unknown:
        known = ", ".join(specs) or "none"
        raise InvalidOption(f"unknown option(s) {unknown}; this game's options: {known}")
    values = {}
    for wire, (name, kind) in specs.items():
        if wire in raw:
            values[name] = _checked(wire, kind, raw[wire])
    return cls(**values)


def encode_options(options: object) -> dict[str, Any]:
    """The options as a JSON object of wire names (every field, defaults included)."""
    return {
        wire: _wire_value(kind, getattr(options, name))
        for wire, (name, kind) in _specs(type(options)).items()
    }


def _wire_value(kind: Any, value: Any) -> Any:
    """A set option as the JSON list of its members in their declared order; others as is."""
    if typing.get_origin(kind) is frozenset:
        return [v for v in typing.get_args(typing.get_args(kind)[0]) if v in value]
    return value


def options_schema(cls: type) -> dict[str, Any]:
    """The JSON Schema of the options object of `cls`."""
    properties = {}
    for field in dataclasses.fields(cls):
        kind = typing.get_type_hints(cls, include_extras=True)[field.name]
        schema = _schema(kind)
        schema["default"] = _wire_value(kind, field.default)
        if field.metadata.get("doc"):
            schema["description"] = field.metadata["doc"]
        properties[wire_name(field)] = schema
    return {"type": "object", "additionalProperties": False, "properties": properties}


_SPECS: dict[type, dict[str, tuple[str, Any]]] = {}


def _specs(cls: type) -> dict[str, tuple[str, Any]]:
    """Each option's wire name, with its field name and type (worked out once per class)."""
    specs = _SPECS.get(cls)
    if specs is None:
        hints = typing.get_type_hints(cls, include_extras=True)
        specs = {wire_name(f): (f.name, hints[f.name]) for f in dataclasses.fields(cls)}
        _SPECS[cls] = specs
    return specs


def _checked(wire: str, kind: Any, value: Any) -> Any:
    if typing.get_origin(kind) is frozenset:
        return _checked_set(wire, typing.get_args(kind)[0], value)
    if _accepts(kind, value):
        return value
    raise InvalidOption(f"option {wire!r}: {value!r} is not {_describe(kind)}")


def _checked_set(wire: str, member: Any, value: Any) -> frozenset[Any]:
    """A set option from its JSON list: each member once, each one of the `Literal`'s values."""
    if not isinstance(value, list):
        raise InvalidOption(f"option {wire!r}: {value!r} is not a list of {_describe(member)}")
    for item in value:
        if not _accepts(member, item):
            raise InvalidOption(f"option {wire!r}: {item!r} is not {_describe(member)}")
    if len(set(value)) != len(value):
        raise InvalidOption(f"option {wire!r}: {value!r} names a value twice")
    return frozenset(value)


def _parts(kind: Any) -> tuple[Any, tuple[Any, ...]]:
    """`(base, metadata)` of an `Annotated` type, else `(kind, ())`."""
    if typing.get_origin(kind) is typing.Annotated:
        base, *extras = typing.get_args(kind)
        return base, tuple(extras)
    return kind, ()


def _accepts(kind: Any, value: Any) -> bool:
    base, extras = _parts(kind)
    origin = typing.get_origin(base)
    if origin in (Union, types.UnionType):
        return any(_accepts(arg, value) for arg in typing.get_args(base))
    if base is type(None):
        return value is None
    if origin is Literal:
        return any(type(value) is type(v) and value == v for v in typing.get_args(base))
    if base is bool:
        return type(value) is bool
    if base is int:
        if type(value) is not int:
            return False
        return all(
            extra.low <= value and (extra.high is None or value <= extra.high)
            for extra in extras
            if isinstance(extra, Range)
        )
    raise TypeError(f"unsupported option type {kind!r}")


def _describe(kind: Any) -> str:
    base, extras = _parts(kind)
    origin = typing.get_origin(base)
    if origin in (Union, types.UnionType):
        return " or ".join(_describe(arg) for arg in typing.get_args(base))
    if base is type(None):
        return "null"
    if origin is Literal:
        return "one of " + ", ".join(repr(v) for v in typing.get_args(base))
    if base is bool:
        return "true or false"
    bounds = [e for e in extras if isinstance(e, Range)]
    if bounds:
        high = bounds[0].high
        return f"an integer from {bounds[0].low}" + ("" if high is None else f" to {high}")
    return "an integer"


def _schema(kind: Any) -> dict[str, Any]:
    base, extras = _parts(kind)
    origin = typing.get_origin(base)
    if origin is frozenset:
        member = _schema(typing.get_args(base)[0])
        return {"type": "array", "items": member, "uniqueItems": True}
    if origin in (Union, types.UnionType):
        options = [_schema(arg) for arg in typing.get_args(base)]
        return {"anyOf": options}
    if base is type(None):
        return {"type": "null"}
    if origin is Literal:
        values = list(typing.get_args(base))
        return {"enum": values}
    if base is bool:
        return {"type": "boolean"}
    if base is int:
        schema: dict[str, Any] = {"type": "integer"}
        for extra in extras:
            if isinstance(extra, Range):
                schema["minimum"] = extra.low
                if extra.high is not None:
                    schema["maximum"] = extra.high
        return schema
    raise TypeError(f"unsupported option type {kind!r}")
