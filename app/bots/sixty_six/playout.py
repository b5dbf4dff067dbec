"""The quick choice of the strong bot's playouts, on the fast model (every card known): claim
a sure 66, exchange, declare (the trump marriage first), never close; lead a sure winner once
play is strict, else a cheap plain card; take a valuable lead cheaply, else throw the
cheapest card. It plays both seats, so it may look at both hands."""

from __future__ import annotations

import random

from app.bots.masks import indices as cards
from app.bots.sixty_six.fast import (
    CLAIM,
    DECLARE,
    DRAW,
    EXCHANGE,
    FOLLOW,
    Deal,
    World,
)
from app.domain.sixty_six.scoring import OUT

VALUABLE = 10
"""A led card worth this much is worth taking."""


def rollout(deal: Deal, w: World, rng: random.Random) -> int:
    if w.stage == FOLLOW:
        return _follow(deal, w)
    actions = deal.actions(w)
    if CLAIM in actions and deal.counted(w, w.leader) >= OUT:
        return CLAIM
    if DRAW in actions:
        return DRAW
    if EXCHANGE in actions:
        return EXCHANGE
    declares = [a for a in actions if a >= DECLARE]
    if declares:
        trump = DECLARE + deal.t.trump_index
        return trump if trump in declares else declares[0]
    leads = [a for a in actions if a < DRAW]
    if w.declared >= 0:
        return min(leads, key=lambda c: deal.t.points[c])
    return _lead(deal, w, leads, rng)


def _lead(deal: Deal, w: World, leads: list[int], rng: random.Random) -> int:
    t = deal.t
    trumps = t.suit_mask[t.trump_index]
    if not deal.stock_open(w):
        other = w.hands[1 - w.leader]
        sure = [c for c in leads if _sure(deal, c, other)]
        if sure:
            return max(sure, key=lambda c: (bool(trumps >> c & 1), t.points[c]))
    return min(
        leads,
        key=lambda c: (bool(trumps >> c & 1), t.points[c] >= VALUABLE, t.points[c], rng.random()),
    )


def _sure(deal: Deal, card: int, other: int) -> bool:
    """Under strict play nothing in `other` takes `card`."""
    t = deal.t
    suit = t.suit_of[card]
    if other & t.higher[card]:
        return False
    if other & t.suit_mask[suit] or suit == t.trump_index:
        return True
    return not other & t.suit_mask[t.trump_index]


def _follow(deal: Deal, w: World) -> int:
    t = deal.t
    options = cards(deal.follows(w))
    if len(options) == 1:
        return options[0]
    n = len(t.deck)
    lead = w.lead
    trumps = t.suit_mask[t.trump_index]
    winners = [c for c in options if t.follower_wins[lead * n + c]]
    losers = [c for c in options if c not in winners]

    def cost(c: int) -> tuple[bool, int]:
        return (bool(trumps >> c & 1), t.points[c])

    if winners:
        cheap = min(winners, key=cost)
        at_stake = t.points[lead] + t.points[cheap]
        reaches = deal.counted(w, 1 - w.leader) + at_stake >= OUT
        if t.points[lead] >= VALUABLE or reaches or not losers:
            return cheap
        same = [c for c in winners if t.suit_of[c] == t.suit_of[lead]]
        if same:
            return max(same, key=lambda c: t.points[c])
    return min(losers or options, key=cost)
