"""The bots of the 24-card Kozel: the heuristic bot (card counting, K-9/K-10 decisions) and
the strong bot (the shared determinized search, `app.bots.search`, on a fast model of one
deal)."""

from app.bots.kozel24.heuristic import HeuristicBot
from app.bots.kozel24.strong import StrongBot

__all__ = ["HeuristicBot", "StrongBot"]
