"""The facts of the pre-play phase: redeal demands, the last trump, the first leader
(C32-7, C32-10 … C32-13)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.domain.cards import Card
from app.domain.events import Event
from app.domain.kozel32.events.redact import only


@dataclass(frozen=True, slots=True)
class RedealDemanded(Event):
    """C32-11: the demander's hand is shown to all."""

    TYPE = "redeal_demanded"
    seat: int
    hand: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class RedealPassed(Event):
    """C32-11: only the seat knows it could have demanded."""

    TYPE = "redeal_passed"
    seat: int

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return only(self, viewer, (self.seat,))


@dataclass(frozen=True, slots=True)
class LastTrumpOffered(Event):
    """C32-13: «отдаю последнего козыря!», heard by the partner (the other team learns only of
    an exchange that takes place)."""

    TYPE = "last_trump_offered"
    seat: int
    partner: int
    count: int

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return only(self, viewer, (self.seat, self.partner))


@dataclass(frozen=True, slots=True)
class LastTrumpKept(Event):
    TYPE = "last_trump_kept"
    seat: int

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return only(self, viewer, (self.seat,))


@dataclass(frozen=True, slots=True)
class LastTrumpAccepted(Event):
    """C32-13: «давай»."""

    TYPE = "last_trump_accepted"
    seat: int
    partner: int

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return only(self, viewer, (self.seat, self.partner))


@dataclass(frozen=True, slots=True)
class LastTrumpRefused(Event):
    """C32-13: «не надо!»."""

    TYPE = "last_trump_refused"
    seat: int
    partner: int

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return only(self, viewer, (self.seat, self.partner))


@dataclass(frozen=True, slots=True)
class CardsExchanged(Event):
    """C32-13: both sets pass at once, face down. The others learn the seats and the count."""

    TYPE = "cards_exchanged"
    from_seat: int
    to_seat: int
    trumps: tuple[Card, ...]
    given: tuple[Card, ...]

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        if viewer in (self.from_seat, self.to_seat):
            return self.payload()
        return {"from_seat": self.from_seat, "to_seat": self.to_seat, "count": len(self.given)}


@dataclass(frozen=True, slots=True)
class PlayStarted(Event):
    """The first play-phase trick (of a part, in merry and sad) is to be led by `leader`:
    chosen by the leading team (C32-7; `chosen_by`) or set by the rules."""

    TYPE = "play_started"
    leader: int
    chosen_by: int | None
