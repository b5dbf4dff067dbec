"""The strong bot of Kozel with 4 cards: the family's search (`app.bots.multitrick.strong`)
with this game's parts: two teams of partners opposite (K4-1) scored on their joint piles
(K4-18, K4-19), a молодка claim that is the claimant's lead (K4-14), and the hand-off's cards
known to the two partners (K4-10). The shown trump card (K4-8) may be anywhere unseen: who
draws it is not shown (K4-17). Claims and the hand-off are the heuristic bot's.
"""

from __future__ import annotations

import random
from typing import Any

from app.bots.kozel4.heuristic import HeuristicBot
from app.bots.multitrick.bot import TrickBot
from app.bots.multitrick.masks import Ranks
from app.bots.multitrick.model import Rules, teams_score
from app.bots.multitrick.sampler import Known
from app.bots.multitrick.strong import StrongTrickBot, sides_of
from app.domain.cards import Card
from app.domain.view import View


class StrongBot(StrongTrickBot):
    claim_leads = True

    def heuristic(self, rng: random.Random) -> TrickBot:
        return HeuristicBot(rng)

    def rules(self, view: View[Any], ranks: Ranks) -> Rules:
        return Rules(ranks, tuple(sides_of(4, teams=True)), teams_score)

    def known(self, view: View[Any]) -> Known:
        """K4-10: after a hand-off each partner knows what the other received."""
        in_hand: dict[int, frozenset[Card]] = {}
        for exchange in view.game.exchanges:
            if exchange.trumps is None or exchange.given is None:
                continue
            if view.seat == exchange.from_seat:
                in_hand[exchange.to_seat] = frozenset(exchange.trumps)
            elif view.seat == exchange.to_seat:
                in_hand[exchange.from_seat] = frozenset(exchange.given)
        return Known(in_hand)
