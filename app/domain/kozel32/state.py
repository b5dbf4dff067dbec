"""The state of a game of the 32-card Kozel: a fold of its events (`evolve`).

Three levels, each a frozen value: the game (boards, eggs, the leading team, the result), the
кон in progress (`Kon`: its dealer, boast, redeal demands and voided deals) and the cards of
the current deal (`Deal`: the undealt deck, the hands, the cards lying on the table, the tricks
taken). A redeal inside a кон (C32-11, C32-12, C32-35) starts a new `Deal` in the same `Kon`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from app.domain.cards import Card, Suit
from app.domain.kozel32.options import Boast, Options


class Phase(Enum):
    SHUFFLE = "shuffle"
    """Chance: the server's seed of the next deal (or of a redeal inside the кон)."""
    BOAST = "boast"
    """C32-8: the leading team is asked whether it boasts."""
    CUT = "cut"
    DEAL = "deal"
    """The server deals a plain deal (never waits: no view shows it)."""
    PRE_PLAY = "pre_play"
    """C32-10: redeal demands, last-trump exchanges, the first leader."""
    BOASTING = "boasting"
    """A boast's dealing procedure (C32-15 … C32-21), or between the parts of merry and sad."""
    TALON = "talon"
    """C32-35: the soloist takes the talon, discards and names the trump."""
    PLAY = "play"
    GAME_OVER = "game_over"


class TrickKind(Enum):
    """The glossary's kinds of trick: all of them are tricks of the кон (C32-29)."""

    PLAY = "play"
    BOAST = "boast"
    """Trick 1 of pants, double pants and mirror."""
    DEAL_TIME = "deal_time"
    """An open round of the star, a circle of the barrel."""
    COFFIN = "coffin"


class VoidReason(Enum):
    REDEAL_DEMAND = "redeal_demand"
    FOUR_QUEENS = "four_queens"
    QUEEN_OF_SPADES_IN_TALON = "queen_of_spades_in_talon"


class DealResult(Enum):
    """C32-27 (four seats) and C32-36 (queen of spades): the results, in the order they are
    judged."""

    CATCH = "catch"
    MISDEAL = "misdeal"
    EGGS = "eggs"
    LYUSYA = "lyusya"
    TWO_PAIRS = "two_pairs"
    ONE_PAIR = "one_pair"


@dataclass(frozen=True, slots=True)
class Laid:
    """A card on the table in a trick or a coffin, and the seat (or team side) it stands for."""

    seat: int
    card: Card
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class Taken:
    """A trick of the кон, as it was taken: a coffin keeps its face-down cards down."""

    kind: TrickKind
    leader: int
    plays: tuple[Laid, ...]
    winner: int
    points: int


@dataclass(frozen=True, slots=True)
class Batch:
    """Cards that came to `seat` from the deck for a choice: a batch of pants (C32-15), the
    three new cards of the barrel (C32-21)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Piled:
    """A card on the rest pile (C32-17), seen only by the seat that put it there."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Offer:
    """C32-13: a last-trump offer of `count` trumps, waiting for the partner."""

    seat: int
    count: int
    accepted: bool = False


@dataclass(frozen=True, slots=True)
class PrePlay:
    """C32-10: the answers given so far; the open options follow from these and the hands."""

    passed: frozenset[int] = frozenset()
    """Seats that qualified for a redeal demand and passed (C32-11)."""
    closed: frozenset[int] = frozenset()
    """Seats that offered or kept their last trump (C32-13: each offers at most once)."""
    offers: tuple[Offer, ...] = ()
    """Offers not yet over, at most one per team."""


@dataclass(frozen=True, slots=True)
class Exchange:
    from_seat: int
    to_seat: int
    trumps: tuple[Card, ...]
    given: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class VoidedDeal:
    """A deal of the кон that was not played (C32-11, C32-12, C32-35)."""

    seed: bytes
    cut: int | None
    hands: tuple[tuple[Card, ...], ...]
    reason: VoidReason
    seat: int | None
    """The demander (C32-11)."""


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of one shuffle."""

    seed: bytes
    deck: tuple[Card, ...]
    """The undealt cards, top first (the talon, once the queen-of-spades deal is dealt)."""
    hands: tuple[tuple[Card, ...], ...]
    seen: tuple[frozenset[Card], ...]
    """Cards each seat has seen that now lie where it cannot see them (C32-15 step 4,
    C32-16, C32-17, C32-13)."""
    trump: Suit | None
    """The trump suit in force (C32-5); None: the permanent trumps only."""
    cut: int | None = None
    dealt: tuple[tuple[Card, ...], ...] = ()
    """The hands as dealt in a plain or queen-of-spades deal (C32-11 judges these)."""
    trump_named: bool = False
    """The boaster (or soloist) named the suit of the current part (C32-5)."""
    batch: Batch | None = None
    packet: int | None = None
    """C32-16: the unturned cards of the mirror's packet on top of the deck; None: not cut."""
    rest_pile: tuple[Piled, ...] = ()
    """Top first (C32-17)."""
    trick: tuple[Laid, ...] = ()
    """The trick, deal-time trick, open cards of the barrel or coffin on the table."""
    tricks: tuple[Taken, ...] = ()
    suits_led: frozenset[Suit] = frozenset()
    """C32-24: the plain suits tricks of this deal were led with."""
    pre_play: PrePlay = field(default_factory=PrePlay)
    exchanges: tuple[Exchange, ...] = ()
    first_leader: int | None = None
    """The leader of the first play-phase trick (of the current part of merry and sad)."""
    part: int = 0
    """Merry and sad: the part dealt last (C32-19)."""
    part_tricks: int = 0
    """Play-phase tricks taken since the first leader was set."""
    soloist: int | None = None
    discards: tuple[Card, ...] = ()
    caught_by: int | None = None
    """C32-26: the seat that caught Q♣ with the шамок."""
    shown: int | None = None
    """C32-11: the seat whose demanded hand lies open until the redeal."""


@dataclass(frozen=True, slots=True)
class Kon:
    """One кон (C32-6 … C32-27): from its first shuffle to its result."""

    kon_no: int
    dealer: int
    leading_side: int | None
    """C32-7: None in the first кон until its first leader is known."""
    boast: Boast | None = None
    boaster: int | None = None
    star_rounds: tuple[int, ...] = ()
    demands: int = 0
    voided: tuple[VoidedDeal, ...] = ()
    scored: bool = False


@dataclass(frozen=True, slots=True)
class DealSummary:
    """What a finished кон scored (shown until the next one ends)."""

    kon_no: int
    dealer: int
    boast: Boast | None
    result: DealResult
    points: tuple[int, ...]
    """Card points per side, discards included (C32-35)."""
    tricks: tuple[int, ...]
    """Tricks of the кон per side (C32-29)."""
    winner: int | None
    gains: tuple[int, ...]
    """Pairs gained per side, egg pairs included (C32-27, C32-28)."""
    reset: tuple[int, ...]
    """Sides whose boards a Люся set to 0 (C32-29)."""
    lost: tuple[int, ...]
    """Pairs per side that the Люся took off its board."""
    boards: tuple[int, ...]
    eggs_pending: int
    caught_by: int | None
    tailed: bool
    """C32-31: the winner had exactly 5 pairs and took 90 card points or more (a catch or a
    misdeal never): if the кон ends the game, the losers are tailed."""
    boaster: int | None = None
    """The seat that declared the кон's boast (C32-8), if any."""
    soloist: int | None = None
    """The soloist of the queen-of-spades deal (C32-35), if it was one."""
    saved: tuple[int, ...] = ()
    """The sides that lost the кон with the спас (C32-27 result 6; C32-36: 31 points or more
    between the two others), so by 1 pair, not 2."""


@dataclass(frozen=True, slots=True)
class GameResult:
    winner: int | None
    loser: int | None
    """The losing side; None where two players lose (C32-36) or nobody does."""
    boards: tuple[int, ...]
    titles: tuple[str, ...]
    """The titles every losing side shares (C32-31)."""
    titles_by_side: tuple[tuple[str, ...], ...]
    reason: str
    """`board` (6 pairs), `first_deal_lyusya` or `resigned`."""


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    players: int
    """The table's players (4, 3 or 2); the seats follow from it (`table`)."""
    phase: Phase
    next_dealer: int
    boards: tuple[int, ...]
    eggs_pending: int = 0
    eggs_played: bool = False
    leading_side: int | None = None
    """C32-7: the leading side of the next кон (None before the first кон has a winner)."""
    kon_no: int = 0
    last_deal: DealSummary | None = None
    result: GameResult | None = None
    kon: Kon | None = None
    deal: Deal | None = None
