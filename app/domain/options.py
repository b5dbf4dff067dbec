"""Table options: each game's are a frozen dataclass, read from JSON and described as JSON
Schema from the same declaration.

A field's type is the set of its values: `bool`, `int` (with `Range` for its bounds), a
`Literal` of strings or ints, any of these `| None` (None: the rules file's default
reading, e.g. "by the deck"), or a `frozenset` of a `Literal`'s values (any subset of named
things, such as the boasts a table allows; a JSON list on the wire, in the `Literal`'s order).
A field's wire name is its own, snake_case like every name of the API. Where the rules file
spells an option in camelCase, `option(alias=...)` names that spelling (`autoOut` for
`auto_out`): the API's first options used it, so clients still send it and the logs of the
tables created then hold it. `parse_options` reads an alias as its option's name;
`encode_options` and `options_schema` give only the wire names (the schema's descriptions
name the aliases). Unknown names, an option given by both its names and values of the wrong
kind are refused with `InvalidOption`.
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


def option(default: Any, *, alias: str | None = None, doc: str = "") -> Any:
    """A field of an options dataclass: its default, what it does and its old name (`alias`,
    the rules file's camelCase spelling), if it has one."""
    return dataclasses.field(default=default, metadata={"alias": alias, "doc": doc})


def parse_options(cls: type[Opts], raw: Mapping[str, Any]) -> Opts:
    """`cls` from a JSON object of wire names (or their aliases); absent names take their
    defaults."""
    if not isinstance(raw, Mapping):
        raise InvalidOption("options are a JSON object")
    specs = _specs(cls)
    named = with_wire_names(cls, raw)
    unknown = sorted(set(named) - set(specs))
    if unknown:
        known = ", ".join(specs) or "none"
        raise InvalidOption(f"unknown option(s) {unknown}; this game's options: {known}")
    values = {name: _checked(name, specs[name], value) for name, value in named.items()}
    return cls(**values)


def with_wire_names(cls: type, raw: Mapping[str, Any]) -> dict[str, Any]:
    """`raw` with each alias of an option of `cls` replaced by the option's wire name, the
    other names (known or not) as they are; an option named twice is refused."""
    aliases = _aliases(cls)
    named: dict[str, Any] = {}
    for key, value in raw.items():
        wire = aliases.get(key, key)
        if wire in named:
            old = next(alias for alias, name in aliases.items() if name == wire)
            raise InvalidOption(
                f"option {wire!r} is given twice, by its name and by its old name {old!r}; "
                "send it once"
            )
        named[wire] = value
    return named


def encode_options(options: object) -> dict[str, Any]:
    """The options as a JSON object of wire names (every field, defaults included)."""
    return {
        name: _wire_value(kind, getattr(options, name))
        for name, kind in _specs(type(options)).items()
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
        description = _description(field)
        if description:
            schema["description"] = description
        properties[field.name] = schema
    whole: dict[str, Any] = {"type": "object"}
    if _aliases(cls):
        whole["description"] = ALIASES_READ
    return {**whole, "additionalProperties": False, "properties": properties}


ALIASES_READ = (
    "The options by their snake_case names. Where an option's description gives an old name "
    "(the rules file's camelCase spelling, the API's first name for it), that name is read as "
    "an alias of it; an object that names one option by both is refused (invalid_option)."
)


def _description(field: dataclasses.Field[Any]) -> str:
    """What the option does, and its alias."""
    doc: str = field.metadata.get("doc", "")
    alias = field.metadata.get("alias")
    if alias is None:
        return doc
    return "; ".join(filter(None, [doc, f"old name `{alias}` (the rules file's), still read"]))


_SPECS: dict[type, dict[str, Any]] = {}
_ALIASES: dict[type, dict[str, str]] = {}


def _specs(cls: type) -> dict[str, Any]:
    """Each option's wire name (its field's), with its type (worked out once per class)."""
    specs = _SPECS.get(cls)
    if specs is None:
        hints = typing.get_type_hints(cls, include_extras=True)
        specs = {f.name: hints[f.name] for f in dataclasses.fields(cls)}
        _SPECS[cls] = specs
    return specs


def _aliases(cls: type) -> dict[str, str]:
    """Each alias of an option of `cls`, with the option's wire name."""
    aliases = _ALIASES.get(cls)
    if aliases is None:
        fields = dataclasses.fields(cls)
        aliases = {f.metadata["alias"]: f.name for f in fields if f.metadata.get("alias")}
        _ALIASES[cls] = aliases
    return aliases


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
