"""The heuristic bot of the 32-card Kozel: it plays legally at every table, from its view
alone, and beats a uniformly random bot on duplicate deals."""

from __future__ import annotations

import math
import random
import statistics
from typing import Any

import pytest

from app.bots.kozel32 import HeuristicBot
from app.domain.commands import Command, ShuffleDeck
from app.domain.kozel32 import GAME
from app.domain.kozel32.commands import Cut
from app.domain.kozel32.options import Options
from app.domain.kozel32.state import State


class RandomBot:
    level = "random"

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(self, view: Any) -> Command:
        return self._rng.choice(view.legal_actions)


def _fold(state: State | None, events: list[Any]) -> State:
    for event in events:
        state = GAME.evolve(state, event)
    assert state is not None
    return state


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (4, {}),
        (4, {"trump_preset": "diamonds", "pants_names_trump": True, "unled_ace_ban": True}),
        (3, {}),
        (3, {"three_player_mode": "queen_of_spades", "trump_lead_restriction": True}),
        (2, {}),
    ],
)
def test_the_heuristic_finishes_games_legally(players: int, options: dict[str, Any]) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        parsed = Options(**options)
        state = _fold(None, GAME.start_game(parsed, players, 0))
        bots = [HeuristicBot(random.Random(seed * 10 + s)) for s in range(4)]
        while not GAME.is_terminal(state):
            if GAME.is_chance_node(state):
                command: Command = ShuffleDeck(rng.randbytes(8))
            else:
                seat = rng.choice(GAME.to_act(state))
                command = bots[seat].choose(GAME.view_for(state, seat))
                assert command in GAME.legal_actions(state, seat)
            state = _fold(state, GAME.decide(state, command))


def _deal(seed: int, heuristic_team: int) -> float:
    """Deal 1 of a game, the heuristic on one team; the deck (shuffle and cut) is the seed's."""
    rng = random.Random(seed)
    state = _fold(None, GAME.start_game(Options(boasts=frozenset()), 4, seed % 4))
    state = _fold(state, GAME.decide(state, ShuffleDeck(rng.randbytes(8))))
    bots = [
        HeuristicBot(random.Random(seed))
        if s % 2 == heuristic_team
        else RandomBot(random.Random(seed))
        for s in range(4)
    ]
    while GAME.deal_running(state):
        if GAME.is_chance_node(state):  # a redeal inside the кон
            state = _fold(state, GAME.decide(state, ShuffleDeck(rng.randbytes(8))))
            continue
        seat = GAME.to_act(state)[0]
        command = bots[seat].choose(GAME.view_for(state, seat))
        if isinstance(command, Cut):
            command = Cut(seat, 1 + seed % 31)  # the same deck in both deals of a pair
        state = _fold(state, GAME.decide(state, command))
    outcome = GAME.deal_outcome(state)
    assert outcome is not None
    return outcome[heuristic_team] - outcome[1 - heuristic_team]


def test_the_heuristic_beats_random_on_duplicate_deals() -> None:
    margins = [(_deal(seed, 0) + _deal(seed, 1)) / 2 for seed in range(150)]
    mean = statistics.fmean(margins)
    half_width = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins))
    assert mean - half_width > 0, (mean, half_width)
