"""Kozly (Козлы), the individual 32-card game with jacks over trumps (`shared/rules/kozly.md`,
rules KZ-1 … KZ-20).

Four players, each for himself; the four jacks above every trump (`deck`); no duty to
follow; the deck dealt in two halves of four tricks (`halves`) or with a stock (`stock`)
(`dealing`); 60 points to win a round, and marks from twelve settled between the players
(`scoring`). `GAME` is the game as the service plays it (`app.domain.game.Game`).
"""

from app.domain.kozly.commands import MOVES, CutDeck, PlayCard
from app.domain.kozly.decide import decide
from app.domain.kozly.events import REGISTRY, KozlyEvent
from app.domain.kozly.evolve import evolve, replay
from app.domain.kozly.game import GAME, Kozly
from app.domain.kozly.legal import legal_actions, to_act
from app.domain.kozly.options import Options
from app.domain.kozly.state import GameState, Phase
from app.domain.kozly.views import KozlyView, view_for

__all__ = [
    "GAME",
    "MOVES",
    "REGISTRY",
    "CutDeck",
    "GameState",
    "Kozly",
    "KozlyEvent",
    "KozlyView",
    "Options",
    "Phase",
    "PlayCard",
    "decide",
    "evolve",
    "legal_actions",
    "replay",
    "to_act",
    "view_for",
]
