"""Find every card anywhere inside a value (views, event payloads), for leak checks."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from app.domain.cards import Card
from app.domain.view import View

_CODE = re.compile(r"^(A|K|Q|J|10|9|8|7|6)[CSHD]$")


def whereabouts(view: View[Any]) -> View[Any]:
    """`view` without the parts that name no card's place in the running deal: the deal's
    trumps (its rules, the same for every viewer) and the last deal's summary (the cards a
    finished deal showed; the conformance suite checks them when it ends)."""
    return dataclasses.replace(view, trumps=(), last_deal=None)


def cards_in(value: Any) -> set[str]:
    """Every card in `value`: `Card` objects, and strings that are card codes (payloads)."""
    found: set[str] = set()
    _walk(value, found)
    return found


def _walk(value: Any, found: set[str]) -> None:
    if isinstance(value, Card):
        found.add(str(value))
    elif isinstance(value, str):
        if _CODE.match(value):
            found.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            _walk(item, found)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            _walk(item, found)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            _walk(getattr(value, field.name), found)
