"""The facts of a Kozel game, in the order they happen. `TYPE` names are fixed forever."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.domain.cards import Card
from app.domain.codec import encode
from app.domain.events import Event, EventRegistry
from app.domain.kozel24.options import Options


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    TYPE = "game_started"
    options: Options
    first_dealer: int


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    """K-5: a new deal begins; the seed stays secret until the deal is over (only its
    SHA-256 commitment is shown)."""

    TYPE = "deck_shuffled"
    deal_no: int
    dealer: int
    seed: bytes
    commitment: str

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return {"deal_no": self.deal_no, "dealer": self.dealer, "commitment": self.commitment}


@dataclass(frozen=True, slots=True)
class DeckCut(Event):
    TYPE = "deck_cut"
    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class HandsDealt(Event):
    """K-6: every seat's six cards; a seat sees its own hand only."""

    TYPE = "hands_dealt"
    hands: tuple[tuple[Card, ...], ...]

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        own = {} if viewer is None else {"seat": viewer, "hand": encode(self.hands[viewer])}
        return {"hand_sizes": [len(hand) for hand in self.hands], **own}


@dataclass(frozen=True, slots=True)
class LoneTrumpKept(Event):
    """K-9: only the holder knows it had a lone trump to keep."""

    TYPE = "lone_trump_kept"
    seat: int

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return self.payload() if viewer == self.seat else None


@dataclass(frozen=True, slots=True)
class ExchangeAsked(Event):
    """K-9: the holder of a lone trump asks the partner for an exchange."""

    TYPE = "exchange_asked"
    seat: int

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return self.payload() if viewer is not None and viewer % 2 == self.seat % 2 else None


@dataclass(frozen=True, slots=True)
class CardsExchanged(Event):
    """K-9: the lone trump and the partner's card pass face down; only the two partners
    see them, the other team learns only that the exchange happened."""

    TYPE = "cards_exchanged"
    from_seat: int
    to_seat: int
    trump: Card
    given: Card

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        if viewer in (self.from_seat, self.to_seat):
            return self.payload()
        return {"from_seat": self.from_seat, "to_seat": self.to_seat}


@dataclass(frozen=True, slots=True)
class NoQueensClaimed(Event):
    TYPE = "no_queens_claimed"
    seat: int


@dataclass(frozen=True, slots=True)
class PlayedOn(Event):
    """K-10: a team without queens plays on; the other team must not learn it had none."""

    TYPE = "played_on"
    seat: int

    def payload_for(self, viewer: int | None) -> dict[str, Any] | None:
        return self.payload() if viewer is not None and viewer % 2 == self.seat % 2 else None


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    TYPE = "card_played"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickTaken(Event):
    """K-12: the trick's winner takes its cards and leads next."""

    TYPE = "trick_taken"
    winner: int
    points: int


@dataclass(frozen=True, slots=True)
class QueenCaught(Event):
    """K-13: 6♣ and Q♣ fell in one trick from opposite teams."""

    TYPE = "queen_caught"
    queen_seat: int
    six_seat: int


@dataclass(frozen=True, slots=True)
class DealScored(Event):
    """K-13/K-14/K-15/K-10: what a finished deal wrote. `reason` is one of `points`,
    `sweep`, `first_deal_sweep`, `queen_caught`, `eggs`, `tie`, `no_queens`."""

    TYPE = "deal_scored"
    deal_no: int
    points: tuple[int, int]
    written_on: int | None
    amount: int
    reason: str
    wiped: int | None
    eggs_multiplier: int


@dataclass(frozen=True, slots=True)
class TeamResigned(Event):
    TYPE = "team_resigned"
    seat: int
    team: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """K-17: the losing team "remains goats", with the titles it earned."""

    TYPE = "game_ended"
    loser: int
    written: tuple[int, int]
    titles: tuple[str, ...]
    reason: str


REGISTRY = EventRegistry(
    GameStarted,
    DeckShuffled,
    DeckCut,
    HandsDealt,
    LoneTrumpKept,
    ExchangeAsked,
    CardsExchanged,
    NoQueensClaimed,
    PlayedOn,
    CardPlayed,
    TrickTaken,
    QueenCaught,
    DealScored,
    TeamResigned,
    GameEnded,
)

KozelEvent = (
    GameStarted
    | DeckShuffled
    | DeckCut
    | HandsDealt
    | LoneTrumpKept
    | ExchangeAsked
    | CardsExchanged
    | NoQueensClaimed
    | PlayedOn
    | CardPlayed
    | TrickTaken
    | QueenCaught
    | DealScored
    | TeamResigned
    | GameEnded
)
