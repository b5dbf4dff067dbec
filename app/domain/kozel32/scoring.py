"""The result of a кон, the board, eggs, Люся, the end of the game and its titles
(C32-27 … C32-31; the queen-of-spades table: C32-36)."""

from __future__ import annotations

from app.domain.kozel32 import table
from app.domain.kozel32.deck import SPAS, card_points
from app.domain.kozel32.events import DealScored, GameEnded
from app.domain.kozel32.state import DealResult, State, TrickKind

BOARD_TOP = 6
"""C32-30: six pairs win."""
END_REASONS = ("board", "first_deal_lyusya", "resigned")
"""C32-31: a board at six pairs, or a Люся in the first кон; C32-32 (K-18): a resignation."""
TITLES = ("goats", "with_eggs", "tailed", "dry")
"""C32-31: the titles of the losers."""
TWO_PAIRS_FROM = 90
"""C32-31 (tailed), C32-36: the winner's side of «от 90 до 120»."""


def side_points(state: State) -> tuple[int, ...]:
    """Card points per side: its tricks (coffins included), and the soloist's discards."""
    deal = table.deal_of(state)
    seats = table.seats_of(state)
    points = [0] * seats.sides
    for trick in deal.tricks:
        points[seats.side_of(trick.winner)] += trick.points
    if deal.soloist is not None:
        points[deal.soloist] += card_points(deal.discards)
    return tuple(points)


def side_tricks(state: State) -> tuple[int, ...]:
    """Tricks of the кон per side: play-phase, boast-phase, deal-time tricks and coffins."""
    seats = table.seats_of(state)
    counts = [0] * seats.sides
    for trick in table.deal_of(state).tricks:
        counts[seats.side_of(trick.winner)] += 1
    return tuple(counts)


def deal_scored(state: State) -> DealScored:
    """The first result that matches, in the rules' order (C32-27, C32-36)."""
    kon, deal = table.kon_of(state), table.deal_of(state)
    seats = table.seats_of(state)
    points, tricks = side_points(state), side_tricks(state)
    result, winner, gain = _result(state, points, tricks)
    gains = [0] * seats.sides
    if winner is not None:
        gains[winner] = gain + state.eggs_pending  # C32-28: the pending egg pairs
    reset: tuple[int, ...] = ()
    if result is DealResult.LYUSYA:
        reset = tuple(side for side in range(seats.sides) if side != winner)
    boards = tuple(
        0 if side in reset else min(BOARD_TOP, board + gains[side])
        for side, board in enumerate(state.boards)
    )
    lost = tuple(state.boards[side] if side in reset else 0 for side in range(seats.sides))
    if result is DealResult.EGGS:
        eggs = state.eggs_pending + 1 if state.options.egg_pair else 0
    else:
        eggs = state.eggs_pending if winner is None else 0
    shown = (
        tuple(
            p.card for trick in deal.tricks if trick.kind is TrickKind.COFFIN for p in trick.plays
        )
        + deal.discards
    )
    return DealScored(
        kon_no=kon.kon_no,
        dealer=kon.dealer,
        boast=kon.boast,
        result=result,
        points=points,
        tricks=tricks,
        winner=winner,
        gains=tuple(gains),
        reset=reset,
        lost=lost,
        boards=boards,
        eggs_pending=eggs,
        caught_by=deal.caught_by,
        tailed=winner is not None
        and state.boards[winner] == BOARD_TOP - 1
        and points[winner] >= TWO_PAIRS_FROM
        and result not in (DealResult.CATCH, DealResult.MISDEAL),
        shown=shown,
    )


def _result(
    state: State, points: tuple[int, ...], tricks: tuple[int, ...]
) -> tuple[DealResult, int | None, int]:
    kon, deal = table.kon_of(state), table.deal_of(state)
    if deal.caught_by is not None:  # C32-26: 2 pairs to the шамок's side
        return DealResult.CATCH, table.side_of(state, deal.caught_by), 2
    if kon.demands >= 3:  # C32-11: the dealer's team loses
        return DealResult.MISDEAL, 1 - table.side_of(state, kon.dealer), 1
    best = max(points)
    if points.count(best) > 1:  # 60:60, or a shared top at the queen-of-spades table
        return DealResult.EGGS, None, 0
    total = sum(tricks)
    sweepers = [side for side, count in enumerate(tricks) if count == total]
    if total and sweepers:
        return DealResult.LYUSYA, sweepers[0], 0
    winner = points.index(best)
    others = sum(points) - best
    if others < SPAS:
        return DealResult.TWO_PAIRS, winner, 2
    return DealResult.ONE_PAIR, winner, 1


def game_end(state: State) -> GameEnded | None:
    """C32-31: a board at 6 pairs, or a first-deal Люся, ends the game."""
    last = state.last_deal
    if last is None or state.kon is None or not state.kon.scored:
        return None
    first_lyusya = (
        last.result is DealResult.LYUSYA
        and last.kon_no == 1
        and state.options.first_deal_lyusya_wins
    )
    top = [side for side, board in enumerate(state.boards) if board >= BOARD_TOP]
    if not first_lyusya and not top:
        return None
    winner = last.winner if first_lyusya else top[0]
    assert winner is not None
    tailed = last.tailed
    reason = "first_deal_lyusya" if first_lyusya else "board"
    losers = tuple(side for side in range(len(state.boards)) if side != winner)
    return ended(state, winner, losers, tailed, reason)


def ended(
    state: State, winner: int | None, losers: tuple[int, ...], tailed: bool, reason: str
) -> GameEnded:
    """The losers are goats; they share "with eggs" and "tailed", and each loser with no pair
    on his board is «сухой» (C32-31, C32-36; K-18 for a resignation, where a player of
    the queen-of-spades table loses alone and nobody wins)."""
    sides = len(state.boards)
    shared = ("goats",) + ("with_eggs",) * state.eggs_played + ("tailed",) * tailed
    by_side = tuple(
        shared + ("dry",) * (state.boards[side] == 0) if side in losers else ()
        for side in range(sides)
    )
    common = tuple(
        title for title in by_side[losers[0]] if all(title in by_side[s] for s in losers)
    )
    loser = losers[0] if len(losers) == 1 else None
    return GameEnded(winner, loser, state.boards, common, by_side, reason)
