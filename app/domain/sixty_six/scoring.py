"""Counting a deal and scoring it in game points (S66-21 … S66-25, S66-27, S66-28).

`counted_score` is a player's score as the rules count it; `Tally` is what the scoring of a
finished deal looks at, and `settle_claim` / `settle_cards_out` turn it into an `Outcome`: who
won the deal, how many game points, and why. The two settle functions take plain numbers, so
the scoring table of the rules (and cpatrasciuc's `GetGamePointsTest`) can be checked on them
directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.domain.sixty_six.options import Rules
from app.domain.sixty_six.state import Closing, Deal, DealEnd

OUT = 66
"""S66-22: the score that wins a deal."""
LAST_TRICK_BONUS = 10
RESIGNATION_POINTS = 3
"""S66-28: what a resignation during a deal gives the opponent."""


def last_trick_bonus(deal: Deal, rules: Rules, seat: int) -> int:
    """S66-25: 10 for the last trick in `66` when the stock was never closed."""
    if rules.schnapsen or deal.closing is not None or not deal.cards_out or not deal.tricks:
        return 0
    return LAST_TRICK_BONUS if deal.tricks[-1].winner == seat else 0


def counted_score(deal: Deal, rules: Rules, seat: int) -> int:
    """S66-21: his tricks' card points, the last-trick bonus where it applies, and his
    marriages once he has won a trick (S66-17: until then they are pending)."""
    won = deal.tricks_of(seat)
    score = sum(trick.points for trick in won) + last_trick_bonus(deal, rules, seat)
    if won:
        score += sum(m.points for m in deal.marriages if m.seat == seat)
    return score


@dataclass(frozen=True, slots=True)
class Tally:
    """What the scoring of a deal looks at."""

    points: tuple[int, int]
    """Both counted scores."""
    tricks: tuple[bool, bool]
    """Whether each player has won a trick (a count, not points: S66-23)."""
    closing: Closing | None
    last_winner: int | None
    """The winner of the last trick played."""


def tally(deal: Deal, rules: Rules) -> Tally:
    return Tally(
        points=(counted_score(deal, rules, 0), counted_score(deal, rules, 1)),
        tricks=(deal.has_trick(0), deal.has_trick(1)),
        closing=deal.closing,
        last_winner=deal.tricks[-1].winner if deal.tricks else None,
    )


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: int | None
    game_points: int
    reason: DealEnd

    def per_seat(self) -> tuple[int, int]:
        """The game points each seat scores for the deal."""
        if self.winner is None:
            return (0, 0)
        return (self.game_points, 0) if self.winner == 0 else (0, self.game_points)


def game_points_won(loser_points: int, loser_has_trick: bool) -> int:
    """S66-23, judged on the loser: 3 if he won no trick, 2 if he has ≤ 32, else 1."""
    if not loser_has_trick:
        return 3
    return 2 if loser_points <= 32 else 1


def _closer_fails(closing: Closing) -> Outcome:
    """S66-24: the closer's opponent scores 2, or 3 if he had no trick at the closing."""
    return Outcome(1 - closing.closer, 2 if closing.opponent_tricks else 3, DealEnd.CLOSED_FAILURE)


def settle_claim(tally: Tally, claimer: int) -> Outcome:
    """S66-22 (and S66-24 in a closed deal): a claim, checked."""
    opponent = 1 - claimer
    correct = tally.points[claimer] >= OUT
    closing = tally.closing
    if closing is not None and claimer == closing.closer:
        if not correct:
            return _closer_fails(closing)
        # S66-23: judged on the opponent as he was at the closing.
        won = game_points_won(closing.opponent_points, closing.opponent_tricks)
        return Outcome(claimer, won, DealEnd.CLAIM)
    if correct:
        if closing is not None:
            return _closer_fails(closing)  # the closer's opponent made 66 first
        won = game_points_won(tally.points[opponent], tally.tricks[opponent])
        return Outcome(claimer, won, DealEnd.CLAIM)
    # S66-22: a false claim; in a closed deal this is the closer's opponent's claim.
    return Outcome(opponent, 2 if tally.tricks[opponent] else 3, DealEnd.FALSE_CLAIM)


def last_trick_claimer(tally: Tally) -> int | None:
    """S66-25: when the last trick is over, its winner's 66 is his claim."""
    last = tally.last_winner
    return last if last is not None and tally.points[last] >= OUT else None


def settle_cards_out(tally: Tally, rules: Rules) -> Outcome:
    """S66-25: the last trick is over. Its winner's 66 is his claim; otherwise a closed deal
    fails the closer, `66` goes to the higher score (equal: void) and `schnapsen` to the
    last trick's winner for 1."""
    claimer = last_trick_claimer(tally)
    if claimer is not None:
        return settle_claim(tally, claimer)
    if tally.closing is not None:
        return _closer_fails(tally.closing)
    last = tally.last_winner
    assert last is not None, "the cards run out only after a trick"
    if rules.schnapsen:
        return Outcome(last, 1, DealEnd.LAST_TRICK)
    first, second = tally.points
    if first == second:
        return Outcome(None, 0, DealEnd.TIE)
    winner = 0 if first > second else 1
    loser = 1 - winner
    won = game_points_won(tally.points[loser], tally.tricks[loser])
    return Outcome(winner, won, DealEnd.LAST_TRICK)


def resigned(seat: int) -> Outcome:
    """S66-28: resigning during a deal gives the opponent 3 for it."""
    return Outcome(1 - seat, RESIGNATION_POINTS, DealEnd.RESIGNED)


def match_winner(game_points: tuple[int, int], rules: Rules) -> int | None:
    """S66-27: the first to `match_target` wins (one seat scores per deal, so never both)."""
    for seat, total in enumerate(game_points):
        if total >= rules.match_target:
            return seat
    return None
