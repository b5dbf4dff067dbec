"""The strong bot of Bura: legal whole deals and games at 2, 3 and 4 seats, its choice made
from the view alone, worlds that agree with the view, and better than the heuristic bot on a
fixed set of duplicate deals."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from app.bots import Bot
from app.bots.arena import play_game, start
from app.bots.bura.heuristic import HeuristicBot
from app.bots.bura.strong import StrongBot
from app.bots.multitrick.strong import BUDGET
from app.bots.registry import make_bot
from app.domain.bura import GAME
from app.domain.bura.options import Options
from tests.bots.multitrick.duplicate import duplicate_margin
from tests.bots.multitrick.strong_checks import (
    check_world,
    mid_deal,
    same_choice,
    sampled_worlds,
    untimed,
)


def quick(seed: int) -> StrongBot:
    """Two worlds a move: as legal as any budget, and fast enough to play whole games."""
    return StrongBot(random.Random(seed), replace(BUDGET, samples=2))


def test_the_registry_offers_the_strong_bot() -> None:
    assert isinstance(make_bot("bura", "strong", random.Random(0)), StrongBot)
    assert StrongBot.level == "strong"


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_bot_plays_seeded_deals_legally(seats: int) -> None:
    """`decide` refuses anything illegal, so a deal played to its score is a legal one."""
    for seed in range(2):
        bots: list[Bot | None] = [
            quick(seed) if s % 2 == seed % 2 else HeuristicBot(random.Random(s))
            for s in range(seats)
        ]
        table = start(GAME, Options(), seats, seed % seats, bots)
        table.play_deal(bytes([seats, seed]), 0)
        assert GAME.deal_outcome(table.state) is not None
        assert set(table.timings.by_level) == {"strong", "heuristic"}


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_bot_finishes_whole_games_with_every_option_legally(seats: int) -> None:
    options = Options(late_claims=True, ace_leads=True, four_ends_tens=True, rank_leads=True)
    for seed in range(2):
        bots = [quick(seed * 4 + s) for s in range(seats)]
        table = play_game(GAME, options, seats, list(bots), random.Random(seed))
        assert GAME.is_terminal(table.state)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_hidden_cards_do_not_change_the_choice(seats: int) -> None:
    """Two deals that look the same from the seat to play (the other hands and the stock
    dealt anew) get the same answer from the same bot, which saw the same views before."""
    rng = random.Random(seats)
    checked = 0
    while checked < 3:
        seat = rng.randrange(seats)
        watcher = untimed(StrongBot, checked)
        state = mid_deal(GAME, Options(), seats, rng, watcher, seat, HeuristicBot)
        if state is not None:
            same_choice(GAME, state, seat, watcher)
            checked += 1


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_sampled_worlds_agree_with_the_view(seats: int) -> None:
    rng = random.Random(10 + seats)
    checked = 0
    while checked < 4:
        seat = rng.randrange(seats)
        watcher = untimed(StrongBot, checked)
        state = mid_deal(GAME, Options(), seats, rng, watcher, seat, HeuristicBot)
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
        2,
        lambda rng: StrongBot(rng, BUDGET),
        HeuristicBot,
        lineups=((True, False), (False, True)),
        side_of=lambda seat: seat,
        pairs=20,
        by_penalties=True,
    )
    assert margin.mean > 0, margin
