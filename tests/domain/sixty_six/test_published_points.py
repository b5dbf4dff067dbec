"""S66-22 … S66-25 against the published game-point rules: the table «Game points against
the published rules» in docs/rules/sixty_six.md, row by row (P1 … P23).

Each row runs through the scoring the engine's `decide` uses (`scoring.tally` of a deal,
`settle_claim` for a claim, `settle_cards_out` once the last trick is over) and asserts OUR
game points. Where we differ from a published source on purpose, the row names the Decision.
Seats: ONE is seat 0, TWO seat 1. A row's sources are in the docs table:
pagat's Schnapsen scoring as quoted in the VU engine's `declare_winner` docstring
(intelligent-systems-course/schnapsen, src/schnapsen/game.py), bclins' pagat-based Schnapsen
guide, cpatrasciuc/schnapsen-card-game's `get_game_points` (src/model/game_state.py) and its
`GetGamePointsTest`, and the seed (rules/sixty-six.md l.56-64).
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from app.domain.cards import Suit
from app.domain.sixty_six import Options
from app.domain.sixty_six.options import Rules
from app.domain.sixty_six.scoring import Tally, settle_cards_out, settle_claim, tally
from app.domain.sixty_six.state import Closing, Marriage, Trick
from tests.domain.sixty_six.helpers import position, won

ONE, TWO = 0, 1
SIXTY_SIX = Rules.of(Options(deck="66"))
SCHNAPSEN = Rules.of(Options(deck="schnapsen"))


@dataclass(frozen=True)
class Row:
    """A finished deal as the scoring sees it."""

    rules: Rules
    points: tuple[int, int]
    """Both counted scores at the end."""
    tricks: tuple[bool, bool] = (True, True)
    """Whether each side has won a trick (a count: S66-23)."""
    claimer: int | None = ONE
    """Who claimed out; None: the last trick is over and nobody claimed."""
    last: int = ONE
    """The winner of the last trick played."""
    closing: Closing | None = None

    def game_points(self) -> tuple[int, int]:
        counted = Tally(self.points, self.tricks, self.closing, self.last)
        if self.claimer is None:
            return settle_cards_out(counted, self.rules).per_seat()
        return settle_claim(counted, self.claimer).per_seat()


def closed_by_one(o_pts: int, o_tricks: bool = True) -> Closing:
    """ONE closed (after a draw) when TWO had `o_pts` and (or not) a trick."""
    return Closing(ONE, o_pts, o_tricks, before_draw=False)


# S66-23: a won deal, judged on the loser (no closing).
WON_DEAL = {
    "P1 66:33 -> 1": (Row(SCHNAPSEN, (66, 33)), (1, 0)),
    "P2 66:32 -> 2": (Row(SCHNAPSEN, (66, 32)), (2, 0)),
    "P3 66:0, no trick -> 3": (Row(SCHNAPSEN, (66, 0), tricks=(True, False)), (3, 0)),
    # Decision S66-23: "won a trick" is a count of tricks. TWO's one trick is two nines, 0
    # points: 2, where cpatrasciuc's `get_game_points` (points > 0) would give 3.
    "P4 66-deck, 66:0 with a trick of two nines -> 2": (Row(SIXTY_SIX, (66, 0)), (2, 0)),
}


# S66-25: the last trick is over and nobody claimed.
CARDS_OUT = {
    "P5 schnapsen 62:58, ONE took the last trick -> ONE 1": (
        Row(SCHNAPSEN, (62, 58), claimer=None, last=ONE),
        (1, 0),
    ),
    "P6 schnapsen 58:62, ONE took the last trick -> ONE 1": (
        Row(SCHNAPSEN, (58, 62), claimer=None, last=ONE),
        (1, 0),
    ),
    # Decision S66-25: an earlier 66 that TWO did not claim is only a score; in `schnapsen`
    # the last trick's winner scores 1 (as pagat's text quoted by the VU engine says). The
    # bare `get_game_points` would give TWO 1 (it looks at 66 first; that engine claims
    # automatically, so the position cannot arise there).
    "P7 schnapsen 50:70 unclaimed, ONE took the last trick -> ONE 1": (
        Row(SCHNAPSEN, (50, 70), claimer=None, last=ONE),
        (1, 0),
    ),
    # Decision S66-25: 65 : 65 in `66` is a void deal, no game points (the seed only says
    # the higher score wins; no carry-over).
    "P8 66-deck 65:65, ONE took the last trick -> void": (
        Row(SIXTY_SIX, (65, 65), claimer=None, last=ONE),
        (0, 0),
    ),
}


# S66-23 with S66-24: the closer wins, judged on the opponent at the closing.
CLOSER_WINS = {
    "P9 closed at 33, 66:33 -> 1": (Row(SCHNAPSEN, (66, 33), closing=closed_by_one(33)), (1, 0)),
    "P10 closed at 40, 68:50 -> 1": (Row(SCHNAPSEN, (68, 50), closing=closed_by_one(40)), (1, 0)),
    "P11 closed at 32, 66:42 -> 2": (Row(SCHNAPSEN, (66, 42), closing=closed_by_one(32)), (2, 0)),
    "P12 closed at 0 with no trick, 66:33 -> 3": (
        Row(SCHNAPSEN, (66, 33), closing=closed_by_one(0, o_tricks=False)),
        (3, 0),
    ),
    # Decision S66-23: closed when TWO's only trick was two nines (oPts 0, oTricks true):
    # 2, where `get_game_points` (on the points at the closing) would give 3; bclins' guide
    # ("3 … if the non-closer had no tricks when the stack was closed") gives 2.
    "P17 66-deck, closed at 0 with a trick of two nines, 66:20 -> 2": (
        Row(SIXTY_SIX, (66, 20), closing=closed_by_one(0)),
        (2, 0),
    ),
}


# S66-24: the closer fails.
CLOSER_FAILS = {
    "P13 closed at 40, cards out 58:45 -> TWO 2": (
        Row(SCHNAPSEN, (58, 45), claimer=None, closing=closed_by_one(40)),
        (0, 2),
    ),
    "P14 closed at 12, cards out 60:22 -> TWO 2": (
        Row(SCHNAPSEN, (60, 22), claimer=None, closing=closed_by_one(12)),
        (0, 2),
    ),
    "P15 closed at 0 with no trick, cards out 50:0 -> TWO 3": (
        Row(
            SCHNAPSEN,
            (50, 0),
            tricks=(True, False),
            claimer=None,
            closing=closed_by_one(0, o_tricks=False),
        ),
        (0, 3),
    ),
    "P16 closed at 40, TWO claims 50:66 -> TWO 2": (
        Row(SCHNAPSEN, (50, 66), claimer=TWO, last=TWO, closing=closed_by_one(40)),
        (0, 2),
    ),
    # Decision S66-23 (a count of tricks), in S66-24's failure: TWO had a trick of two
    # nines at the closing: 2, where `get_game_points` would give max(2, 3) = 3.
    "P18 66-deck, closed at 0 with a trick of two nines, cards out 60:60 -> TWO 2": (
        Row(SIXTY_SIX, (60, 60), claimer=None, last=TWO, closing=closed_by_one(0)),
        (0, 2),
    ),
    # Decision S66-24: a false claim by the closer is judged on oTricks at the closing (as
    # bclins' guide words the failed close), not on the opponent's tricks at the claim (the
    # seed's l.60 false-claim rule would give 2 here).
    "P21 closed with TWO on no trick, TWO won one since, ONE claims falsely 60:30 -> TWO 3": (
        Row(SCHNAPSEN, (60, 30), closing=closed_by_one(0, o_tricks=False)),
        (0, 3),
    ),
}


# S66-22: a false claim, stock never closed.
FALSE_CLAIM = {
    "P19 ONE claims with 60, TWO has a trick -> TWO 2": (Row(SCHNAPSEN, (60, 40)), (0, 2)),
    "P20 ONE claims with 60, TWO has no trick -> TWO 3": (
        Row(SCHNAPSEN, (60, 0), tricks=(True, False)),
        (0, 3),
    ),
}


@pytest.mark.parametrize(("row", "expected"), WON_DEAL.values(), ids=WON_DEAL.keys())
def test_s66_23_a_won_deal_against_the_published_points(
    row: Row, expected: tuple[int, int]
) -> None:
    assert row.game_points() == expected


@pytest.mark.parametrize(("row", "expected"), CARDS_OUT.values(), ids=CARDS_OUT.keys())
def test_s66_25_the_end_of_the_cards_against_the_published_points(
    row: Row, expected: tuple[int, int]
) -> None:
    assert row.game_points() == expected


@pytest.mark.parametrize(("row", "expected"), CLOSER_WINS.values(), ids=CLOSER_WINS.keys())
def test_s66_23_s66_24_the_closers_win_against_the_published_points(
    row: Row, expected: tuple[int, int]
) -> None:
    assert row.game_points() == expected


@pytest.mark.parametrize(("row", "expected"), CLOSER_FAILS.values(), ids=CLOSER_FAILS.keys())
def test_s66_24_the_closer_fails_against_the_published_points(
    row: Row, expected: tuple[int, int]
) -> None:
    assert row.game_points() == expected


@pytest.mark.parametrize(("row", "expected"), FALSE_CLAIM.values(), ids=FALSE_CLAIM.keys())
def test_s66_22_a_false_claim_against_the_published_points(
    row: Row, expected: tuple[int, int]
) -> None:
    assert row.game_points() == expected


N66 = (won(ONE, "AS 10S"), won(ONE, "AH 10H"), won(ONE, "AD 10D"), won(ONE, "QS 9C"))
"""ONE's 66 card points."""


def claim_with_marriages(theirs: tuple[Trick, ...], marriages: tuple[Marriage, ...]) -> Tally:
    """ONE, on lead with the stock open, has N66; TWO has `theirs` and `marriages`: the
    tally the engine makes of that deal (S66-17, S66-21)."""
    state = position(
        ("JS 9D", "JH KH"), "C", stock="KS JC", leader=ONE, tricks=N66 + theirs, marriages=marriages
    )
    assert state.deal is not None
    return tally(state.deal, state.rules)


def test_s66_23_p22_the_losers_credited_marriage_counts() -> None:
    """P22: TWO's one trick (KH 10D, 14) and his credited 20 are 34 ≥ 33: 1, as
    `get_game_points` counts it (its trick points hold a marriage once a trick is won).
    Decision S66-23: the loser's credited marriages count."""
    counted = claim_with_marriages((won(TWO, "KH 10D"),), (Marriage(TWO, Suit.HEARTS, 20),))
    assert counted.points == (66, 34)
    assert settle_claim(counted, ONE).per_seat() == (1, 0)


def test_s66_23_p23_a_pending_marriage_does_not_save_the_loser() -> None:
    """P23: TWO declared 20 but has won no trick: it stays pending (S66-17), 0 points and no
    trick: 3, as pagat's text and `get_game_points` give."""
    counted = claim_with_marriages((), (Marriage(TWO, Suit.HEARTS, 20),))
    assert counted.points == (66, 0)
    assert counted.tricks == (True, False)
    assert settle_claim(counted, ONE).per_seat() == (3, 0)


def test_s66_23_p4_a_trick_of_two_nines_is_a_trick() -> None:
    """P4 on a deal: the engine's tally counts TWO's trick of two nines (0 points) as a
    trick, so the claim scores 2, not 3 (Decision S66-23)."""
    counted = claim_with_marriages((won(TWO, "9H 9S"),), ())
    assert counted.points == (66, 0)
    assert counted.tricks == (True, True)
    assert settle_claim(counted, ONE).per_seat() == (2, 0)
