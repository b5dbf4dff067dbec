"""What a deal of Bura writes and how the game ends (B-16, B-18 … B-22), per player."""

from __future__ import annotations

from dataclasses import replace

from app.domain.bura.state import GameState
from app.domain.events import Event
from app.domain.multitrick.board import Board
from app.domain.multitrick.events import DealScored, GameEnded
from app.domain.multitrick.scoring import WIN, doubled, full_deal, scale

GOAT = "goat"
"""B-21: a player at the target «остаётся козлом», remains a goat."""
END_REASONS = ("target", "single_deal", "resigned")
"""B-21: a player reached the target, or (`singleDeal`) the one deal was won; B-22: a
player resigned."""
TITLES = (GOAT,)
FALSE_DECLARATION = 6
"""B-20: the declarer without 61 gets 6."""


def played_out(state: GameState, board: Board) -> list[Event]:
    """B-18: a deal played to the end: 61 or more wins, the others get the scale (by default
    with 3 or 4 players nobody is exempt when nobody reaches 61; with 2, 60:60 is eggs)."""
    points, took = _totals(board)
    penalties = full_deal(points, took, state.options.win_needs_61)
    return _scored(state, board, "eggs" if not any(penalties) else "points", penalties)


def bura(state: GameState, board: Board, winner: int) -> list[Event]:
    """B-16, B-18: the bura holder gets 0, every other player the scale of his pile."""
    points, took = _totals(board)
    penalties = tuple(0 if s == winner else scale(points[s], took[s]) for s in range(board.seats))
    return _scored(state, board, "bura", penalties)


def declared(state: GameState, board: Board, declarer: int) -> list[Event]:
    """B-20: with 61 the declarer gets 0 and the others the scale; without, he gets 6 and
    nobody else anything. Cards on the table count for nobody."""
    points, took = _totals(board)
    if points[declarer] >= WIN:
        penalties = tuple(
            0 if s == declarer else scale(points[s], took[s]) for s in range(board.seats)
        )
        return _scored(state, board, "declared", penalties)
    penalties = tuple(FALSE_DECLARATION if s == declarer else 0 for s in range(board.seats))
    return _scored(state, board, "false_declaration", penalties)


def resigned(state: GameState, seat: int) -> GameEnded:
    """B-22: the resigning player gets penalty points up to the target, and the game ends;
    everybody else wins."""
    target = state.options.target
    totals = tuple(
        max(total, target) if s == seat else total for s, total in enumerate(state.series.penalties)
    )
    others = tuple(s for s in range(state.series.seats) if s != seat)
    return GameEnded(others, (seat,), totals, (GOAT,), "resigned")


def _totals(board: Board) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    seats = range(board.seats)
    return (
        tuple(board.pile_points((s,)) for s in seats),
        tuple(board.tricks_taken[s] > 0 for s in seats),
    )


def _scored(state: GameState, board: Board, reason: str, base: tuple[int, ...]) -> list[Event]:
    """The deal's score (its penalties doubled after eggs, B-19), and the game's end: at the
    target (B-21), or with `single_deal` after the first deal someone wins."""
    points, took = _totals(board)
    penalties = doubled(base, state.series.multiplier)
    scored = DealScored(
        state.series.deal_no, reason, points, took, board.piles, penalties, not any(penalties)
    )
    if state.options.single_deal:
        if not any(penalties) or all(penalties):
            # B-21: nobody won, so the deal is replayed with the next dealer: it writes nothing.
            replayed = (0,) * len(penalties)
            return [replace(scored, reason="replayed", penalties=replayed)]
        winners = tuple(s for s, p in enumerate(penalties) if not p)
        losers = tuple(s for s, p in enumerate(penalties) if p)
        return [scored, GameEnded(winners, losers, penalties, (GOAT,), "single_deal")]
    totals = tuple(a + b for a, b in zip(state.series.penalties, penalties, strict=True))
    losers = tuple(s for s, total in enumerate(totals) if total >= state.options.target)
    if not losers:
        return [scored]
    winners = tuple(s for s in range(board.seats) if s not in losers)
    return [scored, GameEnded(winners, losers, totals, (GOAT,), "target")]
