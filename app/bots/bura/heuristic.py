"""The heuristic bot of Bura: it counts the face-up cards it has seen and the points of the
tricks it has taken, declares 61 on its turn once the points it is sure of reach it, claims
the strongest combination it may (the lead is worth having), and otherwise leads, beats or
discards by the expected points of the trick (`app.bots.multitrick.tactics`)."""

from __future__ import annotations

from typing import Any

from app.bots.multitrick.bot import TrickBot
from app.domain.bura.combinations import claimable
from app.domain.bura.commands import Claim, Declare
from app.domain.bura.options import Options
from app.domain.commands import Command
from app.domain.multitrick.deck import natural_ranking
from app.domain.multitrick.scoring import WIN
from app.domain.ranking import Ranking
from app.domain.view import View

_ANY_COMBINATION = Options(four_ends_tens=True)
"""For ranking the offered claims only: every claim offered is one of these."""


class HeuristicBot(TrickBot):
    def ranking(self, view: View[Any]) -> Ranking:
        return natural_ranking(view.game.trump)

    def decision(self, view: View[Any], ranking: Ranking) -> Command | None:
        actions, seat, hand = view.legal_actions, view.seat, view.hand
        assert seat is not None and hand is not None
        if Declare(seat) in actions and self._memory.won.get(seat, 0) >= WIN:
            return Declare(seat)  # B-20: the points seen taken are enough
        claims = [a for a in actions if isinstance(a, Claim)]
        if claims:
            combos = claimable(hand, view.game.trump, _ANY_COMBINATION)
            ranks = {cards: combination.rank for combination, cards in combos}
            return max(claims, key=lambda claim: (ranks.get(claim.cards, 0), len(claim.cards)))
        return None
