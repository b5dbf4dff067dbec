"""The count, the marks and the end of the game (KZ-16 to KZ-20): pure functions of numbers.

A round is won by the one player with the highest total, when it is at least `win_at`
(KZ-16): in `halves` on the deal's own points, in `stock` on the running totals carried over
the deals (KZ-17). The losers pay the winner from their marks, the round's dealers 1 and the
others 2 (KZ-18); the game ends when a player has received `target_marks`, or (`ruined`) when
a player has none left (KZ-19).
"""

from __future__ import annotations

from app.domain.kozly.events import DealScored
from app.domain.kozly.options import Options
from app.domain.kozly.state import SEATS, DealSummary

END_REASONS = ("received12", "ruined", "resigned")
"""KZ-19: the table's `end` (a player received `targetMarks`, or one has no mark left);
KZ-20: a player resigned."""
TITLE = "goats"
"""KZ-19: the players with the lowest balance «остаются козлами»."""
FULL_PAYMENT = 2
DEALERS_PAYMENT = 1


def round_dealers(options: Options, dealer: int) -> tuple[int, ...]:
    """KZ-18: the dealers who pay the reduced rate: in `halves` half 1's and half 2's
    (`dealer` and `dealer + 1`, KZ-11), in `stock` the deal's dealer."""
    if options.halves:
        return (dealer, (dealer + 1) % SEATS)
    return (dealer,)


def next_dealer(options: Options, dealer: int) -> int:
    """KZ-7: each half is dealt in turn, so a `halves` deal moves the deal two seats, a
    `stock` deal one; void and carried deals pass it too."""
    return (dealer + (2 if options.halves else 1)) % SEATS


def round_winner(totals: tuple[int, ...], win_at: int) -> int | None:
    """KZ-16, KZ-17: the one player with the highest total, if it reaches `win_at`; nobody
    when the highest is shared (60 : 60, or carried totals tied at the top)."""
    top = max(totals)
    if top < win_at or totals.count(top) > 1:
        return None
    return totals.index(top)


def payments(marks: tuple[int, ...], winner: int, dealers: tuple[int, ...]) -> tuple[int, ...]:
    """KZ-18: what each seat gives the winner: 1 from a dealer, 2 from the others, never
    more than he has; the winner gives nothing."""
    return tuple(
        0
        if seat == winner
        else min(marks[seat], DEALERS_PAYMENT if seat in dealers else FULL_PAYMENT)
        for seat in range(SEATS)
    )


def score_deal(
    options: Options,
    deal_no: int,
    dealer: int,
    points: tuple[int, ...],
    carried: tuple[int, ...],
    marks: tuple[int, ...],
) -> DealScored:
    """KZ-16 to KZ-18: the count of a finished deal."""
    totals = (
        points if options.halves else tuple(c + p for c, p in zip(carried, points, strict=True))
    )
    dealers = round_dealers(options, dealer)
    winner = round_winner(totals, options.win_at)
    if winner is None:
        reason = "void" if options.halves else "carried"
        return DealScored(deal_no, dealers, points, totals, None, (0,) * SEATS, reason)
    paid = payments(marks, winner, dealers)
    return DealScored(deal_no, dealers, points, totals, winner, paid, "won")


def settled(marks: tuple[int, ...], winner: int, paid: tuple[int, ...]) -> tuple[int, ...]:
    """The balances after the losers paid `paid` to `winner`."""
    gained = sum(paid)
    return tuple(
        m - p + (gained if s == winner else 0)
        for s, (m, p) in enumerate(zip(marks, paid, strict=True))
    )


def game_over(
    options: Options, marks: tuple[int, ...], received: tuple[int, ...], winner: int
) -> bool:
    """KZ-19, at the end of a round that `winner` won: `received12`, he has received
    `target_marks` or more in all (gross); `ruined`, someone has no marks left."""
    if options.end == "received12":
        return received[winner] >= options.target_marks
    return 0 in marks


def places(marks: tuple[int, ...], first: int | None, last: int | None) -> tuple[int, ...]:
    """KZ-19, KZ-20: each seat's place. The winner (`first`) is first whatever his balance,
    a resigner (`last`) last; the others rank by balance, highest first, and equal balances
    share a place (the next place is skipped: 1, 2, 2, 4)."""
    ranked = [s for s in range(SEATS) if s not in (first, last)]
    above = 1 if first is not None else 0
    return tuple(
        1
        if seat == first
        else SEATS
        if seat == last
        else 1 + above + sum(marks[o] > marks[seat] for o in ranked)
        for seat in range(SEATS)
    )


def goats(marks: tuple[int, ...], first: int | None, last: int | None) -> tuple[int, ...]:
    """KZ-19: every player but the winner with the lowest balance remains a goat; KZ-20:
    after a resignation the resigner is the only goat."""
    if last is not None:
        return (last,)
    others = [s for s in range(SEATS) if s != first]
    lowest = min(marks[s] for s in others)
    return tuple(s for s in others if marks[s] == lowest)


def summary_of(event: DealScored) -> DealSummary:
    """The view's `last_deal` (and the deal record's outcome) from the fact of a count."""
    return DealSummary(
        event.deal_no,
        event.dealers,
        event.points,
        event.totals,
        event.winner,
        event.paid,
        sum(event.paid),
        event.reason,
    )
