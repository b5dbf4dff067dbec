"""The random bot: a uniformly random legal action from its seat's view (the fuzzing floor)."""

from __future__ import annotations

import random

from app.domain import kozel24 as k


class RandomBot:
    level = "random"

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(self, view: k.View) -> k.SeatCommand:
        """A bot sees exactly what a human in its seat would see: the view, nothing else."""
        return self._rng.choice(view.legal_actions)
