"""What a deal writes and how the game ends (K4-18..K4-21), per team."""

from __future__ import annotations

from app.domain.kozel4.state import GameState
from app.domain.multitrick.board import Board
from app.domain.multitrick.deck import canonical
from app.domain.multitrick.events import DealScored, GameEnded
from app.domain.multitrick.scoring import doubled, full_deal
from app.domain.seats import PARTNERS

GOATS = "goats"
"""K4-20: «остаются козлами»."""
WITH_EGGS = "with_eggs"
"""K4-20: goats "with balls" («козлы с яйцами»), a deal of the game was 60:60."""


END_REASONS = ("target", "resigned")
"""K4-20: a team reached the target; K4-21: a team resigned."""
TITLES = (GOATS, WITH_EGGS)


def deal_scored(state: GameState, board: Board) -> DealScored:
    """K4-18, K4-19: the team with 61 or more wins; the other has 2, 4 or 6 written; 60:60
    is balls and writes nothing (doubling the next write with `eggs_double`)."""
    teams = PARTNERS.teams
    assert teams is not None
    points = tuple(board.pile_points(team) for team in teams)
    took = tuple(any(board.tricks_taken[seat] for seat in team) for team in teams)
    piles = tuple(canonical(card for seat in team for card in board.piles[seat]) for team in teams)
    penalties = doubled(full_deal(points, took), state.series.multiplier)
    eggs = not any(penalties)
    return DealScored(
        state.series.deal_no, "eggs" if eggs else "points", points, took, piles, penalties, eggs
    )


def game_ended(state: GameState, loser: int, totals: tuple[int, ...], reason: str) -> GameEnded:
    """K4-20, K4-21: the losing team are goats, "with balls" if a deal was 60:60 (the deal
    that ends the game writes, so it is never one)."""
    titles = (GOATS, WITH_EGGS) if state.series.eggs_played else (GOATS,)
    return GameEnded((1 - loser,), (loser,), totals, titles, reason)


def resigned(state: GameState, seat: int) -> GameEnded:
    """K4-21: the resigning team loses as goats; the deal in progress is not scored, and the
    written points stay as they are."""
    return game_ended(state, PARTNERS.side_of(seat), state.series.penalties, "resigned")
