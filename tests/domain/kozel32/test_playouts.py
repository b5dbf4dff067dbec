"""Random complete games at every kind of table and with every boast, each step checked
(`playout`): a few with every check, many with the light ones; thousands in the slow run."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.domain.kozel32.options import ALL_BOASTS
from tests.domain.kozel32.playout import Check, play_random_game

TABLES: list[tuple[int, dict[str, Any]]] = [
    (4, {}),
    (4, {"boasts": []}),
    *[(4, {"boasts": [boast]}) for boast in sorted(ALL_BOASTS)],
    (
        4,
        {
            "trump_preset": "diamonds",
            "pants_names_trump": True,
            "boaster_names_trump": False,
            "star_open_rounds": 4,
            "merry_sad_leads": "first_trick",
            "trump_lead_restriction": True,
            "unled_ace_ban": True,
            "egg_pair": False,
            "first_deal_lyusya_wins": False,
            "last_trump_max": 2,
            "four_queens_redeal": True,
            "table_messages": True,
        },
    ),
    (4, {"trump_lead_restriction": True, "unled_ace_ban": True, "last_trump_max": 2}),
    (4, {"pants_names_trump": True, "shamok_catch": False, "boasts": ["pants", "double_pants"]}),
    (3, {}),
    (3, {"three_player_mode": "queen_of_spades"}),
    (
        3,
        {"three_player_mode": "queen_of_spades", "trump_preset": "diamonds", "unled_ace_ban": True},
    ),
    (2, {"four_queens_redeal": True}),
]
IDS = [
    f"{players}-{'-'.join(f'{k}={v}' for k, v in options.items()) or 'defaults'}"[:60]
    for players, options in TABLES
]


@pytest.mark.parametrize(("players", "options"), TABLES, ids=IDS)
def test_random_games_keep_every_invariant(players: int, options: dict[str, Any]) -> None:
    game = play_random_game(random.Random(0), options, players, Check.FULL)
    assert game.deals >= 1


@pytest.mark.parametrize(("players", "options"), TABLES, ids=IDS)
def test_many_random_games_keep_the_light_invariants(players: int, options: dict[str, Any]) -> None:
    for seed in range(1, 16):
        play_random_game(random.Random(seed), options, players, Check.LIGHT)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), TABLES, ids=IDS)
def test_thousands_of_random_games(players: int, options: dict[str, Any]) -> None:
    for seed in range(100, 120):
        play_random_game(random.Random(seed), options, players, Check.FULL)
    for seed in range(1000, 1060):
        play_random_game(random.Random(seed), options, players, Check.LIGHT)
