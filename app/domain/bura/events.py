"""The facts only Bura states: the trump card turned under the stock (B-7), a combination
claimed (B-17), a bura shown (B-16) and a declaration (B-20). The trick, the deal and the
game's end are the family's (`app.domain.multitrick.events`). `TYPE` names are fixed forever."""

from __future__ import annotations

from dataclasses import dataclass

from app.domain.bura.combinations import Combination
from app.domain.cards import Card
from app.domain.events import Event, EventRegistry
from app.domain.multitrick.events import SHARED_EVENTS


@dataclass(frozen=True, slots=True)
class TrumpTurned(Event):
    """B-7: the top card of the stock is turned face up and put under it; its suit is
    trump, and it is the last card drawn."""

    TYPE = "trump_turned"
    card: Card


@dataclass(frozen=True, slots=True)
class CombinationClaimed(Event):
    """B-17: the seat shows the combination's cards (they stay in its hand) and takes the
    lead of the trick; with `late_claims` the cards played to it go back first."""

    TYPE = "combination_claimed"
    seat: int
    combination: Combination
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class BuraShown(Event):
    """B-16: a hand of four trumps, shown to everyone; the deal ends."""

    TYPE = "bura_shown"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Declared(Event):
    """B-20: the seat stops the deal on its turn, claiming 61; the piles as they stand are
    judged at once."""

    TYPE = "declared"
    seat: int


REGISTRY = EventRegistry(*SHARED_EVENTS, TrumpTurned, CombinationClaimed, BuraShown, Declared)
