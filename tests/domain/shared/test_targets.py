"""Every game's view says the figure it is played to and each side's way towards it (the
page draws its bars and end texts from it, knowing no game's number): K-17, C32-30, K4-20,
B-21, KZ-19, S66-27."""

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
