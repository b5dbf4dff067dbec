"""A fast model of one deal on bitmasks, for the bots' simulations and search.

Cards are the indices of `deck.CARDS` (trumps first, from 6♣ down); a hand is a mask. The
domain engine remains the authority on legality: this model only mirrors K-11 to K-13 for
speed, and a test checks it against the engine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from app.bots.masks import indices as cards
from app.domain.kozel24 import deck

CLASS_OF = deck.CLASS_OF
CLASS_MASK = deck.CLASS_MASK
POINTS = deck.POINTS
SIX, QUEEN = deck.SIX_OF_CLUBS, deck.QUEEN_OF_CLUBS
CATCH = 1000
"""The value of catching the queen of clubs (K-13) in the search: above any card points."""


def legal(hand: int, trick: tuple[int, ...]) -> int:
    """K-11: follow the led class if possible."""
    if not trick:
        return hand
    return (hand & CLASS_MASK[CLASS_OF[trick[0]]]) or hand


def winner(leader: int, trick: tuple[int, ...]) -> int:
    return (leader + deck.winning_position(trick)) % 4


def caught(leader: int, trick: tuple[int, ...]) -> int | None:
    """K-13: the team that caught the queen of clubs in this trick, if any."""
    if QUEEN in trick and SIX in trick:
        q, s = trick.index(QUEEN), trick.index(SIX)
        if (q - s) % 2:
            return (leader + s) % 2
    return None


@dataclass
class Deal:
    """A determinized deal in progress (every hand known)."""

    hands: list[int]
    leader: int
    trick: tuple[int, ...]
    points: list[int]
    catch: int | None = None

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.trick)) % 4

    @property
    def over(self) -> bool:
        return self.catch is not None or (not any(self.hands) and not self.trick)

    def play(self, card: int) -> None:
        seat = self.to_play
        self.hands[seat] &= ~(1 << card)
        self.trick = (*self.trick, card)
        if len(self.trick) == 4:
            won = winner(self.leader, self.trick)
            self.points[won % 2] += sum(POINTS[c] for c in self.trick)
            self.catch = caught(self.leader, self.trick)
            self.leader, self.trick = won, ()


def greedy(deal: Deal, rng: random.Random) -> int:
    """A quick sensible card for the playouts: catch Q♣ with 6♣, win cheaply, smear points on
    a partner's sure trick, otherwise throw the cheapest card."""
    seat = deal.to_play
    options = cards(legal(deal.hands[seat], deal.trick))
    if len(options) == 1:
        return options[0]
    trick = deal.trick
    if not trick:
        return min(options, key=lambda c: (POINTS[c] + (15 if c == QUEEN else 0), -c, rng.random()))
    if SIX in options and QUEEN in trick and (len(trick) - trick.index(QUEEN)) % 2:
        return SIX
    leader = deal.leader
    best = winner(leader, trick)
    partner_wins = best % 2 == seat % 2
    last = len(trick) == 3
    if partner_wins and last:
        return max(options, key=lambda c: (POINTS[c] - (20 if c == QUEEN else 0), c))
    if not partner_wins:
        beating = [c for c in options if winner(leader, (*trick, c)) == seat]
        if beating:
            return max(beating) if last else min(beating)  # cheapest / strongest winner
    return min(options, key=lambda c: (POINTS[c] + (15 if c in (QUEEN, SIX) else 0), -c))
