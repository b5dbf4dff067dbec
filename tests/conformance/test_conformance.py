"""Every registered game passes the random simulation of `simulate.py` in every configuration
its options and seat counts give: registering a game runs it."""

from __future__ import annotations

import random

import pytest

from app.domain.registry import GAMES
from tests.conformance.simulate import Config, Simulation, configs

CONFIGS = [config for game in GAMES.values() for config in configs(game)]


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_random_games_keep_the_seam(config: Config) -> None:
    for seed in range(3):
        Simulation(GAMES[config.variant], config, random.Random(seed)).run()


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_many_random_games_keep_the_seam(config: Config) -> None:
    for seed in range(100, 160):
        Simulation(GAMES[config.variant], config, random.Random(seed), strict=seed % 10 == 0).run()


def test_every_game_is_simulated_in_its_default_configuration() -> None:
    for variant, game in GAMES.items():
        assert Config(variant, game.info.seat_counts[0], {}) in CONFIGS
