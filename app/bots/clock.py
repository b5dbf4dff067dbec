"""What the server plays for a seat whose move clock ran out: the game's own default where
its rules give one (a random cut, keep, play on, pass…), else its heuristic bot's choice from
the seat's view, as always."""

from __future__ import annotations

import random
from typing import Any

from app.bots.registry import make_bot
from app.domain.commands import Command
from app.domain.game import Game


def clock_default(game: Game[Any, Any], state: Any, seat: int, rng: random.Random) -> Command:
    if not game.legal_actions(state, seat):
        raise ValueError("the seat has nothing to do")
    default = game.clock_default(state, seat, rng.randrange(2**31))
    if default is not None:
        return default
    return make_bot(game.info.variant, "heuristic", rng).choose(game.view_for(state, seat))
