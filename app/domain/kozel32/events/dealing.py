"""The facts of a deal's start: the game, the shuffle, the boast question's answer, the cut, the
cards dealt into hands, a voided deal (C32-6 … C32-12)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.domain.cards import Card
from app.domain.events import Event
from app.domain.kozel32.events.redact import own_hands
from app.domain.kozel32.options import Boast
from app.domain.kozel32.state import VoidReason


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    TYPE = "game_started"
    options: dict[str, Any]
    """The table's options by their wire names (`encode_options`)."""
    seats: int
    """The table's players (C32-33: 3 plays the blind or the queen-of-spades game)."""
    first_dealer: int


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    """C32-6: a deal (or a redeal inside the кон) begins; the seed stays secret until the кон
    is over, only its SHA-256 commitment is shown."""

    TYPE = "deck_shuffled"
    deal_no: int
    dealer: int
    seed: bytes
    commitment: str
    options: dict[str, Any]
    """The table's options and players again, so that a deal's events stand alone: its
    record replays it (`record`)."""
    seats: int

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        payload = self.payload()
        del payload["seed"]
        return payload


@dataclass(frozen=True, slots=True)
class PlainDealChosen(Event):
    """C32-8: «сдавай»."""

    TYPE = "plain_deal_chosen"
    seat: int


@dataclass(frozen=True, slots=True)
class BoastDeclared(Event):
    TYPE = "boast_declared"
    seat: int
    name: Boast


@dataclass(frozen=True, slots=True)
class StarRoundsNamed(Event):
    TYPE = "star_rounds_named"
    seat: int
    rounds: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DeckCut(Event):
    TYPE = "deck_cut"
    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class HandsDealt(Event):
    """Cards dealt face down into hands: a plain or queen-of-spades deal, a round of the star,
    single cards of the coffins, three cards of the barrel, the fill after a boast trick
    (C32-17). A seat sees its own."""

    TYPE = "hands_dealt"
    hands: tuple[tuple[Card, ...], ...]
    blinds: tuple[int, ...] = ()
    """The blinds, whose hands nobody sees (C32-34)."""

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return own_hands(self.hands, None if viewer in self.blinds else viewer)


@dataclass(frozen=True, slots=True)
class DealVoided(Event):
    """The deal is not played and the same dealer redeals (C32-11, C32-12, C32-35). It shows
    no card (C32-12)."""

    TYPE = "deal_voided"
    reason: VoidReason
