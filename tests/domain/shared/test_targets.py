"""Every game's view says the figure it is played to and each side's way towards it (the
page draws its bars and end texts from it, knowing no game's number): K-17, C32-30, K4-20,
B-21, KZ-19, S66-27; and which of the viewer's moves end the deal at once, with their cost
(B-20, C32-11)."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.registry import GAMES
from app.domain.view import Target


def started(variant: str, raw: dict[str, Any], seats: int) -> Any:
    game = GAMES[variant]
    options = game.parse_options(raw, seats)
    state = None
    for event in game.start_game(options, seats, 0):
        state = game.evolve(state, event)
    return game, state


@pytest.mark.parametrize(
    ("variant", "raw", "seats", "target"),
    [
        ("kozel24", {}, 4, Target(12, (0, 0), ("K-17",))),
        ("kozel32", {}, 4, Target(6, (0, 0), ("C32-30", "C32-31"))),
        ("kozel4", {}, 4, Target(12, (0, 0), ("K4-20",))),
        ("bura", {"target": 5}, 3, Target(5, (0, 0, 0), ("B-21",))),
        ("kozly", {"target_marks": 4}, 4, Target(4, (0, 0, 0, 0), ("KZ-19",))),
        ("sixty_six", {"match_target": 3}, 2, Target(3, (0, 0), ("S66-27",))),
    ],
)
def test_the_view_says_the_target_of_the_tables_options(
    variant: str, raw: dict[str, Any], seats: int, target: Target
) -> None:
    game, state = started(variant, raw, seats)
    for seat in (None, 0):
        assert game.view_for(state, seat).target == target


def test_kz_19_a_game_to_ruin_has_no_target() -> None:
    game, state = started("kozly", {"end": "ruined"}, 4)
    assert game.view_for(state, 0).target is None


def test_kz_19_the_bars_measure_the_marks_received_not_the_balances() -> None:
    game, state = started("kozly", {}, 4)
    view = game.view_for(state, 0)
    assert view.scores == (12, 12, 12, 12)  # KZ-18: the balances
    assert view.target is not None
    assert view.target.toward == (0, 0, 0, 0)


def test_b_20_s66_22_c32_11_a_move_that_ends_the_deal_comes_with_its_cost() -> None:
    from app.domain.bura.commands import Declare
    from app.domain.kozel32.commands import DemandRedeal
    from tests.domain.bura.helpers import position
    from tests.domain.kozel32.helpers import plain_deal

    bura = position(["6S 7S 9C KH", "AS AH 6D AC"], stock="6H 7H 8H 9H JH QH KH")
    assert Declare(0) in GAMES["bura"].legal_actions(bura, 0)
    [caution] = GAMES["bura"].view_for(bura, 0).cautions
    assert (caution.move, caution.reason.rules) == ("declare", ("B-20",))
    assert "6 penalty points" in caution.reason.en
    assert "6 штрафных" in caution.reason.ru
    assert GAMES["bura"].view_for(bura, 1).cautions == ()  # not his turn: no declaration
    hands = [
        "9C 9S 9H 9D AS AH AD 10S",
        "7C 8C QC QS 7S 8S KS JS",
        "QH QD JC JH 7H 8H KH 10H",
        "JD 7D 8D KD 10D 10C AC KC",
    ]
    kon = plain_deal(hands, kon_no=2)
    assert DemandRedeal(0) in GAMES["kozel32"].legal_actions(kon, 0)
    [demand] = GAMES["kozel32"].view_for(kon, 0).cautions
    assert (demand.move, demand.reason.rules) == ("demand_redeal", ("C32-11",))
    assert GAMES["kozel32"].view_for(kon, 2).cautions == ()  # 24 points, no nines
