"""The state of a game of Bura: the series of deals (penalty points per player, eggs) and the
running deal (the board, the trump card, the claims).

A state is the fold of its events (`evolve`); the codec snapshots it exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.domain.bura.combinations import Combination
from app.domain.bura.options import Options
from app.domain.cards import Card
from app.domain.multitrick.board import Board
from app.domain.multitrick.deck import natural_ranking
from app.domain.multitrick.series import FamilyState
from app.domain.ranking import Ranking


@dataclass(frozen=True, slots=True)
class Shown:
    """A combination shown by a seat: a claim (B-17) or a bura (B-16)."""

    seat: int
    combination: Combination
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Deal:
    board: Board
    trump_card: Card
    """B-7: the turned card, under the stock until drawn."""
    original_leader: int
    """B-17: the seat that had the right to lead this trick (B-8, B-11)."""
    claim: Shown | None = None
    """B-17: the standing claim of this trick; its seat has the lead."""
    claims: tuple[Shown, ...] = ()
    """Every combination claimed in this deal: its cards stay known (B-14)."""
    trump_drawn_by: int | None = None
    """B-14: who drew the trump card is public."""
    buras: tuple[Shown, ...] = ()
    """B-16: the bura hands that ended the deal."""
    declared_by: int | None = None
    """B-20: the seat that declared 61, ending the deal."""

    @property
    def ranking(self) -> Ranking:
        return natural_ranking(self.trump_card.suit)

    def distance(self, seat: int) -> int:
        """B-17: `d(s) = (s - originalLeader) mod n`."""
        return (seat - self.original_leader) % self.board.seats


@dataclass(frozen=True, slots=True, kw_only=True)
class GameState(FamilyState[Deal]):
    options: Options
    deal: Deal | None = None
