"""The strong bots spend a fixed budget per move, not a time: the same view and seed give the
same move and the same work however slow the clock runs, and only the safety cap, far above
any budget, cuts a search short (and says so)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from app.bots import search as search_module
from app.bots.registry import make_bot
from app.bots.search import Budget, Search
from app.bots.work import Work, tally
from app.domain.commands import ShuffleDeck
from app.domain.game import Game
from app.domain.registry import GAMES
from app.domain.view import View
from tests.bots.test_search import Pile, PileModel


def searched_positions(
    game: Game[Any, Any], count: int, seed: int
) -> Iterator[tuple[View[Any], tuple[Any, Work]]]:
    """Views of a seeded heuristic game where the strong bot searches (the first `count`),
    each with the strong bot's move and work on a clock that moves a step at every reading
    (each sampled world seems to take 4 ms)."""
    variant = game.info.variant
    seats = game.info.seat_counts[0]
    options = game.parse_options({}, seats)
    rng = random.Random(seed)
    players = [make_bot(variant, "heuristic", random.Random(s)) for s in range(seats)]
    state = None
    for event in game.start_game(options, seats, 0):
        state = game.evolve(state, event)
    found = 0
    while found < count:
        assert not game.is_terminal(state), "the game ended before enough positions"
        if game.is_chance_node(state):
            command: Any = ShuffleDeck(rng.randbytes(16))
        else:
            seat = game.to_act(state)[0]
            view = game.view_for(state, seat)
            if len(view.legal_actions) > 1 and rng.random() < 0.3:
                move, work = think(variant, view, found, slow_clock(0.004))
                if work.samples > 1:
                    found += 1
                    yield view, (move, work)
            command = players[seat].choose(view)
        for event in game.decide(state, command):
            state = game.evolve(state, event)


def think(variant: str, view: View[Any], seed: int, clock: Callable[[], float]) -> tuple[Any, Work]:
    """The strong bot's move and work with `clock` as the safety cap's clock."""
    saved = search_module.now
    search_module.now = clock
    try:
        with tally() as work:
            move = make_bot(variant, "strong", random.Random(seed)).choose(view)
    finally:
        search_module.now = saved
    return move, work


def slow_clock(step_s: float) -> Any:
    """A clock that moves `step_s` on at every reading: a machine as slow as one likes."""
    ticks = itertools.count()
    return lambda: next(ticks) * step_s


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_the_same_view_and_seed_give_the_same_move_and_work_however_slow_the_clock(
    variant: str,
) -> None:
    """On a clock where each sampled world seems to take 4 ms (a deadline of 0.12 s would stop
    after 30 worlds, fewer than some budgets) and on a clock that stands still (a machine
    infinitely fast), a seat's view and seed get the same move after the same work."""
    for seed, (view, slow) in enumerate(searched_positions(GAMES[variant], 1, len(variant))):
        assert think(variant, view, seed, lambda: 0.0) == slow
        assert not slow[1].cut_short


def test_the_budget_not_the_clock_bounds_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Worlds that each seem to take 50 ms: all 100 of the budget are searched, the same
    nodes, as on the real clock."""
    model = PileModel()
    world = Pile(9, 0, seats=2, sides=2)
    budget = Budget(samples=100, exact_below=0, cap_s=60)

    def run() -> tuple[int, Work]:
        with tally() as work:
            move = Search(model, random.Random(3), budget).best(0, [1, 2, 3], lambda _: world)
        return move, work

    fast = run()
    monkeypatch.setattr(search_module, "now", slow_clock(0.05))
    assert run() == fast
    assert fast[1].samples == 100
    assert fast[1].nodes > 100
    assert not fast[1].cut_short


def test_a_node_budget_stops_sampling_after_the_world_that_reaches_it() -> None:
    model = PileModel()
    world = Pile(9, 0, seats=2, sides=2)
    with tally() as work:
        budget = Budget(samples=100, nodes=50, exact_below=0)
        Search(model, random.Random(3), budget).best(0, [1, 2, 3], lambda _: world)
    assert 1 < work.samples < 100
    assert 50 <= work.nodes < 50 + 3 * 9  # one world more at most: a playout per action


def test_the_safety_cap_cuts_a_search_short_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every world seems to take a second: past the 2 s cap no further world is sampled."""
    monkeypatch.setattr(search_module, "now", slow_clock(1.0))
    model = PileModel()
    world = Pile(9, 0, seats=2, sides=2)
    with tally() as work:
        Search(model, random.Random(3), Budget(samples=100)).best(0, [1, 2, 3], lambda _: world)
    assert work.samples == 3  # read at 0 s; after each world 1, 2, 3 s: 3 s is past the cap
    assert work.cut_short == 1
