"""The state of a Sixty-six match and of its current deal: a fold of its events (`evolve`).

Everything here is a frozen value that `app.domain.codec` encodes and decodes exactly, so a
table can snapshot it. The match keeps its game points and the last deal's summary; the deal
(`Deal`) keeps the hands, the stock, the trick on the table and the tricks taken.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from app.domain.cards import Card, Suit
from app.domain.sixty_six.deck import MARRIAGE, points
from app.domain.sixty_six.options import Rules
from app.domain.view import Result


class Phase(Enum):
    SHUFFLE = "shuffle"
    """Chance: the game waits for the seed of the next deal."""
    CUT = "cut"
    CLOSE_OR_DRAW = "close_or_draw"
    """S66-20: in `66` the trick's winner chooses to close before the draw, or to draw."""
    LEAD = "lead"
    """S66-20: the leader's window: exchange, close, declare, then claim out or lead."""
    FOLLOW = "follow"
    GAME_OVER = "game_over"


PLAYING = frozenset({Phase.CLOSE_OR_DRAW, Phase.LEAD, Phase.FOLLOW})
"""The phases in which the cards of a deal are out."""


class Window(Enum):
    """How far the leader's window has gone (S66-20: each step at most once, in order)."""

    OPEN = "open"
    EXCHANGED = "exchanged"
    CLOSED = "closed"
    DECLARED = "declared"

    def passed(self, step: Window) -> bool:
        """Whether `step` can no longer be taken in this window."""
        return _WINDOW_ORDER.index(self) >= _WINDOW_ORDER.index(step)


_WINDOW_ORDER = (Window.OPEN, Window.EXCHANGED, Window.CLOSED, Window.DECLARED)


class DealEnd(Enum):
    """Why a deal ended (S66-26)."""

    CLAIM = "claim"
    """A correct claim (S66-22), made by the player or by the server (S66-22, S66-25)."""
    FALSE_CLAIM = "false_claim"
    CLOSED_FAILURE = "closed_failure"
    """S66-24: the closer did not make his 66."""
    LAST_TRICK = "last_trick"
    """S66-25: the cards ran out and nobody had claimed."""
    TIE = "tie"
    """S66-25: 65 : 65 in `66`; the deal is void."""
    RESIGNED = "resigned"
    """S66-28: the opponent scores 3."""


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    cards: tuple[Card, Card]
    """The leader's card, then the follower's."""
    winner: int

    @property
    def points(self) -> int:
        return points(self.cards)


@dataclass(frozen=True, slots=True)
class Marriage:
    seat: int
    suit: Suit
    points: int
    """20, or 40 in trumps (S66-15)."""

    @property
    def cards(self) -> tuple[Card, Card]:
        return MARRIAGE[self.suit]


@dataclass(frozen=True, slots=True)
class Exchange:
    """S66-14: `seat` put `exchange_card` under the stock and took `trump_card`; public."""

    seat: int
    exchange_card: Card
    trump_card: Card


@dataclass(frozen=True, slots=True)
class Closing:
    """S66-19: who closed, and the opponent's counted score (`oPts`) and whether he had won
    a trick (`oTricks`) at that moment."""

    closer: int
    opponent_points: int
    opponent_tricks: bool
    before_draw: bool
    """`66`: closed by the trick's winner before the draw (five cards each)."""


@dataclass(frozen=True, slots=True)
class Deal:
    deal_no: int
    dealer: int
    seed: bytes
    cut: int | None = None
    trump: Suit | None = None
    """The suit of the card turned up at the deal (S66-7, S66-8)."""
    trump_card: Card | None = None
    """The card turned up at the deal."""
    hands: tuple[tuple[Card, ...], ...] = ((), ())
    stock: tuple[Card, ...] = ()
    """The face-down cards in the order they are drawn, then the trump card (face up unless
    the stock is closed, S66-19). After an exchange the last card is the exchange card."""
    leader: int = 0
    """The seat on lead: it leads the trick on the table, or is to lead the next one."""
    trick: tuple[Card, ...] = ()
    """The trick on the table: the leader's card, then the follower's."""
    tricks: tuple[Trick, ...] = ()
    marriages: tuple[Marriage, ...] = ()
    exchanges: tuple[Exchange, ...] = ()
    closing: Closing | None = None
    window: Window = Window.OPEN
    declared: Suit | None = None
    """The marriage declared in this window: the lead must be one of its cards (S66-18)."""
    claimer: int | None = None

    @property
    def forehand(self) -> int:
        """S66-1: the non-dealer."""
        return 1 - self.dealer

    @property
    def follower(self) -> int:
        return 1 - self.leader

    @property
    def stock_open(self) -> bool:
        """S66-10: neither closed nor exhausted."""
        return self.closing is None and bool(self.stock)

    @property
    def face_down(self) -> int:
        """The face-down cards on the trump card (S66-19)."""
        return max(0, len(self.stock) - 1)

    @property
    def face_up_card(self) -> Card | None:
        """The trump card while it shows (S66-13): not drawn, not turned down by closing."""
        return self.stock[-1] if self.stock_open else None

    def tricks_of(self, seat: int) -> tuple[Trick, ...]:
        return tuple(trick for trick in self.tricks if trick.winner == seat)

    def has_trick(self, seat: int) -> bool:
        return any(trick.winner == seat for trick in self.tricks)

    @property
    def last_trick_shown(self) -> bool:
        """S66-13: the last completed trick shows until the next card is played."""
        return bool(self.tricks) and not self.trick

    @property
    def cards_out(self) -> bool:
        """Every card is played: the end of the deal by its last trick (S66-25)."""
        return not self.trick and not any(self.hands)

    @property
    def known(self) -> frozenset[Card]:
        """The cards both players have seen face up outside the tricks: the card turned up at
        the deal, the cards of each exchange and of each declared marriage (S66-13, S66-14)."""
        cards = {card for e in self.exchanges for card in (e.exchange_card, e.trump_card)}
        cards |= {card for m in self.marriages for card in m.cards}
        if self.trump_card is not None:
            cards.add(self.trump_card)
        return frozenset(cards)


@dataclass(frozen=True, slots=True)
class DealSummary:
    """S66-26: how a finished deal ended, shown to both players until the next one ends. Its
    cards are shown between the deals (the view's `ended`) and in the deal record: a summary
    that named them would name the next deal's cards too."""

    deal_no: int
    dealer: int
    trump: Suit | None
    winner: int | None
    game_points: int
    reason: DealEnd
    points: tuple[int, int]
    """Both counted scores at the end (S66-21)."""
    tricks: tuple[int, int]
    claimer: int | None
    closer: int | None


@dataclass(frozen=True, slots=True)
class GameState:
    rules: Rules
    first_dealer: int
    phase: Phase = Phase.SHUFFLE
    game_points: tuple[int, int] = (0, 0)
    """S66-27: the match so far, per seat."""
    deal: Deal | None = None
    """The current deal, or the last one between deals."""
    last_deal: DealSummary | None = None
    result: Result | None = None

    @property
    def next_dealer(self) -> int:
        """S66-1: the deal alternates every deal, void deals included."""
        return self.first_dealer if self.deal is None else 1 - self.deal.dealer

    @property
    def is_terminal(self) -> bool:
        return self.phase is Phase.GAME_OVER
