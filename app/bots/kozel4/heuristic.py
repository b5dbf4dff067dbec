"""The heuristic bot of Kozel with 4 cards: it counts the face-up cards it has seen, claims
every молодка (the lead of four cards is hard to beat), leads the set with the best expected
points, beats when its side gains by it, smears points on a trick its partner holds and
passes its cheapest cards on one it cannot win. In the hand-off it passes a lone low trump and
gives back its cheapest legal cards."""

from __future__ import annotations

from typing import Any

from app.bots.multitrick.bot import TrickBot
from app.domain.commands import Command
from app.domain.kozel4.commands import Claim, GiveBack, Keep, Offer
from app.domain.kozel4.deck import LADDER, trumps_in
from app.domain.multitrick.deck import card_points, natural_ranking
from app.domain.ranking import Ranking
from app.domain.view import View

LOW_TRUMP = 4
"""A trump this weak (its power in the trump class) is worth more in the partner's hand."""


class HeuristicBot(TrickBot):
    def ranking(self, view: View[Any]) -> Ranking:
        trump = view.game.trump
        return LADDER if trump is None else natural_ranking(trump)

    def friends(self, seat: int) -> frozenset[int]:
        return frozenset({seat, (seat + 2) % 4})

    def decision(self, view: View[Any], ranking: Ranking) -> Command | None:
        actions, seat, hand = view.legal_actions, view.seat, view.hand
        assert seat is not None and hand is not None
        claims = [a for a in actions if isinstance(a, Claim)]
        if claims:
            return claims[0]  # K4-14: the four cards are the lead
        if Offer(seat) in actions:
            trumps = trumps_in(hand, ranking)
            low = len(trumps) == 1 and ranking.power(trumps[0]) <= LOW_TRUMP
            return Offer(seat) if low else Keep(seat)
        gives = [a for a in actions if isinstance(a, GiveBack)]
        if gives:
            return min(gives, key=lambda g: sorted(map(card_points, g.cards), reverse=True))
        return None
