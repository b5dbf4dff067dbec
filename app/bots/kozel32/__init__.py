"""Computer players of the 32-card Kozel: they see a seat's view and nothing else."""

from app.bots.kozel32.heuristic import HeuristicBot

__all__ = ["HeuristicBot"]
