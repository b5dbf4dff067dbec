"""The moves of Kozel with 4 cards: the trick's `lead`, `beat`, `discard` and the молодка's
`claim` (shared with Bura), and the hand-off's `offer`, `keep` and `give_back` (K4-10)."""

from __future__ import annotations

from dataclasses import dataclass

from app.domain.cards import Card
from app.domain.commands import Command, CommandSet, Resign, ShuffleDeck
from app.domain.multitrick.commands import Beat, Claim, Discard, Lead


@dataclass(frozen=True, slots=True)
class Offer(Command):
    """K4-10: pass all of one's 1 or 2 trumps to the partner."""

    TYPE = "offer"
    seat: int


@dataclass(frozen=True, slots=True)
class Keep(Command):
    """K4-10: keep one's trumps."""

    TYPE = "keep"
    seat: int


@dataclass(frozen=True, slots=True)
class GiveBack(Command):
    """K4-10: the partner's answer to an offer: as many cards of his own, non-trumps first."""

    TYPE = "give_back"
    seat: int
    cards: tuple[Card, ...]


SeatMove = Lead | Beat | Discard | Claim | Offer | Keep | GiveBack
COMMANDS = CommandSet(Lead, Beat, Discard, Claim, Offer, Keep, GiveBack)
"""Every move posted to `…/moves` (a resignation has its own request)."""

__all__ = [
    "COMMANDS",
    "Beat",
    "Claim",
    "Discard",
    "GiveBack",
    "Keep",
    "Lead",
    "Offer",
    "Resign",
    "SeatMove",
    "ShuffleDeck",
]
