"""The strong bot: the shared determinized search (`app.bots.search`) on a fast model of one
deal of Sixty-six (`fast`).

For each sample it deals the cards the seat has not seen consistently with everything its
views showed (`sampler`, `tracker`), then values every legal action in that world: the draw
or the closing, the exchange, each marriage, the claim and each card. Early in the deal it
plays each action out with a quick policy (`playout`); once few cards are left it solves the
world exactly. A world at the end of the deal is worth the game points the deal wrote for the
seat (S66-23 … S66-25, scored by the domain's `scoring`), plus a small share of the margin of
the counted scores. Only the cut is left to chance.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from functools import lru_cache

from app.bots.search import Budget, Search
from app.bots.sixty_six.fast import Deal, Table, World
from app.bots.sixty_six.heuristic import HeuristicBot
from app.bots.sixty_six.playout import rollout
from app.bots.sixty_six.sampler import Sampler, action_code
from app.bots.sixty_six.tracker import Tracker
from app.domain.cards import Suit
from app.domain.commands import Command
from app.domain.sixty_six import CutDeck, SixtySixView
from app.domain.sixty_six.options import Rules
from app.domain.view import View

MARGIN = 1 / 1000
"""The weight of one point of counted-score margin beside one game point."""
EXACT_BELOW = 12
"""Solve a world exactly once at most this many cards are left to play: the six tricks after
the stock is gone (a median of some 600 nodes, rarely over 4,000)."""
BUDGET = Budget(samples=40, exact_below=EXACT_BELOW, exact_nodes=6_000)
"""The strong level's work per move (`bench/bot_think.py` measures its think time)."""


class DealModel:
    """The search's `Model` on the fast deal."""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal

    def to_move(self, world: World) -> int | None:
        return self.deal.to_move(world)

    def actions(self, world: World) -> Sequence[int]:
        return self.deal.actions(world)

    def play(self, world: World, action: int) -> World:
        return self.deal.play(world, action)

    def value(self, world: World, side: int) -> float:
        outcome = world.outcome
        if outcome is None:
            return 0.0
        won = outcome.per_seat()
        margin = self.deal.counted(world, side) - self.deal.counted(world, 1 - side)
        return won[side] - won[1 - side] + MARGIN * margin

    def side_of(self, seat: int) -> int:
        return seat

    def moves_left(self, world: World) -> int:
        """The cards still to play: once the stock is closed nobody draws (S66-19)."""
        held = world.hands[0].bit_count() + world.hands[1].bit_count()
        return held if world.closing is not None else held + len(world.stock)

    def rollout(self, world: World, rng: random.Random) -> int:
        return rollout(self.deal, world, rng)

    def key(self, world: World) -> Hashable:
        return world


@lru_cache(maxsize=64)
def model_for(rules: Rules, trump: Suit) -> DealModel:
    return DealModel(Deal(Table(rules, trump)))


class StrongBot:
    level = "strong"

    def __init__(self, rng: random.Random, budget: Budget = BUDGET) -> None:
        self._rng = rng
        self._budget = budget
        self._tracker = Tracker()
        self._fallback = HeuristicBot(rng)

    def choose(self, view: View[SixtySixView]) -> Command:
        self._tracker.observe(view)
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        if isinstance(actions[0], CutDeck):
            return self._rng.choice(actions)
        assert view.seat is not None and view.game.trump is not None
        model = model_for(view.game.rules, view.game.trump)
        sample = Sampler(view, self._tracker, model.deal.t)
        if not sample.ready:
            return self._fallback.choose(view)
        codes = {action_code(model.deal.t, a): a for a in actions}
        search = Search(model, self._rng, self._budget)
        return codes[search.best(view.seat, sorted(codes), sample)]
