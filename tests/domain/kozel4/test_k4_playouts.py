"""Random playouts of whole games through the game interface, every invariant checked at every
step (`tests.domain.multitrick.playout`): card conservation, 120 points a deal, replay and
snapshots, legality offered and refused, no hidden card in any view or payload, deal records,
and the end of the game."""

from __future__ import annotations

import random

import pytest

from app.domain.kozel4 import GAME
from app.domain.kozel4.options import Options
from tests.domain.multitrick.playout import play_game

COMBINATIONS = {
    "default": Options(),
    "handoff": Options(handoff=True),
    "ladder": Options(ladder=True, dealer_leads=True),
    "all": Options(
        ladder=False, dealer_leads=True, handoff=True, rank_leads=True, eggs_double=True
    ),
    "ladder_all": Options(
        ladder=True, dealer_leads=True, handoff=True, rank_leads=True, eggs_double=True
    ),
}
GAMES = 6


@pytest.mark.parametrize("name", COMBINATIONS)
def test_random_games_keep_every_invariant(name: str) -> None:
    for seed in range(GAMES):
        play = play_game(GAME, COMBINATIONS[name], 4, random.Random(f"{name} {seed}"))
        assert GAME.is_terminal(play.state)
        assert play.deals >= 1


@pytest.mark.parametrize("name", COMBINATIONS)
def test_many_random_games_end_without_checks(name: str) -> None:
    """The engine alone: hundreds of deals per combination end in a result."""
    deals = 0
    for seed in range(40):
        play = play_game(GAME, COMBINATIONS[name], 4, random.Random(seed), checks=False)
        assert GAME.is_terminal(play.state)
        deals += play.deals
    assert deals >= 100


@pytest.mark.slow
@pytest.mark.parametrize("name", COMBINATIONS)
def test_thousands_of_random_games_keep_every_invariant(name: str) -> None:
    for seed in range(200):
        play_game(GAME, COMBINATIONS[name], 4, random.Random(f"slow {name} {seed}"))
