"""The facts only Kozel with 4 cards states: the shown trump card (K4-8), the hand-off
(K4-10) and the молодка claim (K4-14). The trick, the deal and the game's end are the
family's (`app.domain.multitrick.events`). `TYPE` names are fixed forever."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.domain.cards import Card
from app.domain.events import Event, EventRegistry
from app.domain.multitrick.events import SHARED_EVENTS


@dataclass(frozen=True, slots=True)
class TrumpShown(Event):
    """K4-8: the card at `position` of the stock (0 = top) is shown to all and goes back to
    its place; its suit is trump. Where it lies stays secret until the deal is over."""

    TYPE = "trump_shown"
    card: Card
    position: int

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return {"card": str(self.card)}


@dataclass(frozen=True, slots=True)
class TrumpsOffered(Event):
    """K4-10: the seat passes its 1 or 2 trumps to its partner, face down. The partner learns
    how many; the other team learns nothing until the exchange."""

    TYPE = "trumps_offered"
    seat: int
    cards: tuple[Card, ...]

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        if viewer == self.seat:
            return self.payload()
        if viewer == (self.seat + 2) % 4:
            return {"seat": self.seat, "count": len(self.cards)}
        return None


@dataclass(frozen=True, slots=True)
class TrumpsKept(Event):
    """K4-10: the seat keeps its trumps; only it knows it had the option."""

    TYPE = "trumps_kept"
    seat: int

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return self.payload() if viewer == self.seat else None


@dataclass(frozen=True, slots=True)
class CardsExchanged(Event):
    """K4-10: the offered trumps and the partner's cards change hands at once, face down; the
    other team learns only that `n` cards passed between the two seats."""

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
class MolodkaClaimed(Event):
    """K4-14: every card played to the trick goes back (a face-down card stays hidden), and
    the claimant's four cards are the new lead (the `cards_led` that follows)."""

    TYPE = "molodka_claimed"
    seat: int
    cards: tuple[Card, ...]


REGISTRY = EventRegistry(
    *SHARED_EVENTS, TrumpShown, TrumpsOffered, TrumpsKept, CardsExchanged, MolodkaClaimed
)
