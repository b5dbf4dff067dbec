"""A fast model of one deal of Kozly on bitmasks, for the strong bot's search.

Cards are the indices of `deck.DECK` (♣ ♠ ♥ ♦, each A 10 K Q J 9 8 7); a hand is a mask. The
domain engine remains the authority: this model mirrors KZ-5 (who takes a trick), KZ-11 (the
deal of half 2) and KZ-13 (the draws) for speed, and a test checks it against the engine. A
world's worth at the end of the deal is the marks it moves for the seat (KZ-16 to KZ-18,
through the domain's own `scoring`), plus a share of the card-point margin.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from app.bots.masks import indices as cards
from app.domain.cards import Rank, Suit
from app.domain.kozly import scoring
from app.domain.kozly.deck import DECK, JACKS, POINTS, SUIT_RANKS
from app.domain.ranking import SUIT_ORDER

CARDS = range(len(DECK))
INDEX = {card: i for i, card in enumerate(DECK)}
POINTS_OF = tuple(POINTS[card.rank] for card in DECK)
SUIT_OF = tuple(SUIT_ORDER.index(card.suit) for card in DECK)
TRICKS_PER_HALF = 4
TRICKS = 8
JACK_STRENGTH = (9, 7, 5, 4)
"""What a jack kept for later is worth, in card points, J♣ … J♦ (the heuristic bot's guess)."""


def mask_of(indices: Sequence[int]) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


@dataclass(frozen=True, slots=True)
class Order:
    """KZ-4, KZ-5 for one trump suit: each card's tier key (jacks over trumps) and its power
    inside a plain suit."""

    trump: int
    top: tuple[int, ...]
    """300 + the jack's power, 200 + the trump's power; 0 for a plain card."""
    plain: tuple[int, ...]
    keep: tuple[int, ...]
    """What keeping the card for later is worth, in card points (jacks much, trumps some)."""

    @staticmethod
    def of(trump: Suit) -> Order:
        t = SUIT_ORDER.index(trump)
        top, plain, keep = [], [], []
        for card in DECK:
            power = len(SUIT_RANKS) - SUIT_RANKS.index(card.rank) if card.rank in SUIT_RANKS else 0
            if card.rank is Rank.JACK:
                jack = JACKS.index(card)
                top.append(300 + len(JACKS) - jack)
                keep.append(JACK_STRENGTH[jack])
            elif SUIT_ORDER.index(card.suit) == t:
                top.append(200 + power)
                keep.append(1 + power // 2)
            else:
                top.append(0)
                keep.append(0)
            plain.append(100 + power)
        return Order(t, tuple(top), tuple(plain), tuple(keep))

    def winner(self, trick: Sequence[int]) -> int:
        """KZ-5: the position in `trick` of the card that takes it."""
        led = SUIT_OF[trick[0]]
        best, at = -1, 0
        for i, card in enumerate(trick):
            key = self.top[card] or (self.plain[card] if SUIT_OF[card] == led else 0)
            if key > best:
                best, at = key, i
        return at

    def cheapest(self, hand: Sequence[int]) -> int:
        """The card that costs least to give away: fewest points plus what keeping it is
        worth, the weakest first."""
        return min(hand, key=lambda c: (POINTS_OF[c] + self.keep[c], self.top[c], self.plain[c]))


class World(NamedTuple):
    """One deal with every card known: the hands, half 2's hands still set aside (`halves`),
    the stock in drawing order (`stock`), the trick so far, and each seat's card points."""

    hands: tuple[int, ...]
    later: tuple[int, ...]
    stock: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    points: tuple[int, ...]
    played: int
    """Tricks completed in this deal."""


@dataclass(frozen=True, slots=True)
class Table:
    """What the worth of a finished deal depends on besides its points (KZ-16 to KZ-18)."""

    halves: bool
    dealer: int
    dealers: tuple[int, ...]
    carried: tuple[int, ...]
    marks: tuple[int, ...]
    win_at: int = 60
    margin: float = 0.5
    """The worth of the whole card-point margin (120 points) beside the marks."""


class DealModel:
    """The search's model of one deal of Kozly, each seat for himself."""

    def __init__(self, order: Order, table: Table) -> None:
        self.order = order
        self.table = table
        self._worth: dict[tuple[tuple[int, ...], int], float] = {}

    def to_move(self, world: World) -> int | None:
        if world.played == TRICKS:
            return None
        return (world.leader + len(world.trick)) % 4

    def actions(self, world: World) -> Sequence[int]:
        return cards(world.hands[(world.leader + len(world.trick)) % 4])

    def play(self, world: World, card: int) -> World:
        seat = (world.leader + len(world.trick)) % 4
        hands = list(world.hands)
        hands[seat] &= ~(1 << card)
        trick = (*world.trick, card)
        if len(trick) < 4:
            return world._replace(hands=tuple(hands), trick=trick)
        won = (world.leader + self.order.winner(trick)) % 4
        points = list(world.points)
        points[won] += sum(POINTS_OF[c] for c in trick)
        played = world.played + 1
        later, stock, leader = world.later, world.stock, won
        if self.table.halves and played == TRICKS_PER_HALF:
            # KZ-11: half 2 is dealt; the player left of its dealer (dealer + 1) leads.
            hands = [h | extra for h, extra in zip(hands, later, strict=True)]
            later, leader = (0, 0, 0, 0), (self.table.dealer + 2) % 4
        elif stock:
            # KZ-13: the trick's winner draws first, then clockwise.
            for k in range(4):
                hands[(won + k) % 4] |= 1 << stock[k]
            stock = stock[4:]
        return World(tuple(hands), later, stock, leader, (), tuple(points), played)

    def value(self, world: World, side: int) -> float:
        key = (world.points, side)
        worth = self._worth.get(key)
        if worth is None:
            worth = self._worth[key] = self._value(world.points, side)
        return worth

    def _value(self, points: tuple[int, ...], side: int) -> float:
        """KZ-16 to KZ-18: the marks the deal moves for `side`, plus the margin's share."""
        table = self.table
        totals = (
            points if table.halves else tuple(map(sum, zip(points, table.carried, strict=True)))
        )
        winner = scoring.round_winner(totals, table.win_at)
        marks = 0.0
        if winner is not None:
            paid = scoring.payments(table.marks, winner, table.dealers)
            marks = float(sum(paid) if winner == side else -paid[side])
        others = (sum(totals) - totals[side]) / 3
        return marks + table.margin * (totals[side] - others) / 120

    def side_of(self, seat: int) -> int:
        return seat

    def moves_left(self, world: World) -> int:
        return 4 * (TRICKS - world.played) - len(world.trick)

    def rollout(self, world: World, rng: random.Random) -> int:
        seat = (world.leader + len(world.trick)) % 4
        return greedy(self.order, cards(world.hands[seat]), world.trick, rng)

    def key(self, world: World) -> Hashable:
        return world


def greedy(order: Order, hand: list[int], trick: tuple[int, ...], rng: random.Random) -> int:
    """The playouts' quick card, after the heuristic bot: take a trick when its points are
    worth more than the strength spent (surely as the last to play, with a sure winner or
    some luck before), else throw the cheapest card; lead the cheapest card."""
    if len(hand) == 1:
        return hand[0]
    if not trick:
        return order.cheapest(hand) if rng.random() < 0.8 else rng.choice(hand)
    pot = sum(POINTS_OF[c] for c in trick)
    takers = [c for c in hand if order.winner((*trick, c)) == len(trick)]
    if takers:
        best = max(takers, key=lambda c: (POINTS_OF[c] - order.keep[c], -order.top[c]))
        gain = pot + POINTS_OF[best] - order.keep[best]
        if gain > 0 and (len(trick) == 3 or order.top[best] > 300 or rng.random() < 0.5):
            return best
    return order.cheapest(hand)
