"""The state of a Kozly game: a frozen value, the fold of its events (`evolve`).

Seats are 0..3 clockwise and each is his own side (KZ-1), so every per-side tuple is indexed
by seat. A deal keeps its cards where they lie: the hands (in the order dealt and drawn), the
cards not yet dealt or drawn, the trick on the table and the tricks taken.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from app.domain.cards import Card, Suit
from app.domain.kozly.options import Options

SEATS = 4
"""KZ-1: exactly four players."""


class Phase(Enum):
    SHUFFLE = "shuffle"
    """Chance: the game waits for the server's seed of the next deal."""
    CUT = "cut"
    PLAY = "play"
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class Trick:
    """The trick on the table: its leader and the cards played so far, from the leader."""

    leader: int
    cards: tuple[Card, ...] = ()

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.cards)) % SEATS


@dataclass(frozen=True, slots=True)
class TakenTrick:
    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int


@dataclass(frozen=True, slots=True)
class Deal:
    """One pass through the 32 cards with one trump suit (the glossary's "deal")."""

    no: int
    dealer: int
    """Who deals its first cards and turns its trump card (KZ-7, KZ-11)."""
    seed: bytes
    commitment: str
    cut: int | None
    undealt: tuple[Card, ...]
    """The cards not yet dealt or drawn, top first: the shuffled deck before the cut; in
    `halves` then half 2, set aside (KZ-9); in `stock` the stock, its face-up trump card last
    (KZ-12)."""
    hands: tuple[tuple[Card, ...], ...] = ((),) * SEATS
    trump_card: Card | None = None
    trick: Trick | None = None
    tricks: tuple[TakenTrick, ...] = ()
    """The tricks taken in this deal, in order."""

    @property
    def trump(self) -> Suit | None:
        return None if self.trump_card is None else self.trump_card.suit

    def taken(self, seat: int) -> tuple[Card, ...]:
        return tuple(card for t in self.tricks if t.winner == seat for card in t.cards)

    def points(self) -> tuple[int, ...]:
        """KZ-16: each seat's card points in the tricks he has taken so far."""
        return tuple(
            sum(t.points for t in self.tricks if t.winner == seat) for seat in range(SEATS)
        )

    def trump_holder(self) -> int | None:
        """The seat that holds the face-up trump card in hand, in public (KZ-10, KZ-13)."""
        return next((s for s, hand in enumerate(self.hands) if self.trump_card in hand), None)

    def trump_under_stock(self) -> bool:
        """KZ-12: the trump card still lies face up at the bottom of the stock."""
        return bool(self.undealt) and self.undealt[-1] == self.trump_card


@dataclass(frozen=True, slots=True)
class DealSummary:
    """What the last finished deal scored (KZ-16 to KZ-18): the view's `last_deal`."""

    deal_no: int
    dealers: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    winner: int | None
    paid: tuple[int, ...]
    gained: int
    reason: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended (KZ-19, KZ-20)."""

    winner: int | None
    reason: str
    places: tuple[int, ...]
    goats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameState:
    options: Options
    phase: Phase
    next_dealer: int
    """The dealer of the next deal (KZ-7)."""
    marks: tuple[int, ...] = (12,) * SEATS
    """KZ-18: each player's balance, from 12."""
    received: tuple[int, ...] = (0,) * SEATS
    """KZ-18: the marks given to each player in this game (gross)."""
    carried: tuple[int, ...] = (0,) * SEATS
    """KZ-17: `stock`, the running totals carried in from the deals before this one."""
    deal: Deal | None = None
    """The deal being played, or the last one (until the next shuffle)."""
    last_trick: TakenTrick | None = None
    """KZ-15: the last completed trick, visible until the next card is played."""
    last_deal: DealSummary | None = None
    outcome: Outcome | None = None
