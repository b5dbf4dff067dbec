"""Computer players. A bot sees exactly what a human in its seat would see: it is given the
seat's `View` (`app.domain.kozel24.View`) and nothing else, and answers with one of the
view's legal actions."""

from __future__ import annotations

import random
from typing import Protocol

from app.domain import kozel24 as k


class Bot(Protocol):
    level: str

    def choose(self, view: k.View) -> k.SeatCommand: ...


BOT_LEVELS = ("random", "heuristic", "strong")


def make_bot(level: str, rng: random.Random) -> Bot:
    from app.bots.heuristic import HeuristicBot
    from app.bots.random_bot import RandomBot
    from app.bots.strong import StrongBot

    match level:
        case "random":
            return RandomBot(rng)
        case "heuristic":
            return HeuristicBot(rng)
        case "strong":
            return StrongBot(rng)
    raise ValueError(f"unknown bot level {level!r}; known: {', '.join(BOT_LEVELS)}")
