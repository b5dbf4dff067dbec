"""C32-17: filling the hands after trick 1 of pants, double pants or mirror.

The rest pile goes on top of the deck as it lies, and the cards are dealt one at a time
clockwise from the player after the dealer, skipping a player who holds 7, until every
player holds 7. Then the winner of trick 1 leads trick 2 (B l.237).
"""

from __future__ import annotations

from app.domain.cards import Card
from app.domain.kozel32 import table
from app.domain.kozel32.choices import Step
from app.domain.kozel32.events import HandsDealt, PlayStarted
from app.domain.kozel32.state import State
from app.domain.stock import draw_order

FULL = 7


def step(state: State) -> Step:
    deal = table.deal_of(state)
    needs = [max(0, FULL - len(hand)) for hand in deal.hands]
    if any(needs):
        cards = tuple(p.card for p in deal.rest_pile) + deal.deck
        first = table.seats_of(state).next(table.kon_of(state).dealer)
        hands: list[list[Card]] = [[] for _ in deal.hands]
        for seat, card in zip(draw_order(first, needs, len(cards)), cards, strict=False):
            hands[seat].append(card)
        return HandsDealt(tuple(tuple(hand) for hand in hands))
    return PlayStarted(deal.tricks[-1].winner, None)
