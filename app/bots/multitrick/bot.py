"""The frame of both games' heuristic bots: one legal action from the seat's view, the cards
seen counted, the game's own decisions first (claims, a declaration, the hand-off), then the
trick by the shared tactics."""

from __future__ import annotations

import random
from typing import Any

from app.bots.multitrick.tactics import Memory, Table, best_trick_move
from app.domain.commands import Command
from app.domain.ranking import Ranking
from app.domain.view import View


class TrickBot:
    level = "heuristic"

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._memory = Memory()

    def choose(self, view: View[Any]) -> Command:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        self._memory.observe(view)
        seat, hand = view.seat, view.hand
        assert seat is not None and hand is not None
        ranking = self.ranking(view)
        own = self.decision(view, ranking)
        if own is not None:
            return own
        table = Table(
            seat=seat,
            seats=len(view.hand_sizes),
            ranking=ranking,
            hand=hand,
            unseen=self._memory.unseen(hand),
            stock=view.stock.size if view.stock else 0,
            friends=self.friends(seat),
        )
        move = best_trick_move(table, view.trick, view.game.top_seat, actions)
        return move if move is not None else self._rng.choice(actions)

    def ranking(self, view: View[Any]) -> Ranking:
        """The deal's trumps, as the view shows them."""
        raise NotImplementedError

    def decision(self, view: View[Any], ranking: Ranking) -> Command | None:
        """A move of the game's own (a claim, a declaration, the hand-off), if it makes one."""
        return None

    def friends(self, seat: int) -> frozenset[int]:
        """The seat and its partners."""
        return frozenset({seat})
