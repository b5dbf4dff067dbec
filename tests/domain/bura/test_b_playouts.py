"""Random playouts of whole games at 2, 3 and 4 seats through the game interface, every
invariant checked at every step (`tests.domain.multitrick.playout`)."""

from __future__ import annotations

import random

import pytest

from app.domain.bura import GAME
from app.domain.bura.options import Options
from tests.domain.multitrick.playout import play_game

COMBINATIONS = {
    "default": Options(),
    "late_ace_open": Options(late_claims=True, ace_leads=True, open_discards=True),
    "tens_trump_ace_rank": Options(
        four_ends_tens=True, moscow_trump_ace=True, rank_leads=True, ace_leads=True
    ),
    "no61_eggs_single": Options(win_needs_61=False, eggs_double=True, single_deal=True),
    "no_declare": Options(declare=False, late_claims=True),
}
CASES = [(name, seats) for name in COMBINATIONS for seats in (2, 3, 4)]


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_random_games_keep_every_invariant(name: str, seats: int) -> None:
    for seed in range(4):
        play = play_game(GAME, COMBINATIONS[name], seats, random.Random(f"{name} {seats} {seed}"))
        assert GAME.is_terminal(play.state)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_many_random_games_end_without_checks(seats: int) -> None:
    deals = 0
    for seed in range(60):
        options = list(COMBINATIONS.values())[seed % len(COMBINATIONS)]
        play = play_game(GAME, options, seats, random.Random(seed), checks=False)
        assert GAME.is_terminal(play.state)
        deals += play.deals
    assert deals >= 100


@pytest.mark.slow
@pytest.mark.parametrize(("name", "seats"), CASES)
def test_thousands_of_random_games_keep_every_invariant(name: str, seats: int) -> None:
    for seed in range(200):
        play_game(GAME, COMBINATIONS[name], seats, random.Random(f"slow {name} {seats} {seed}"))
