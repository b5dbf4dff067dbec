"""The strong bot of Bura: the family's search (`app.bots.multitrick.strong`) with this
game's parts: each player for himself, scored on his own pile (B-18), a bura after a draw
(B-16), a declaration of 61 where the table allows it (B-20), the trump card at the bottom of
the stock until it is drawn, and then in its drawer's hand (B-7, B-14), and the cards of a
claimed combination in their claimant's hand (B-14). Claims and declarations are the
heuristic bot's.
"""

from __future__ import annotations

import random
from typing import Any

from app.bots.bura.heuristic import HeuristicBot
from app.bots.multitrick.bot import TrickBot
from app.bots.multitrick.masks import Ranks
from app.bots.multitrick.model import Rules, players_score
from app.bots.multitrick.sampler import Known
from app.bots.multitrick.strong import StrongTrickBot, sides_of
from app.domain.bura.commands import Declare
from app.domain.cards import Card
from app.domain.view import View


class StrongBot(StrongTrickBot):
    def heuristic(self, rng: random.Random) -> TrickBot:
        return HeuristicBot(rng)

    def rules(self, view: View[Any], ranks: Ranks) -> Rules:
        seats = len(view.hand_sizes)
        declare = view.seat is not None and Declare(view.seat) in view.legal_actions
        score = players_score(win_needs_61=True)  # the default; the view does not say
        return Rules(ranks, tuple(sides_of(seats, teams=False)), score, bura=True, declare=declare)

    def known(self, view: View[Any]) -> Known:
        part = view.game
        in_hand: dict[int, set[Card]] = {}
        for shown in part.claims:
            in_hand.setdefault(shown.seat, set()).update(shown.cards)
        if part.trump_drawn_by is not None and part.trump_card is not None:
            in_hand.setdefault(part.trump_drawn_by, set()).add(part.trump_card)
        bottom = view.stock.trump_card if view.stock is not None else None
        return Known({seat: frozenset(cards) for seat, cards in in_hand.items()}, bottom)
