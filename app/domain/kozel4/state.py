"""The state of a game of Kozel with 4 cards: the series of deals (written loss points, eggs)
and the running deal (the board, the trump card, the hand-off, the молодка claim).

A state is the fold of its events (`evolve`); the codec snapshots it exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.domain.cards import Card
from app.domain.kozel4.deck import ranking_for
from app.domain.kozel4.options import Options
from app.domain.multitrick.board import Board
from app.domain.multitrick.series import FamilyState
from app.domain.ranking import Ranking

SEATS = 4


@dataclass(frozen=True, slots=True)
class Exchange:
    """K4-10: `trumps` from `from_seat` to its partner `to_seat`, `given` back (empty while
    the partner has not answered)."""

    from_seat: int
    to_seat: int
    trumps: tuple[Card, ...]
    given: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Deal:
    board: Board
    trump_card: Card | None
    """K4-8: the shown card (None under `ladder`, and until it is shown)."""
    position: int | None
    """K4-8: where the shown card lies in the stock as dealt (0 = top)."""
    original_leader: int
    """K4-14: the seat that had the right to lead this trick (K4-9, K4-13)."""
    claimant: int | None = None
    """K4-14: the seat whose молодка stands as this trick's lead."""
    claimed: frozenset[Card] = frozenset()
    """K4-14: the cards of every молодка claimed in this deal: everyone saw them."""
    open_options: frozenset[int] = frozenset()
    """K4-10: the seats that may still `offer` or `keep`."""
    offers: tuple[Exchange, ...] = ()
    """K4-10: offers waiting for the partner's `give_back`."""
    exchanges: tuple[Exchange, ...] = ()
    """K4-10: the hand-offs made in this deal."""

    @property
    def ranking(self) -> Ranking:
        return ranking_for(self.trump_card)

    def distance(self, seat: int) -> int:
        """K4-14: `d(s) = (s - originalLeader) mod 4`."""
        return (seat - self.original_leader) % SEATS


@dataclass(frozen=True, slots=True, kw_only=True)
class GameState(FamilyState[Deal]):
    options: Options
    deal: Deal | None = None
