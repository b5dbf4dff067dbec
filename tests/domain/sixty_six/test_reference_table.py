"""S66-23 … S66-25 against the published game-point table of cpatrasciuc/schnapsen-card-game
(`src/model/game_state_test.py`, `GetGamePointsTest.test_one_player_reaches_66_talon_not_closed`),
which plays `schnapsen` with the automatic claim (our `auto_out = true`).

Each row is `(trick points, winner of the last trick, closer, opponent's points at the
closing) -> game points`, players ONE and TWO as seats 0 and 1. That engine tells "won a
trick" by points > 0, which is exact without nines; our count of tricks is given the same way.
With `auto_out` the player who reaches 66 has claimed (S66-22); otherwise the cards ran out
(S66-25). Every row is also checked with the seats swapped, as the original test does.
"""

from __future__ import annotations

import pytest

from app.domain.sixty_six.options import Options, Rules
from app.domain.sixty_six.scoring import Tally, settle_cards_out, settle_claim
from app.domain.sixty_six.state import Closing

RULES = Rules.of(Options(deck="schnapsen", auto_out=True))
ONE, TWO = 0, 1

TABLE = [
    # Player ONE wins, talon not closed
    ((66, 33), ONE, None, None, (1, 0)),
    ((68, 40), ONE, None, None, (1, 0)),
    ((66, 32), ONE, None, None, (2, 0)),
    ((70, 12), ONE, None, None, (2, 0)),
    ((66, 0), ONE, None, None, (3, 0)),
    ((70, 0), ONE, None, None, (3, 0)),
    ((62, 58), ONE, None, None, (1, 0)),
    ((58, 62), ONE, None, None, (1, 0)),
    # Player ONE closed the talon
    ((66, 33), None, ONE, 33, (1, 0)),
    ((68, 50), None, ONE, 40, (1, 0)),
    ((58, 45), None, ONE, 40, (0, 2)),
    ((66, 42), None, ONE, 32, (2, 0)),
    ((70, 12), None, ONE, 12, (2, 0)),
    ((60, 22), None, ONE, 12, (0, 2)),
    ((66, 33), None, ONE, 0, (3, 0)),
    ((70, 10), None, ONE, 0, (3, 0)),
    ((50, 0), None, ONE, 0, (0, 3)),
]


def game_points(
    points: tuple[int, int], last: int | None, closer: int | None, at_closing: int | None
) -> tuple[int, int]:
    closing = None
    if closer is not None:
        assert at_closing is not None
        closing = Closing(closer, at_closing, at_closing > 0, before_draw=False)
    tally = Tally(points, (points[0] > 0, points[1] > 0), closing, last)
    out = [seat for seat in (0, 1) if points[seat] >= 66]
    outcome = settle_claim(tally, out[0]) if out else settle_cards_out(tally, RULES)
    return outcome.per_seat()


@pytest.mark.parametrize(("points", "last", "closer", "at_closing", "expected"), TABLE)
def test_s66_23_the_reference_game_point_table(
    points: tuple[int, int],
    last: int | None,
    closer: int | None,
    at_closing: int | None,
    expected: tuple[int, int],
) -> None:
    assert game_points(points, last, closer, at_closing) == expected
    swapped = (points[1], points[0])
    other = None if last is None else 1 - last
    closer_swapped = None if closer is None else 1 - closer
    assert game_points(swapped, other, closer_swapped, at_closing) == (expected[1], expected[0])
