"""The frame of both games' strong bots: the shared determinized search (`app.bots.search`)
on the family's fast model of one deal (`model`), over worlds dealt from the seat's view
(`sampler`), within a fixed budget per move.

The game's heuristic bot answers first: where it makes a move of the game's own (a claim, a
declaration, the hand-off) that move is played, since searching it is pointless (a claim
takes the lead; the heuristic declares only what it is sure of). Every lead, beat and discard
is searched: each is valued over the sampled worlds by greedy playouts to the end of the deal
(the heuristic's tactics in brief), or exactly once few cards are left, and the best mean wins.
Where no world agrees with the view (the seat's memory missed a card) the heuristic's move is
played.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from app.bots.multitrick.bot import TrickBot
from app.bots.multitrick.knowledge import Piles
from app.bots.multitrick.masks import Ranks, mask_of
from app.bots.multitrick.model import BEAT, DealModel, Rules
from app.bots.multitrick.sampler import Known, slots, world
from app.bots.search import Budget, Search
from app.domain.commands import Command
from app.domain.multitrick.commands import Beat, Claim, Discard, Lead
from app.domain.ranking import Ranking
from app.domain.view import View

TrickMove = Lead | Beat | Discard
BUDGET = Budget(samples=40, exact_below=8, exact_nodes=3000)
"""The strong level's work per move, unless a game gives its own (`bench/bot_think.py`
measures its think time)."""


def action_of(move: TrickMove) -> int:
    return mask_of(move.cards) | (BEAT if isinstance(move, Beat) else 0)


class StrongTrickBot:
    level = "strong"
    claim_leads = False
    """K4-14: a claim is the claimant's lead of his four cards."""

    budget = BUDGET

    def __init__(self, rng: random.Random, budget: Budget | None = None) -> None:
        self._rng = rng
        self._heuristic = self.heuristic(random.Random(rng.random()))
        self._piles = Piles()
        self._budget = budget or self.budget
        self._ranks: tuple[tuple[int, Ranking, bool], Ranks] | None = None
        self._rank_leads = False

    def choose(self, view: View[Any]) -> Command:
        self._piles.observe(view)
        command = self._choose(view)
        self._remember(view, command)
        return command

    def _choose(self, view: View[Any]) -> Command:
        planned = self._heuristic.choose(view)
        actions = view.legal_actions
        if len(actions) == 1 or not isinstance(planned, Lead | Beat | Discard):
            return planned
        seat = view.seat
        assert seat is not None
        known = slots(view, self._piles, self.known(view))
        if known is None:
            return planned
        moves = {action_of(a): a for a in actions if isinstance(a, Lead | Beat | Discard)}
        search = Search(DealModel(self.rules(view, self._ranks_for(view))), self._rng, self._budget)
        best = search.best(seat, sorted(moves), lambda rng: world(view, self._piles, known, rng))
        return moves[best]

    def _ranks_for(self, view: View[Any]) -> Ranks:
        """The deal's ranking as masks, made once a deal (its caches live as long)."""
        ranking = self._heuristic.ranking(view)
        self._rank_leads = self._rank_leads or any(
            isinstance(a, Lead) and len({ranking.class_of(c) for c in a.cards}) > 1
            for a in view.legal_actions
        )  # the table's `rank_leads`, once a lead of one rank is offered (options stay put)
        rank_leads = self._rank_leads
        key = (view.deal_no, ranking, rank_leads)
        if self._ranks is None or self._ranks[0] != key:
            self._ranks = (key, Ranks(ranking, rank_leads))
        return self._ranks[1]

    def _remember(self, view: View[Any], command: Command) -> None:
        seat = view.seat
        assert seat is not None
        if isinstance(command, Lead | Beat | Discard):
            self._piles.played((seat, mask_of(command.cards), len(command.cards)))
        elif isinstance(command, Claim) and self.claim_leads:
            self._piles.played((seat, mask_of(command.cards), len(command.cards)), restarts=True)

    # A game's own parts

    def heuristic(self, rng: random.Random) -> TrickBot:
        raise NotImplementedError

    def rules(self, view: View[Any], ranks: Ranks) -> Rules:
        """The model's rules of this deal."""
        raise NotImplementedError

    def known(self, view: View[Any]) -> Known:
        """Where the view tells some hidden cards are."""
        return Known()


def sides_of(seats: int, teams: bool) -> Sequence[int]:
    return tuple(seat % 2 for seat in range(seats)) if teams else tuple(range(seats))
