"""The heuristic bot of Kozel with 4 cards: legal from its view alone, and clearly better
than a uniformly random bot on duplicate deals."""

from __future__ import annotations

import inspect
import random

from app.bots.kozel4.heuristic import HeuristicBot
from app.domain.kozel4 import GAME
from app.domain.kozel4.options import Options
from app.domain.seats import PARTNERS
from tests.bots.multitrick.duplicate import RandomBot, duplicate_margin, seated
from tests.domain.multitrick.playout import play_game


def test_the_bot_sees_only_the_view() -> None:
    assert list(inspect.signature(HeuristicBot(random.Random(0)).choose).parameters) == ["view"]
    assert HeuristicBot.level == "heuristic"


def test_the_bot_finishes_whole_games_with_every_option_legally() -> None:
    options = Options(handoff=True, rank_leads=True, eggs_double=True)
    for seed in range(3):
        choose = seated([HeuristicBot(random.Random(seed * 4 + s)) for s in range(4)])
        play = play_game(GAME, options, 4, random.Random(seed), checks=False, choose=choose)
        assert GAME.is_terminal(play.state)


def test_the_bot_beats_a_random_bot_on_duplicate_deals() -> None:
    margin = duplicate_margin(
        GAME,
        Options(),
        4,
        HeuristicBot,
        RandomBot,
        lineups=((True, False, True, False), (False, True, False, True)),
        side_of=PARTNERS.side_of,
        pairs=120,
    )
    assert margin.low > 0, margin
