"""The base of every game event: a past-tense fact with a fixed type name and a visibility.

Events are frozen dataclasses. `TYPE` is the name written to the log and never changes;
`SCHEMA` is the payload's version. `payload_for(viewer)` is what a seat (or a spectator, `None`)
may see of the event while its deal is running: an event that carries hidden information
overrides it.
Once a deal is over, its events are shown whole (`encode`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sized
from typing import Any, ClassVar, TypeVar

from app.domain.codec import decode, encode
from app.domain.errors import MalformedEvent

E = TypeVar("E", bound="Event")


class Event:
    __slots__ = ()
    TYPE: ClassVar[str]
    SCHEMA: ClassVar[int] = 1

    def payload(self) -> dict[str, Any]:
        """The whole event as JSON values, for the log."""
        data: dict[str, Any] = encode(self)
        return data

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        """What `viewer` may see while the deal runs, or `None` when the event is hidden from
        it altogether; public unless the event class says otherwise."""
        return self.payload()


def seen_by_holder(
    event: Event, viewer: int | None, seat: int, cards: Sized
) -> dict[str, Any] | None:
    """The payload of an event whose cards only `seat` sees: the whole event for him; for
    everyone else who and how many cards, never which."""
    if viewer == seat:
        return event.payload()
    return {"seat": seat, "count": len(cards)}


Upcaster = Callable[[dict[str, Any]], dict[str, Any]]
"""Reads a payload of one schema version and returns it as the next version."""


class EventRegistry:
    """The event types of one game, by their fixed log names, and the upcasters that read
    the older payloads of the log: `upcasters[(type, n)]` turns version n into n + 1."""

    def __init__(
        self, *classes: type[Event], upcasters: Mapping[tuple[str, int], Upcaster] | None = None
    ) -> None:
        self._by_type = {cls.TYPE: cls for cls in classes}
        if len(self._by_type) != len(classes):
            raise ValueError("two event classes share a type name")
        self._upcasters = dict(upcasters or {})

    def decode(self, type_name: str, payload: Any, schema: int = 1) -> Event:
        cls = self._by_type.get(type_name)
        if cls is None:
            raise MalformedEvent(f"unknown event type {type_name!r}")
        if not isinstance(payload, dict):
            raise MalformedEvent(f"{type_name}: expected an object")
        while schema < cls.SCHEMA:
            upcast = self._upcasters.get((type_name, schema))
            if upcast is None:
                break
            payload, schema = upcast(payload), schema + 1
        if schema != cls.SCHEMA:
            raise MalformedEvent(f"{type_name}: unsupported schema version {schema}")
        event: Event = decode(cls, payload)
        return event

    def __contains__(self, type_name: object) -> bool:
        return type_name in self._by_type

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(self._by_type)
