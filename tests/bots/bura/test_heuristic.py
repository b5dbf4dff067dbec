"""The heuristic bot of Bura: legal from its view alone at 2, 3 and 4 seats, and clearly
better than a uniformly random bot on duplicate deals."""

from __future__ import annotations

import inspect
import random

import pytest

from app.bots.bura.heuristic import HeuristicBot
from app.domain.bura import GAME
from app.domain.bura.options import Options
from tests.bots.multitrick.duplicate import RandomBot, duplicate_margin, seated
from tests.domain.multitrick.playout import play_game


def test_the_bot_sees_only_the_view() -> None:
    assert list(inspect.signature(HeuristicBot(random.Random(0)).choose).parameters) == ["view"]
    assert HeuristicBot.level == "heuristic"


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_bot_finishes_whole_games_legally(seats: int) -> None:
    options = Options(late_claims=True, ace_leads=True, four_ends_tens=True)
    for seed in range(3):
        choose = seated([HeuristicBot(random.Random(seed * 4 + s)) for s in range(seats)])
        play = play_game(GAME, options, seats, random.Random(seed), checks=False, choose=choose)
        assert GAME.is_terminal(play.state)


def test_the_bot_beats_a_random_bot_on_duplicate_deals_two_players() -> None:
    margin = duplicate_margin(
        GAME,
        Options(),
        2,
        HeuristicBot,
        RandomBot,
        lineups=((True, False), (False, True)),
        side_of=lambda seat: seat,
        pairs=150,
        by_penalties=True,
    )
    assert margin.low > 0, margin


def test_the_bot_beats_random_bots_on_duplicate_deals_three_players() -> None:
    margin = duplicate_margin(
        GAME,
        Options(declare=False),
        3,
        HeuristicBot,
        RandomBot,
        lineups=((True, False, False), (False, True, False), (False, False, True)),
        side_of=lambda seat: seat,
        pairs=60,
    )
    assert margin.low > 0, margin
