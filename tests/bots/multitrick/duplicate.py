"""Duplicate deals for the bots of the family: each deal is played twice from the same seed,
the bot under test in one set of seats and the other bot in the rest, then the other way
round, so the luck of the cards cancels out. The measure is the card points of the tested
bot's seats less the others', per deal, with its 95 % confidence interval."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from app.bots.random_bot import RandomBot
from app.domain.commands import Command, ShuffleDeck
from app.domain.game import Game
from app.domain.multitrick.events import DealScored


class Bot(Protocol):
    def choose(self, view: Any) -> Command: ...


@dataclass(frozen=True)
class Margin:
    mean: float
    low: float
    high: float
    deals: int


def play_deal(
    game: Game[Any, Any], options: Any, seed: bytes, dealer: int, bots: Sequence[Bot]
) -> DealScored:
    state = None
    for event in [*game.start_game(options, len(bots), dealer)]:
        state = game.evolve(state, event)
    for event in game.decide(state, ShuffleDeck(seed)):
        state = game.evolve(state, event)
    while game.deal_running(state):
        seat = game.to_act(state)[0]
        command = bots[seat].choose(game.view_for(state, seat))
        for event in game.decide(state, command):
            state = game.evolve(state, event)
            if isinstance(event, DealScored):
                return event
    raise AssertionError("the deal ended without a score")


def duplicate_margin(
    game: Game[Any, Any],
    options: Any,
    seats: int,
    tested: Callable[[random.Random], Bot],
    other: Callable[[random.Random], Bot],
    lineups: Sequence[Sequence[bool]],
    side_of: Callable[[int], int],
    pairs: int,
    by_penalties: bool = False,
) -> Margin:
    """Each lineup says which seats the tested bot takes; every deal is played once per
    lineup, and the card points of the tested seats' sides are compared with the others'
    (with `by_penalties`, the others' penalty points with theirs: a deal that a declaration
    ends early is judged by what it wrote)."""
    margins = []
    for n in range(pairs):
        seed = n.to_bytes(4, "big")
        total = 0.0
        for lineup in lineups:
            rng = random.Random(n)
            bots = [tested(rng) if mine else other(rng) for mine in lineup]
            scored = play_deal(game, options, seed, n % seats, bots)
            mine = {side_of(s) for s in range(seats) if lineup[s]}
            values = tuple(-p for p in scored.penalties) if by_penalties else scored.points
            ours = sum(p for side, p in enumerate(values) if side in mine)
            theirs = sum(p for side, p in enumerate(values) if side not in mine)
            total += ours / len(mine) - theirs / (len(values) - len(mine))
        margins.append(total / len(lineups))
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins))
    return Margin(mean, mean - half, mean + half, len(margins))


def seated(bots: Sequence[Bot]) -> Callable[[Any, random.Random], Command]:
    """A playout's chooser: the bot of the seat on turn, from that seat's view."""

    def choose(play: Any, rng: random.Random) -> Command:
        seat = play.game.to_act(play.state)[0]
        return bots[seat].choose(play.game.view_for(play.state, seat))

    return choose


__all__ = ["Margin", "RandomBot", "duplicate_margin", "play_deal", "seated"]
