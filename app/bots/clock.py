"""What the server plays for a seat whose move clock ran out.

K-5: the cut is made at a random position. K-9/K-10 (Decision): an unanswered option
defaults to keep / play on / the partner's lowest-value legal card. A card to play is chosen
by the heuristic bot, from the seat's view as always.
"""

from __future__ import annotations

import random

from app.bots.heuristic import HeuristicBot
from app.domain import kozel24 as k
from app.domain.kozel24 import deck


def clock_default(view: k.View, rng: random.Random) -> k.SeatCommand:
    actions = view.legal_actions
    if not actions:
        raise ValueError("the seat has nothing to do")
    for action in actions:
        match action:
            case k.CutDeck():
                return rng.choice(actions)
            case k.DecideExchange(seat=seat):
                return k.DecideExchange(seat, False)
            case k.PlayOn():
                return action
    gives = [a for a in actions if isinstance(a, k.GiveCard)]
    if gives:
        return min(gives, key=lambda g: (deck.POINTS[deck.INDEX[g.card]], -deck.INDEX[g.card]))
    return HeuristicBot(rng).choose(view)
