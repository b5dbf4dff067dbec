"""Computer players. A bot sees exactly what a human in its seat would see: it is given the
seat's view (`app.domain.view.View`, with the game's own part) and nothing else, and answers
with one of the view's legal actions. Each game has its bots (`app/bots/<variant>/`); the
random bot serves every game; `registry` maps a variant and a level to a bot."""

from __future__ import annotations

from typing import Any, Protocol

from app.domain.commands import Command
from app.domain.view import View


class Bot(Protocol):
    level: str

    def choose(self, view: View[Any]) -> Command: ...


BOT_LEVELS = ("random", "heuristic", "strong")
"""Every game offers these three levels."""
