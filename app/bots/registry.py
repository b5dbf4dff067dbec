"""Every game's bots, by variant and level: the one place in the bots that names the games."""

from __future__ import annotations

import random
from collections.abc import Callable

from app.bots import BOT_LEVELS, Bot
from app.bots import kozel24 as k24
from app.bots import sixty_six as s66
from app.bots.bura.heuristic import HeuristicBot as BuraHeuristic
from app.bots.bura.strong import StrongBot as BuraStrong
from app.bots.kozel4.heuristic import HeuristicBot as Kozel4Heuristic
from app.bots.kozel4.strong import StrongBot as Kozel4Strong
from app.bots.kozel32.heuristic import HeuristicBot as Kozel32Heuristic
from app.bots.kozel32.strong import StrongBot as Kozel32Strong
from app.bots.kozly.heuristic import HeuristicBot as KozlyHeuristic
from app.bots.kozly.strong import StrongBot as KozlyStrong
from app.bots.random_bot import RandomBot
from app.domain.errors import InvalidOption

Factory = Callable[[random.Random], Bot]

BOTS: dict[str, dict[str, Factory]] = {
    "kozel24": {"random": RandomBot, "heuristic": k24.HeuristicBot, "strong": k24.StrongBot},
    "kozel32": {"random": RandomBot, "heuristic": Kozel32Heuristic, "strong": Kozel32Strong},
    "kozel4": {"random": RandomBot, "heuristic": Kozel4Heuristic, "strong": Kozel4Strong},
    "bura": {"random": RandomBot, "heuristic": BuraHeuristic, "strong": BuraStrong},
    "kozly": {"random": RandomBot, "heuristic": KozlyHeuristic, "strong": KozlyStrong},
    "sixty_six": {"random": RandomBot, "heuristic": s66.HeuristicBot, "strong": s66.StrongBot},
}
for _variant, _levels in BOTS.items():
    assert tuple(_levels) == BOT_LEVELS, f"{_variant} must offer every level"


def levels(variant: str) -> tuple[str, ...]:
    return tuple(BOTS.get(variant, {}))


def make_bot(variant: str, level: str, rng: random.Random) -> Bot:
    factory = BOTS.get(variant, {}).get(level)
    if factory is None:
        known = ", ".join(levels(variant)) or "none"
        raise InvalidOption(f"no {level!r} bot for {variant!r}; its levels: {known}")
    return factory(rng)
