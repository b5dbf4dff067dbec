"""The facts of a Sixty-six match, in the order they happen. `TYPE` names are fixed forever.

While a deal runs, `payload_for(viewer)` hides what the viewer may not see: the seed, the
other hand, the stock's face-down cards, a card drawn face down, and the counted score
(S66-13). Once the deal is over its events are shown whole (S66-26).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.domain.cards import Card, Suit
from app.domain.codec import encode
from app.domain.events import Event, EventRegistry
from app.domain.sixty_six.options import DeckKind
from app.domain.sixty_six.state import DealEnd


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    TYPE = "game_started"
    options: dict[str, Any]
    """The table's options by their wire names (`encode_options`); an older log has their
    aliases, the rules file's names (`parse_options` reads both)."""
    seats: int
    first_dealer: int


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    """S66-6: a new deal; the seed stays secret until it is over (its SHA-256 is public)."""

    TYPE = "deck_shuffled"
    deal_no: int
    dealer: int
    deck: DeckKind
    """Which deck is shuffled (`Deck.cards` is the order the seed permutes)."""
    seed: bytes
    commitment: str

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return {
            "deal_no": self.deal_no,
            "dealer": self.dealer,
            "deck": self.deck.value,
            "commitment": self.commitment,
        }


@dataclass(frozen=True, slots=True)
class DeckCut(Event):
    TYPE = "deck_cut"
    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """S66-7, S66-8: each hand, the face-up trump card and the face-down stock on it."""

    TYPE = "cards_dealt"
    hands: tuple[tuple[Card, ...], ...]
    trump_card: Card
    stock: tuple[Card, ...]
    """The face-down cards, in the order they will be drawn."""

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        own = {} if viewer is None else {"seat": viewer, "hand": encode(self.hands[viewer])}
        return {
            "hand_sizes": [len(hand) for hand in self.hands],
            "trump_card": str(self.trump_card),
            "stock_size": len(self.stock) + 1,
            **own,
        }


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """S66-11: one card from the stock; only its drawer sees it, unless it is the face-up
    trump card (the last card, S66-11)."""

    TYPE = "card_drawn"
    seat: int
    card: Card
    face_up: bool

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        if self.face_up or viewer == self.seat:
            return self.payload()
        return {"seat": self.seat, "face_up": False}


@dataclass(frozen=True, slots=True)
class StockClosed(Event):
    """S66-19: the closer, and `oPts` / `oTricks` at that moment. `oPts` is a counted score,
    which is never shown while the deal runs (S66-13)."""

    TYPE = "stock_closed"
    seat: int
    opponent_points: int
    opponent_tricks: bool
    before_draw: bool

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return {
            "seat": self.seat,
            "opponent_tricks": self.opponent_tricks,
            "before_draw": self.before_draw,
        }


@dataclass(frozen=True, slots=True)
class TrumpExchanged(Event):
    """S66-14: public."""

    TYPE = "trump_exchanged"
    seat: int
    exchange_card: Card
    trump_card: Card


@dataclass(frozen=True, slots=True)
class MarriageDeclared(Event):
    """S66-15: the K and Q of `suit` are shown."""

    TYPE = "marriage_declared"
    seat: int
    suit: Suit
    points: int


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A card to the trick: the lead, or the follower's card."""

    TYPE = "card_played"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickTaken(Event):
    """S66-9: the trick's winner takes it and leads next."""

    TYPE = "trick_taken"
    winner: int
    points: int


@dataclass(frozen=True, slots=True)
class OutClaimed(Event):
    """S66-22: `seat` claims 66; `automatic` when the server claims for him (`auto_out`, or
    the last trick, S66-25)."""

    TYPE = "out_claimed"
    seat: int
    automatic: bool


@dataclass(frozen=True, slots=True)
class PlayerResigned(Event):
    TYPE = "player_resigned"
    seat: int


@dataclass(frozen=True, slots=True)
class DealScored(Event):
    """S66-23 … S66-26: the end of a deal, shown whole: who won it and why, both counted
    scores, and every card not played."""

    TYPE = "deal_scored"
    deal_no: int
    winner: int | None
    game_points: int
    reason: DealEnd
    points: tuple[int, int]
    tricks: tuple[int, int]
    claimer: int | None
    closer: int | None
    held: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """S66-27, S66-28: the match is over; the loser gets the Bummerl."""

    TYPE = "game_ended"
    winner: int
    loser: int
    game_points: tuple[int, int]
    reason: str
    """`match` (S66-27) or `resigned` (S66-28)."""


REGISTRY = EventRegistry(
    GameStarted,
    DeckShuffled,
    DeckCut,
    CardsDealt,
    CardDrawn,
    StockClosed,
    TrumpExchanged,
    MarriageDeclared,
    CardPlayed,
    TrickTaken,
    OutClaimed,
    PlayerResigned,
    DealScored,
    GameEnded,
)

SixtySixEvent = (
    GameStarted
    | DeckShuffled
    | DeckCut
    | CardsDealt
    | CardDrawn
    | StockClosed
    | TrumpExchanged
    | MarriageDeclared
    | CardPlayed
    | TrickTaken
    | OutClaimed
    | PlayerResigned
    | DealScored
    | GameEnded
)
