"""The strong Kozly bot: the shared determinized search (`app.bots.search`) on a fast model of
one deal (`model`), with worlds dealt from what the seat has seen (`knowledge`).

For each sample it deals the unseen cards (the other hands, half 2 or the stock, and the
cards of taken tricks it did not see) and values every card of its hand: by playouts of the
heuristic bot's rules to the end of the deal early on, by exact search once few cards are
left. A world at the end of the deal is worth the marks it moves for the seat (KZ-16 to
KZ-18), plus a share of the card-point margin; the cut is the heuristic bot's (any position).
"""

from __future__ import annotations

import random
from typing import Any

from app.bots.kozly.heuristic import HeuristicBot
from app.bots.kozly.knowledge import Memory, infer, sample
from app.bots.kozly.model import INDEX, DealModel, Order, Table, World
from app.bots.search import Budget, Search
from app.domain.commands import Command
from app.domain.kozly import PlayCard
from app.domain.kozly.views import KozlyView
from app.domain.view import View

HALVES_MARGIN = 0.5
STOCK_MARGIN = 2.0
"""In `stock` the card points carry to the next deal (KZ-17): they weigh more."""


BUDGET = Budget(samples=400, nodes=30_000, exact_below=10, exact_nodes=4000)
"""The strong level's work per move (`bench/bot_think.py` measures its think time)."""


class StrongBot:
    level = "strong"

    def __init__(self, rng: random.Random, budget: Budget = BUDGET) -> None:
        self._rng = rng
        self._budget = budget
        self._memory = Memory()
        self._cutter = HeuristicBot(rng)

    def choose(self, view: View[Any]) -> Command:
        plays = {INDEX[a.card]: a for a in view.legal_actions if isinstance(a, PlayCard)}
        if not plays:
            return self._cutter.choose(view)  # KZ-9: the cut
        self._memory.update(view)
        play = plays[next(iter(plays))] if len(plays) == 1 else self._search(view, plays)
        self._memory.played(view, play.card)
        return play

    def _search(self, view: View[Any], plays: dict[int, PlayCard]) -> PlayCard:
        game: KozlyView = view.game
        assert view.seat is not None and game.trump_suit is not None and view.dealer is not None
        halves = game.deal_mode == "halves"
        table = Table(
            halves=halves,
            dealer=view.dealer,
            dealers=game.dealers,
            carried=game.carried,
            marks=view.scores,
            margin=HALVES_MARGIN if halves else STOCK_MARGIN,
        )
        know = infer(view, self._memory)
        search: Search[World, int] = Search(
            DealModel(Order.of(game.trump_suit), table), self._rng, self._budget
        )
        return plays[search.best(view.seat, sorted(plays), lambda rng: sample(know, rng))]
