"""The state of a Kozel game and its current deal: a fold of its events (see `evolve`).

The state is one flat value, so that applying a card makes one new object, not a chain of
them. Hands are bitmasks and trick cards are indices over `deck.CARDS`; views turn them into
cards.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum

from app.domain.chance import commitment
from app.domain.kozel24.options import Options
from app.domain.seats import team_of
from app.domain.tricks import TakenTrick, Trick
from app.domain.values import updated


class Phase(Enum):
    SHUFFLE = "shuffle"
    """Chance: the engine waits for the server's seed of the next deal."""
    CUT = "cut"
    DECISIONS = "decisions"
    """K-9/K-10: lone-trump exchanges and the no-queens claim, before the first lead."""
    PLAY = "play"
    GAME_OVER = "game_over"


# The engine names the phases by these module names: on CPython 3.11 reading a member
# through its enum class (`Phase.PLAY`) costs several times a global's lookup.
SHUFFLE = Phase.SHUFFLE
CUT = Phase.CUT
DECISIONS = Phase.DECISIONS
PLAY = Phase.PLAY
GAME_OVER = Phase.GAME_OVER


@dataclass(frozen=True)
class Decisions:
    """The options still open before the first lead (K-9/K-10 phase)."""

    exchange_or_keep: frozenset[int] = frozenset()
    """Seats dealt a lone trump that have not yet answered."""
    gives: tuple[int, ...] = ()
    """Askers whose partner still owes a card, in the order they asked."""
    claims: frozenset[int] = frozenset()
    """Teams without a queen that have not yet claimed or played on."""
    claimed_by: int | None = None
    """The seat that claimed no queens (K-10): the deal ends void."""

    @property
    def is_open(self) -> bool:
        return bool(self.exchange_or_keep or self.gives or self.claims)


@dataclass(frozen=True, slots=True)
class Exchange:
    """K-9: the asker's lone trump went to the partner, who gave a card back."""

    from_seat: int
    to_seat: int
    trump: int
    given: int


@dataclass(frozen=True, slots=True)
class DealSummary:
    """What the last finished deal wrote (shown until the next one ends)."""

    deal_no: int
    points: tuple[int, int]
    written_on: int | None
    amount: int
    reason: str
    wiped: int | None
    queen_caught_by: int | None
    """The seat that played 6♣ on the caught Q♣ (K-13), if that is how the deal ended."""
    claimed_by: int | None = None
    """The seat that claimed no queens (K-10), if that is how the deal ended."""
    under_30: bool = False
    """K-14: the team written on took fewer than 30 card points (4 written, not 2)."""
    points_counted: bool = True
    """Whether the card points decided the deal: not where the queen was caught (K-13) or
    the deal was void for no queens (K-10)."""


@dataclass(frozen=True, slots=True)
class GameResult:
    loser: int
    written: tuple[int, int]
    titles: tuple[str, ...]
    reason: str


NO_HANDS = (0, 0, 0, 0)
NO_DECISIONS = Decisions()


@dataclass(frozen=True)
class GameState:
    options: Options
    next_dealer: int
    """The dealer of the next deal to be shuffled (K-7, K-8)."""
    phase: Phase = Phase.SHUFFLE
    written: tuple[int, int] = (0, 0)
    eggs_multiplier: int = 1
    eggs_played: bool = False
    last_deal: DealSummary | None = None
    result: GameResult | None = None

    # The current deal (or the last one, between deals).
    deal_no: int = 0
    dealer: int = 0
    seed: bytes = b""
    cut_position: int | None = None
    dealt: tuple[int, ...] = NO_HANDS
    hands: tuple[int, ...] = NO_HANDS
    first_leader: int | None = None
    """K-7/K-8: set when the deck is dealt (in deal 1 it is the holder of A♦)."""
    decisions: Decisions = NO_DECISIONS
    exchanges: tuple[Exchange, ...] = ()
    leader: int | None = None
    """The seat that led the current trick; None while no trick is being played."""
    trick_cards: tuple[int, ...] = ()
    """The current trick's cards so far, in the order played from the leader's (K-11)."""
    tricks: tuple[TakenTrick, ...] = ()
    """The tricks taken so far in this deal, in order (every player saw them played). The
    counts per team below are read from them: the fewer the fields, the cheaper each copy."""
    turn: int | None = None
    """The seat whose card comes next; None outside play. Derived, like `playable`: `evolve`
    sets both whenever the play moves on (`legal.playable_for`), so that asking whose turn it
    is and what it may play is one read, not a judgement per question. A state changed by hand
    rather than by events (a test's position, a bot's imagined deal) goes through
    `evolve.with_turn`."""
    playable: int = 0
    """The cards `turn` may play now, as a mask (K-7, K-11); 0 outside play."""

    def new_deal(self, deal_no: int, dealer: int, seed: bytes) -> GameState:
        """The state at the start of a deal: the game's fields carry over, the deal's fields
        start afresh (their defaults above)."""
        return updated(self, **_FRESH_DEAL, phase=CUT, deal_no=deal_no, dealer=dealer, seed=seed)

    @property
    def trick(self) -> Trick | None:
        """The current trick as one value (the engine itself reads the two fields)."""
        return None if self.leader is None else Trick(self.leader, self.trick_cards)

    @property
    def last_trick(self) -> TakenTrick | None:
        return self.tricks[-1] if self.tricks else None

    @property
    def tricks_taken(self) -> tuple[int, int]:
        """The tricks each team has taken in this deal."""
        second = sum(team_of(trick.winner) for trick in self.tricks)
        return (len(self.tricks) - second, second)

    @property
    def points(self) -> tuple[int, int]:
        """The card points each team has taken in this deal (K-4)."""
        taken = [0, 0]
        for trick in self.tricks:
            taken[team_of(trick.winner)] += trick.points
        return (taken[0], taken[1])

    @property
    def commitment(self) -> str:
        """K-5: the published SHA-256 of the deal's seed ("" before the first deal)."""
        return commitment(self.seed) if self.seed else ""

    @property
    def cutter(self) -> int:
        """K-5: the player counter-clockwise of the dealer."""
        return (self.dealer - 1) % 4

    @property
    def is_terminal(self) -> bool:
        return self.phase is GAME_OVER


_DEAL_FIELDS = (
    "cut_position",
    "dealt",
    "hands",
    "first_leader",
    "decisions",
    "exchanges",
    "leader",
    "trick_cards",
    "tricks",
    "turn",
    "playable",
)
_FRESH_DEAL = {f.name: f.default for f in dataclasses.fields(GameState) if f.name in _DEAL_FIELDS}
