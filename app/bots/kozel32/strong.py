"""The strong bot of the 32-card Kozel: the shared determinized search (`app.bots.search`) on
a fast model of the rest of the deal (`model`, `fast`).

For each sample it deals the cards the seat has not seen to the other hands, the face-down
coffins and the soloist's discards, consistently with its view (`sampler`, `knowledge`), then
values every legal card: by greedy playouts early in the deal and by exact search once few
cards are left. A world at the end of the deal is worth what the кон writes (pairs gained,
the pairs a Люся wipes off, the caught queen), less the opponents', plus a small share of the
card margin. The first leader (C32-7) is chosen by playouts on the same worlds. The boast
question, the boasts' own choices, the redeal demand, the last-trump exchange, the talon and
the blind's face-down cards are the heuristic bot's: they come before the cards are known, or
(the blind) nobody can tell its cards apart.
"""

from __future__ import annotations

import random

from app.bots.kozel32.fast import INDEX
from app.bots.kozel32.heuristic import HeuristicBot
from app.bots.kozel32.knowledge import infer
from app.bots.kozel32.model import DealModel
from app.bots.kozel32.sampler import Sampler, rules_of
from app.bots.search import Budget, Search
from app.domain.commands import Command
from app.domain.kozel32.commands import ChooseLeader, PlayCard
from app.domain.kozel32.state import Phase
from app.domain.kozel32.views import Kozel32View
from app.domain.view import View

BUDGET = Budget(samples=32, exact_below=12, exact_nodes=3000)
"""The strong level's work per move (`bench/bot_think.py` measures its think time)."""


class StrongBot:
    level = "strong"

    def __init__(self, rng: random.Random, budget: Budget = BUDGET) -> None:
        self._rng = rng
        self._budget = budget
        self._heuristic = HeuristicBot(rng)

    def choose(self, view: View[Kozel32View]) -> Command:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        if all(isinstance(a, ChooseLeader) for a in actions):
            return self._first_leader(view, actions)
        plays = {INDEX[a.card]: a for a in actions if isinstance(a, PlayCard)}
        if view.phase is not Phase.PLAY or len(plays) != len(actions) or view.game.deck_size:
            return self._heuristic.choose(view)
        assert view.seat is not None
        know = infer(view)
        rules = rules_of(view, know)
        search = Search(DealModel(rules), self._rng, self._budget)
        best = search.best(view.seat, sorted(plays), Sampler(view, know, rules))
        return plays[best]

    def _first_leader(self, view: View[Kozel32View], actions: tuple[Command, ...]) -> Command:
        """C32-7: the first leader whose playouts of the deal come out best, over worlds
        sampled as for a card (after the exchanges, every hand is dealt)."""
        assert view.seat is not None
        know = infer(view)
        rules = rules_of(view, know)
        search = Search(DealModel(rules), self._rng, self._budget)
        sample = Sampler(view, know, rules)
        leaders = [a.leader for a in actions if isinstance(a, ChooseLeader)]
        side = rules.side[view.seat]
        totals = search.totals(
            len(leaders),
            sample,
            lambda world: [search.playout(world._replace(leader=lead), side) for lead in leaders],
        )
        if totals is None:
            return self._heuristic.choose(view)
        return actions[max(range(len(actions)), key=totals.__getitem__)]
