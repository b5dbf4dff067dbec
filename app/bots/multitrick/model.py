"""The search's model of one deal of the family (K4-11 … K4-18, B-9 … B-20), every card known,
on bitmasks: leads, beats and discards, the trick taken by the owner of the top set, the draws
from the stock, a bura after a draw (B-16) and a declaration of 61 (B-20) where the game has
them, and the deal's penalties at its end.

Claims are left out: a world is played from the seat's decision on, and the bots claim every
combination they hold anyway. A world at the horizon is worth what the deal wrote, as
`Game.deal_outcome` counts it (the others' penalties on average less one's own), plus a small
share of the card points (more is still better when the write is the same).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from app.bots.multitrick.masks import Ranks, bits, points, submasks
from app.domain.multitrick.deck import HAND_SIZE
from app.domain.multitrick.scoring import WIN, full_deal, scale
from app.domain.stock import draw_order

BEAT = 1 << 36
"""An action is the mask of its cards, with this bit for a beat (a lead is told by the empty
trick; every other response is a discard)."""
CARDS = BEAT - 1
MARGIN = 1 / 120
"""What one card point of margin over the others is worth, in penalty points."""
POT_WORTH_A_TRUMP = 10
"""The rollout beats with trumps for a trick worth this much (or once the stock is gone)."""


class World(NamedTuple):
    hands: tuple[int, ...]
    stock: tuple[int, ...]
    """Top first."""
    leader: int
    turn: int
    """How many seats have played to the trick."""
    top_seat: int
    top: int
    """The top set (K4-12, B-10): the lead, or the latest beat."""
    pot: int
    """The card points on the table."""
    piles: tuple[int, ...]
    """Per seat, the card points taken."""
    taken: tuple[int, ...]
    """Per seat, the tricks taken."""
    ended: tuple[int, ...] | None = None
    """The penalties per side of a deal ended early (a bura, a declaration)."""


Score = Callable[[Sequence[int], Sequence[int]], tuple[int, ...]]
"""A played-out deal's penalties per side, from the piles and tricks per seat."""


@dataclass(frozen=True)
class Rules:
    """What a game tells the model of its deal."""

    ranks: Ranks
    sides: tuple[int, ...]
    """Per seat, its side (a team, or the seat itself)."""
    score: Score
    bura: bool = False
    """B-16: four trumps after a draw end the deal."""
    declare: bool = False
    """B-20: a player declares 61 as soon as he has it."""

    @property
    def seats(self) -> int:
        return len(self.sides)


def teams_score(piles: Sequence[int], taken: Sequence[int]) -> tuple[int, ...]:
    """K4-18, K4-19: the two teams' piles (seats 0 + 2 and 1 + 3)."""
    team = (piles[0] + piles[2], piles[1] + piles[3])
    took = (taken[0] + taken[2] > 0, taken[1] + taken[3] > 0)
    return full_deal(team, took)


def players_score(win_needs_61: bool) -> Score:
    """B-18: each player's pile on its own."""

    def score(piles: Sequence[int], taken: Sequence[int]) -> tuple[int, ...]:
        return full_deal(piles, [t > 0 for t in taken], win_needs_61)

    return score


class DealModel:
    """One deal of the family, as `app.bots.search` plays it."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._seats = rules.seats
        self._sides = max(rules.sides) + 1

    def to_move(self, world: World) -> int | None:
        if world.ended is not None or (not world.turn and not any(world.hands)):
            return None
        return (world.leader + world.turn) % self._seats

    def actions(self, world: World) -> Sequence[int]:
        seat = (world.leader + world.turn) % self._seats
        hand, ranks = world.hands[seat], self.rules.ranks
        if not world.turn:
            return ranks.leads(hand)
        size = world.top.bit_count()
        sets = list(submasks(hand, size))
        return [m | BEAT for m in sets if ranks.beats(m, world.top)] + sets

    def play(self, world: World, action: int) -> World:
        seat = (world.leader + world.turn) % self._seats
        cards = action & CARDS
        hands = list(world.hands)
        hands[seat] &= ~cards
        top_seat, top = world.top_seat, world.top
        if not world.turn or action & BEAT:
            top_seat, top = seat, cards
        pot = world.pot + points(cards)
        if world.turn + 1 < self._seats:
            return World(
                (*hands,), world.stock, world.leader, world.turn + 1, top_seat, top, pot,
                world.piles, world.taken,
            )  # fmt: skip
        return self._taken(world, hands, top_seat, pot)

    def _taken(self, world: World, hands: list[int], winner: int, pot: int) -> World:
        """K4-13, B-11: the owner of the top set takes the trick, then everyone draws from
        him (K4-15, B-12)."""
        rules = self.rules
        piles = list(world.piles)
        piles[winner] += pot
        taken = list(world.taken)
        taken[winner] += 1
        stock = world.stock
        ended = None
        if stock:
            needs = [HAND_SIZE - hand.bit_count() for hand in hands]
            order = draw_order(winner, needs, len(stock))
            for seat, card in zip(order, stock, strict=False):
                hands[seat] |= 1 << card
            stock = stock[len(order) :]
            if rules.bura:
                ended = self._bura(hands, piles, taken)
        if ended is None and rules.declare:
            ended = self._declared(piles, taken)
        return World((*hands,), stock, winner, 0, winner, 0, 0, (*piles,), (*taken,), ended)

    def _bura(self, hands: list[int], piles: list[int], taken: list[int]) -> tuple[int, ...] | None:
        """B-16: a hand of four trumps wins the deal (of two, the one with the higher
        trump); the others get the scale of their piles (B-18)."""
        ranks = self.rules.ranks
        holders = [s for s, h in enumerate(hands) if h.bit_count() == 4 and h & ~ranks.trumps == 0]
        if not holders:
            return None
        best = max(holders, key=lambda s: max(ranks.highest_trump[c] for c in bits(hands[s])))
        return tuple(0 if s == best else scale(piles[s], taken[s] > 0) for s in range(len(hands)))

    def _declared(self, piles: list[int], taken: list[int]) -> tuple[int, ...] | None:
        """B-20: a player with 61 declares on his turn (here: at once)."""
        for seat, pile in enumerate(piles):
            if pile >= WIN:
                return tuple(
                    0 if s == seat else scale(piles[s], taken[s] > 0) for s in range(len(piles))
                )
        return None

    def value(self, world: World, side: int) -> float:
        rules = self.rules
        penalties = world.ended or rules.score(world.piles, world.taken)
        total, others = sum(penalties), len(penalties) - 1
        worth = (total - penalties[side]) / others - penalties[side]
        by_side = [0] * self._sides
        for seat, pile in enumerate(world.piles):
            by_side[rules.sides[seat]] += pile
        mine = by_side[side]
        margin = mine - (sum(by_side) - mine) / others
        return worth + MARGIN * margin

    def side_of(self, seat: int) -> int:
        return self.rules.sides[seat]

    def moves_left(self, world: World) -> int:
        return sum(hand.bit_count() for hand in world.hands) + len(world.stock)

    def rollout(self, world: World, rng: random.Random) -> int:
        """A quick greedy choice, the heuristic's tactics in brief: lead the card least worth
        keeping; on a trick the seat's side holds, pass the cheapest cards; else beat with the
        cheapest set that beats, with trumps only for a rich trick or once the stock is gone."""
        rules = self.rules
        ranks = rules.ranks
        seat = (world.leader + world.turn) % self._seats
        hand = world.hands[seat]
        if not world.turn:
            cards = bits(hand)
            return 1 << min(cards, key=lambda c: ranks.keep[c] + 3 * rng.random())
        size = world.top.bit_count()
        if rules.sides[world.top_seat] == rules.sides[seat]:
            return ranks.cheapest(hand, size)
        beats = ranks.beat_sets(hand, world.top)
        if beats:
            best = beats[0]
            rich = world.pot + points(best) >= POT_WORTH_A_TRUMP or not world.stock
            if rich or not best & ranks.trumps:
                return best | BEAT
        return ranks.cheapest(hand, size)

    def key(self, world: World) -> Hashable:
        return world
