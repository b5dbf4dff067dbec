"""Computer players of Sixty-six; they see a seat's `View` and nothing else."""

from app.bots.sixty_six.heuristic import HeuristicBot
from app.bots.sixty_six.strong import StrongBot

__all__ = ["HeuristicBot", "StrongBot"]
