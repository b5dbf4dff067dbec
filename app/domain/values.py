"""A fast functional update for the engine's frozen dataclasses."""

from __future__ import annotations

from typing import Any, TypeVar

V = TypeVar("V")

_new = object.__new__
_set = object.__setattr__


def updated(value: V, **changes: Any) -> V:
    """A copy of the frozen dataclass `value` with some fields changed.

    Same meaning as `dataclasses.replace`, without re-running `__init__`: the engine calls it
    for most events, where `replace` would cost most of a deal's time. The class must keep its
    fields in `__dict__` (no slots). Unknown field names are refused.
    """
    fields = value.__dict__ | changes
    if len(fields) != len(value.__dict__):
        unknown = sorted(changes.keys() - value.__dict__.keys())
        raise TypeError(f"{type(value).__name__} has no field(s) {unknown}")
    return from_fields(type(value), fields)


def from_fields(cls: type[V], fields: dict[str, Any]) -> V:
    """An instance of the frozen dataclass `cls` holding `fields` (all of them, not checked):
    the last step of `updated`, for the engine's few hand-written updates."""
    new = _new(cls)
    _set(new, "__dict__", fields)
    return new
