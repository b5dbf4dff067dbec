"""The facts of the boasts' procedures and of the queen-of-spades talon (C32-5, C32-15 …
C32-21, C32-35): who sees what of each."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.domain.cards import Card, Suit
from app.domain.events import Event, seen_by_holder
from app.domain.kozel32.events.redact import laid_for, own_hands
from app.domain.kozel32.state import Laid


@dataclass(frozen=True, slots=True)
class TrumpNamed(Event):
    """C32-5: the boaster (or the soloist) names the trump suit; None: no trump suit."""

    TYPE = "trump_named"
    seat: int
    suit: Suit | None


@dataclass(frozen=True, slots=True)
class BatchDrawn(Event):
    """C32-15: a batch from the bottom and top of the deck; C32-21: the barrel's three new
    cards. Only `seat` sees them."""

    TYPE = "batch_drawn"
    seat: int
    cards: tuple[Card, ...]

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return seen_by_holder(self, viewer, self.seat, self.cards)


@dataclass(frozen=True, slots=True)
class BatchKept(Event):
    """The rest of the seat's batch joins its held cards (C32-15 steps 2 and 3, C32-21)."""

    TYPE = "batch_kept"
    seat: int


@dataclass(frozen=True, slots=True)
class CardLaid(Event):
    """A card goes into trick 1 of pants, double pants or mirror; the boaster's card of pants
    lies face down, seen by him alone until the fourth card is in (C32-15)."""

    TYPE = "card_laid"
    seat: int
    card: Card
    face_down: bool

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        if self.face_down and viewer != self.seat:
            return {"seat": self.seat, "card": None, "face_down": True}
        return self.payload()


@dataclass(frozen=True, slots=True)
class CardsPassed(Event):
    """C32-15 step 4, C32-16: good cards (or a mirror trump) drawn for the partner."""

    TYPE = "cards_passed"
    seat: int
    to_seat: int
    cards: tuple[Card, ...]

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        if viewer in (self.seat, self.to_seat):
            return self.payload()
        return {"seat": self.seat, "to_seat": self.to_seat, "count": len(self.cards)}


@dataclass(frozen=True, slots=True)
class CardsPiled(Event):
    """C32-17: cards onto the rest pile, in order (the last is on top)."""

    TYPE = "cards_piled"
    seat: int
    cards: tuple[Card, ...]

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return seen_by_holder(self, viewer, self.seat, self.cards)


@dataclass(frozen=True, slots=True)
class PacketCut(Event):
    """C32-16: the mirror's turner takes the top `position` cards as his packet."""

    TYPE = "packet_cut"
    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class TrumpTurned(Event):
    """C32-16: a turned trump goes face down to the turner (`to_seat` = `seat`), his partner,
    or the rest pile (`to_seat` None)."""

    TYPE = "trump_turned"
    seat: int
    card: Card
    to_seat: int | None

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        if viewer in (self.seat, self.to_seat):
            return self.payload()
        return {"seat": self.seat, "card": None, "to_seat": self.to_seat}


@dataclass(frozen=True, slots=True)
class RoundOpened(Event):
    """C32-18: a named round of the star, dealt face up from the seat after the dealer."""

    TYPE = "round_opened"
    round: int
    plays: tuple[Laid, ...]


@dataclass(frozen=True, slots=True)
class PartDealt(Event):
    """C32-19: a part of merry or sad: 3 (or 2) cards to the boaster, then to each other
    player clockwise. A seat sees its own."""

    TYPE = "part_dealt"
    part: int
    hands: tuple[tuple[Card, ...], ...]

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return {"part": self.part, **own_hands(self.hands, viewer)}


@dataclass(frozen=True, slots=True)
class CoffinDealt(Event):
    """C32-20: a coffin, pair by pair (the boaster's team's side first); every pair face down
    but the last, which nobody sees until the кон ends."""

    TYPE = "coffin_dealt"
    plays: tuple[Laid, ...]

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return {"plays": laid_for(self.plays)}


@dataclass(frozen=True, slots=True)
class CardOpened(Event):
    """C32-21: the barrel's open card, face up in front of `seat`."""

    TYPE = "card_opened"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class CardPutOut(Event):
    """C32-21: the open trump goes into the seat's hand, `card` (one of its three new cards)
    lies open in its place."""

    TYPE = "card_put_out"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TalonTaken(Event):
    """C32-35: the soloist (the holder of Q♠) takes the talon; only he sees it."""

    TYPE = "talon_taken"
    seat: int
    cards: tuple[Card, ...]

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return seen_by_holder(self, viewer, self.seat, self.cards)


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Event):
    """C32-35: two cards face down; they count for the soloist."""

    TYPE = "cards_discarded"
    seat: int
    cards: tuple[Card, ...]

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return seen_by_holder(self, viewer, self.seat, self.cards)
