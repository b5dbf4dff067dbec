"""The facts of a Kozly game, in the order they happen. `TYPE` names are stored forever.

Each event that carries something a seat may not see says what each viewer gets while the
deal runs (`payload_for`): a hand only to its holder, a drawn card only to its drawer (the
face-up trump card to everyone, KZ-13), the seed to nobody (K-5), a trick's card points only
to its winner (KZ-15: the other players' running totals stay hidden until the deal ends).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.domain.cards import Card
from app.domain.codec import encode
from app.domain.events import Event, EventRegistry


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """KZ-7: the table's options (wire names, or in an older log their aliases: `parse_options`
    reads both), its seats and the first dealer, drawn by lot or set by the table's
    creator."""

    TYPE = "game_started"
    options: dict[str, Any]
    seats: int
    first_dealer: int


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    """KZ-9: a new deal; its seed stays secret until the deal is over (only its SHA-256
    commitment is shown)."""

    TYPE = "deck_shuffled"
    deal_no: int
    dealer: int
    seed: bytes
    commitment: str

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return {"deal_no": self.deal_no, "dealer": self.dealer, "commitment": self.commitment}


@dataclass(frozen=True, slots=True)
class DeckCut(Event):
    """KZ-9: `dealer - 1` cut the deck: its top `position` cards went under the rest."""

    TYPE = "deck_cut"
    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class HandsDealt(Event):
    """KZ-10 to KZ-12: `dealer` dealt four cards to each seat, in the order dealt (half 1 or
    half 2 in `halves`, the deal in `stock`); each seat sees its own."""

    TYPE = "hands_dealt"
    dealer: int
    hands: tuple[tuple[Card, ...], ...]

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        own = {} if viewer is None else {"seat": viewer, "hand": encode(self.hands[viewer])}
        return {"dealer": self.dealer, "hand_sizes": [len(h) for h in self.hands], **own}


@dataclass(frozen=True, slots=True)
class TrumpTurned(Event):
    """KZ-10, KZ-12: the trump card, face up; its suit is trump for the whole deal. `holder`
    keeps it in hand in `halves` (`L`, KZ-10); None: it lies face up under the stock
    (`stock`, KZ-12)."""

    TYPE = "trump_turned"
    card: Card
    holder: int | None


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    TYPE = "card_played"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickTaken(Event):
    """KZ-5: the winner takes the four cards (worth `points`) and leads next (KZ-14)."""

    TYPE = "trick_taken"
    winner: int
    points: int

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        if viewer == self.winner:
            return self.payload()
        return {"winner": self.winner}


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """KZ-13: `seat` drew the top card of the stock; `face_up` for the trump card, drawn
    last and in public."""

    TYPE = "card_drawn"
    seat: int
    card: Card
    face_up: bool

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        if self.face_up or viewer == self.seat:
            return self.payload()
        return {"seat": self.seat, "face_up": False}


@dataclass(frozen=True, slots=True)
class DealScored(Event):
    """KZ-16 to KZ-18: the count after the deal's 8 tricks. `points`: each seat's card
    points in this deal; `totals`: what the round is decided on (this deal's points in
    `halves`, the running totals in `stock`); `paid`: the marks each seat gave the round's
    `winner`. `reason`: `won`, `void` (`halves`, nobody won) or `carried` (`stock`,
    nobody won yet: the totals are carried)."""

    TYPE = "deal_scored"
    deal_no: int
    dealers: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    winner: int | None
    paid: tuple[int, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class PlayerResigned(Event):
    """KZ-20: the seat gave up; the game ends at once and the deal in progress is dropped."""

    TYPE = "player_resigned"
    seat: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """KZ-19, KZ-20: the winner (None after a resignation), each seat's balance and place
    (equal balances share a place), and the seats that remain goats. `reason`: `received12`,
    `ruined` or `resigned`."""

    TYPE = "game_ended"
    winner: int | None
    reason: str
    marks: tuple[int, ...]
    places: tuple[int, ...]
    goats: tuple[int, ...]


REGISTRY = EventRegistry(
    GameStarted,
    DeckShuffled,
    DeckCut,
    HandsDealt,
    TrumpTurned,
    CardPlayed,
    TrickTaken,
    CardDrawn,
    DealScored,
    PlayerResigned,
    GameEnded,
)

KozlyEvent = (
    GameStarted
    | DeckShuffled
    | DeckCut
    | HandsDealt
    | TrumpTurned
    | CardPlayed
    | TrickTaken
    | CardDrawn
    | DealScored
    | PlayerResigned
    | GameEnded
)
