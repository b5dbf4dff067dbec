"""Every card mentioned anywhere in a value (a view, an event payload), for leak checks:
`Card` objects in dataclasses and containers, and card codes in JSON payloads."""

from __future__ import annotations

import dataclasses
import re
from functools import cache
from typing import Any

from app.domain.cards import Card

_CODE = re.compile(r"^(?:A|K|Q|J|10|9|8|7|6)[CSHD]$")
_ATOMS = (int, bool, float, bytes, type(None))


def cards_in(value: Any) -> set[str]:
    found: set[str] = set()
    _walk(value, found)
    return found


def _walk(value: Any, found: set[str]) -> None:
    kind = type(value)
    if kind is Card:
        found.add(value.code)
    elif kind is str:
        if _CODE.match(value):
            found.add(value)
    elif kind in (tuple, list, frozenset, set):
        for item in value:
            _walk(item, found)
    elif kind is dict:
        for item in value.values():
            _walk(item, found)
    elif kind in _ATOMS or isinstance(value, _ATOMS):
        return
    else:
        for name in _fields(kind):
            _walk(getattr(value, name), found)


@cache
def _fields(kind: type) -> tuple[str, ...]:
    if dataclasses.is_dataclass(kind):
        return tuple(f.name for f in dataclasses.fields(kind))
    return ()
