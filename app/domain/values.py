"""The functional update of the engines' frozen dataclasses."""

from __future__ import annotations

from typing import Any, TypeVar

V = TypeVar("V")


def updated(value: V, **changes: Any) -> V:
    """A copy of the frozen dataclass `value` with some fields changed.

    The value `dataclasses.replace` gives (a test holds them equal), made by copying the
    instance's fields rather than by running `__init__` again, which would cost most of a
    deal's time in the engine's hottest updates. The class keeps its fields in `__dict__` (no
    slots). Unknown field names are refused with TypeError, as `replace` refuses them.
    """
    fields = value.__dict__ | changes
    if len(fields) != len(value.__dict__):
        unknown = sorted(changes.keys() - value.__dict__.keys())
        raise TypeError(f"{type(value).__name__} has no field(s) {unknown}")
    copy = object.__new__(type(value))
    object.__setattr__(copy, "__dict__", fields)
    return copy
