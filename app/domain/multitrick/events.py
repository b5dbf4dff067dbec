"""The facts both games of the family state in the same words: the game's start, each deal's
shuffle and hands, every play of a trick of several cards, the trick taken, the draws, the
deal scored and the game's end. `TYPE` names are fixed forever.

Each event that carries a card a seat may not see says so in `payload_for`: a dealt hand is
its seat's, a face-down discard is its player's (K4-17, B-14), a drawn card is its drawer's
(unless it is the face-up trump card of B-7), and the seed stays secret while the deal runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.domain.cards import Card
from app.domain.codec import encode
from app.domain.events import Event
from app.domain.multitrick.board import Draw


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """The table's options (wire names, or in an older log their aliases: `parse_options`
    reads both), its seat count and the dealer of deal 1."""

    TYPE = "game_started"
    options: dict[str, Any]
    seats: int
    first_dealer: int


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    """A deal begins; its seed stays secret until the deal is over (only its commitment is
    shown)."""

    TYPE = "deck_shuffled"
    deal_no: int
    dealer: int
    seed: bytes
    commitment: str

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return {"deal_no": self.deal_no, "dealer": self.dealer, "commitment": self.commitment}


@dataclass(frozen=True, slots=True)
class HandsDealt(Event):
    """Four cards to each seat, one at a time clockwise from the dealer's left, and the rest
    as the stock (K4-7, B-6); a seat sees its own hand only."""

    TYPE = "hands_dealt"
    hands: tuple[tuple[Card, ...], ...]
    """In the order dealt."""
    stock: tuple[Card, ...]
    """The rest, top first: nobody sees it."""

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        own = {} if viewer is None else {"seat": viewer, "hand": encode(self.hands[viewer])}
        sizes = [len(hand) for hand in self.hands]
        return {"hand_sizes": sizes, "stock_size": len(self.stock), **own}


@dataclass(frozen=True, slots=True)
class CardsLed(Event):
    TYPE = "cards_led"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardsBeaten(Event):
    """The seat's cards beat the top set, face up, and are the top set now."""

    TYPE = "cards_beaten"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Event):
    """`k` cards passed face down: the others learn only how many (K4-12, B-10), unless the
    table plays open discards (B-10 `open_discards`)."""

    TYPE = "cards_discarded"
    seat: int
    cards: tuple[Card, ...]
    face_up: bool

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        if self.face_up or viewer == self.seat:
            return self.payload()
        return {"seat": self.seat, "count": len(self.cards), "face_up": False}


@dataclass(frozen=True, slots=True)
class TrickTaken(Event):
    """The owner of the top set takes the trick (K4-13, B-11). Its points are not shown:
    they would tell the face-down cards, and the totals stay hidden during the deal."""

    TYPE = "trick_taken"
    winner: int


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """Each draw from the top of the stock, in order (K4-15, B-12); a seat sees the cards it
    drew, and everyone sees who drew the face-up trump card `open_card` (B-14)."""

    TYPE = "cards_drawn"
    draws: tuple[Draw, ...]
    open_card: Card | None

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return {
            "draws": [
                {"seat": d.seat, "card": str(d.card) if self._shown(d, viewer) else None}
                for d in self.draws
            ],
            "open_card": encode(self.open_card),
        }

    def _shown(self, draw: Draw, viewer: int | None) -> bool:
        return draw.seat == viewer or draw.card == self.open_card


@dataclass(frozen=True, slots=True)
class DealScored(Event):
    """The deal's end, per side: the card points and piles (now shown to all), whether it
    took a trick, and the penalty (loss) points written (K4-18, B-18)."""

    TYPE = "deal_scored"
    deal_no: int
    reason: str
    points: tuple[int, ...]
    took: tuple[bool, ...]
    piles: tuple[tuple[Card, ...], ...]
    penalties: tuple[int, ...]
    eggs: bool
    """Nobody was penalized: the deal was eggs (K4-19, B-19)."""


@dataclass(frozen=True, slots=True)
class SeatResigned(Event):
    TYPE = "seat_resigned"
    seat: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over: who won, who lost (sides), the totals and the rules' titles."""

    TYPE = "game_ended"
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    penalties: tuple[int, ...]
    titles: tuple[str, ...]
    reason: str


TRICK_EVENTS = (CardsLed, CardsBeaten, CardsDiscarded, TrickTaken, CardsDrawn)
SHARED_EVENTS = (
    GameStarted,
    DeckShuffled,
    HandsDealt,
    *TRICK_EVENTS,
    DealScored,
    SeatResigned,
    GameEnded,
)
