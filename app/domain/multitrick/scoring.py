"""Scoring a deal and a series of deals (K4-18..K4-20, B-18..B-21): the 2/4/6 scale of loss
(penalty) points, eggs and their doubling, and the end of the game at the target.

A **side** is a team in Kozel with 4 cards and a player in Bura; everything here is per side.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.domain.multitrick.events import GameEnded
from app.domain.multitrick.record import DealSummary
from app.domain.view import Result, places

WIN = 61
"""K4-18, B-18: the card points that win a deal."""
LOW = 30
"""K4-18, B-18: at this many points or fewer, a side that took a trick gets 4."""


def scale(points: int, took: bool) -> int:
    """2 from 31 points, 4 at 30 or fewer with a trick (even a 0-point one), 6 without."""
    if points > LOW:
        return 2
    return 4 if took else 6


def full_deal(
    points: Sequence[int], took: Sequence[bool], win_needs_61: bool = True
) -> tuple[int, ...]:
    """The penalties of a deal played to the end, before any doubling.

    A side with 61 or more wins and gets 0, every other side the scale. With two sides
    nobody reaching 61 is 60:60, eggs: nothing (K4-19, B-18). With three or four, nobody is
    exempt then, unless `win_needs_61` is off: the top totals get 0 (all equal: eggs).
    """
    sides = range(len(points))
    winners = {s for s in sides if points[s] >= WIN}
    if not winners:
        if len(points) == 2:
            return (0, 0)
        if not win_needs_61:
            winners = {s for s in sides if points[s] == max(points)}
    if len(winners) == len(points):
        return (0,) * len(points)
    return tuple(0 if s in winners else scale(points[s], took[s]) for s in sides)


def doubled(penalties: Sequence[int], multiplier: int) -> tuple[int, ...]:
    return tuple(p * multiplier for p in penalties)


def result_of(ended: GameEnded | None) -> Result | None:
    """The view's result: the sole loser, and the winner (the one with the fewest penalty
    points among several, B-21), where there is one; every side's place, the winners first
    and each group by fewer penalty points (K4-20, B-21)."""
    if ended is None:
        return None
    best = min((ended.penalties[side] for side in ended.winners), default=None)
    first = [side for side in ended.winners if ended.penalties[side] == best]
    penalties = ended.penalties
    return Result(
        winner=first[0] if len(first) == 1 else None,
        loser=ended.losers[0] if len(ended.losers) == 1 else None,
        scores=penalties,
        titles=ended.titles,
        reason=ended.reason,
        places=places([(side not in ended.winners, total) for side, total in enumerate(penalties)]),
    )


def game_returns(ended: GameEnded | None, sides: int) -> tuple[float, ...]:
    """+1 for a winner, -1 for a loser, 0 before the end."""
    if ended is None:
        return (0.0,) * sides
    return tuple(
        1.0 if side in ended.winners else -1.0 if side in ended.losers else 0.0
        for side in range(sides)
    )


def deal_outcome(deal: DealSummary | None) -> tuple[float, ...] | None:
    """What the last deal was worth to each side: the others' penalties (on average) less its
    own, so that a deal's outcomes add up to 0."""
    if deal is None:
        return None
    total, others = sum(deal.penalties), len(deal.penalties) - 1
    return tuple((total - own) / others - own for own in deal.penalties)
