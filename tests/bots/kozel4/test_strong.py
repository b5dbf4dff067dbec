"""The strong bot of Kozel with 4 cards: legal deals and whole games (with every option),
its choice made from the view alone, worlds that agree with the view, and better than the
heuristic bot on a fixed set of duplicate deals."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from app.bots import Bot
from app.bots.arena import play_game, start
from app.bots.kozel4.heuristic import HeuristicBot
from app.bots.kozel4.strong import StrongBot
from app.bots.multitrick.strong import BUDGET
from app.bots.registry import make_bot
from app.domain.kozel4 import GAME
from app.domain.kozel4.options import Options
from app.domain.seats import PARTNERS
from tests.bots.multitrick.duplicate import duplicate_margin
from tests.bots.multitrick.strong_checks import (
    check_world,
    mid_deal,
    same_choice,
    sampled_worlds,
    untimed,
)

OPTIONS = [Options(), Options(ladder=True), Options(handoff=True, rank_leads=True)]


def quick(seed: int) -> StrongBot:
    """Two worlds a move: as legal as any budget, and fast enough to play whole games."""
    return StrongBot(random.Random(seed), replace(BUDGET, samples=2))


def test_the_registry_offers_the_strong_bot() -> None:
    assert isinstance(make_bot("kozel4", "strong", random.Random(0)), StrongBot)
    assert StrongBot.level == "strong"


@pytest.mark.parametrize("options", OPTIONS)
def test_the_bot_plays_seeded_deals_legally(options: Options) -> None:
    """`decide` refuses anything illegal, so a deal played to its score is a legal one; one
    team is the strong bot's, the other the heuristic's."""
    for seed in range(2):
        bots: list[Bot | None] = [
            quick(seed * 4 + s) if s % 2 == seed % 2 else HeuristicBot(random.Random(s))
            for s in range(4)
        ]
        table = start(GAME, options, 4, seed, bots)
        table.play_deal(bytes([seed, 4]), 0)
        assert GAME.deal_outcome(table.state) is not None
        assert set(table.timings.by_level) == {"strong", "heuristic"}


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTIONS)
def test_the_bot_finishes_whole_games_legally(options: Options) -> None:
    bots: list[Bot | None] = [quick(s) for s in range(4)]
    table = play_game(GAME, options, 4, bots, random.Random(1))
    assert GAME.is_terminal(table.state)


@pytest.mark.parametrize("options", OPTIONS[:2])
def test_hidden_cards_do_not_change_the_choice(options: Options) -> None:
    """Two deals that look the same from the seat to play (the other hands and the stock
    dealt anew) get the same answer from the same bot, which saw the same views before."""
    rng = random.Random(4)
    checked = 0
    while checked < 3:
        seat = rng.randrange(4)
        watcher = untimed(StrongBot, checked)
        state = mid_deal(GAME, options, 4, rng, watcher, seat, HeuristicBot)
        if state is not None:
            same_choice(GAME, state, seat, watcher)
            checked += 1


@pytest.mark.parametrize("options", OPTIONS)
def test_the_sampled_worlds_agree_with_the_view(options: Options) -> None:
    rng = random.Random(14)
    checked = 0
    while checked < 4:
        seat = rng.randrange(4)
        watcher = untimed(StrongBot, checked)
        state = mid_deal(GAME, options, 4, rng, watcher, seat, HeuristicBot)
        if state is None:
            continue
        for sampled in sampled_worlds(GAME, state, seat, watcher, 20):
            check_world(GAME, state, seat, watcher, sampled)
        checked += 1


@pytest.mark.slow
def test_the_bot_beats_the_heuristic_on_fixed_duplicate_deals() -> None:
    """20 seeded duplicate pairs of deals, by the penalties written; a fixed number of worlds
    a move (no deadline), so that the load of the machine does not change the games."""
    margin = duplicate_margin(
        GAME,
        Options(),
        4,
        lambda rng: StrongBot(rng, BUDGET),
        HeuristicBot,
        lineups=((True, False, True, False), (False, True, False, True)),
        side_of=PARTNERS.side_of,
        pairs=20,
        by_penalties=True,
    )
    assert margin.mean > 0, margin
