"""The random bot: a uniformly random legal action from its seat's view (the fuzzing floor).
It knows no game: it serves every one."""

from __future__ import annotations

import random
from typing import Any

from app.domain.commands import Command
from app.domain.view import View


class RandomBot:
    level = "random"

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(self, view: View[Any]) -> Command:
        """A bot sees exactly what a human in its seat would see: the view, nothing else."""
        return self._rng.choice(view.legal_actions)
