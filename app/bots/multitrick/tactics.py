"""Heuristic tactics for a trick of several cards, from one seat's view only.

The bot remembers the face-up cards it has seen in the deal (its `Memory`), so the cards it
has not seen are the ones the others may hold. Each lead, beat or discard is judged by the
card points it is expected to bring the seat's side from this trick:

- a set **holds** against one opponent's hand unless that hand can beat every card of it;
  the chance of that is estimated card by card from the unseen cards that beat each one;
- a side that holds the top set takes the trick's points, the points still to come
  (responses: an average card each) included; a side that loses it gives them away;
- a trump spent costs a little while the stock lasts (trumps win later tricks).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from math import comb

from app.domain.cards import Card
from app.domain.commands import Command
from app.domain.multitrick.commands import Beat, Discard, Lead
from app.domain.multitrick.deck import DECK, card_points, points
from app.domain.ranking import Ranking
from app.domain.view import TrickView, View

TRUMP_COST = 2.5
"""Card points a trump is worth keeping while the stock lasts."""


@dataclass
class Memory:
    """The face-up cards a seat has seen in the current deal."""

    deal_no: int = -1
    seen: set[Card] = field(default_factory=set)
    won: dict[int, int] = field(default_factory=dict)
    """The points of the face-up cards (and the seat's own discards) in each seat's pile,
    as far as the seat has seen the tricks taken."""
    _last: TrickView | None = None

    def observe(self, view: View[object]) -> None:
        if view.deal_no != self.deal_no:
            self.deal_no, self.seen, self.won, self._last = view.deal_no, set(), {}, None
        for trick in (view.trick, view.last_trick):
            for play in () if trick is None else trick.plays:
                self.seen.update(play.cards or ())
        last = view.last_trick
        if last is not None and last.winner is not None and last != self._last:
            self._last = last
            taken = points(card for play in last.plays for card in play.cards or ())
            self.won[last.winner] = self.won.get(last.winner, 0) + taken

    def unseen(self, hand: Iterable[Card]) -> list[Card]:
        mine = set(hand)
        return [card for card in DECK if card not in self.seen and card not in mine]


@dataclass(frozen=True)
class Table:
    """What the tactics need to know of the deal, from the view."""

    seat: int
    seats: int
    ranking: Ranking
    hand: tuple[Card, ...]
    unseen: list[Card]
    stock: int
    friends: frozenset[int]
    """The seat and its partners."""

    def chance_beaten(self, cards: Sequence[Card]) -> float:
        """The chance that one opponent's hand can beat every card of `cards` (each card's
        chance taken apart, a rough product)."""
        unseen, size = len(self.unseen), max(1, len(self.hand))
        if unseen == 0:
            return 0.0
        chance = 1.0
        for card in cards:
            beaters = sum(1 for other in self.unseen if self.ranking.beats(other, card))
            misses = comb(unseen - beaters, size) / comb(unseen, size) if unseen >= size else 1
            chance *= 1 - misses
        return chance

    def holds(self, cards: Sequence[Card], opponents_left: int) -> float:
        return (1 - self.chance_beaten(cards)) ** opponents_left

    def average(self) -> float:
        return points(self.unseen) / len(self.unseen) if self.unseen else 0.0

    def trump_cost(self, cards: Iterable[Card]) -> float:
        if not self.stock:
            return 0.0
        return TRUMP_COST * sum(1 for card in cards if self.ranking.is_trump(card))


def lead_value(table: Table, cards: Sequence[Card]) -> float:
    responders = [(table.seat + i) % table.seats for i in range(1, table.seats)]
    opponents = sum(1 for s in responders if s not in table.friends)
    held = table.holds(cards, opponents)
    pot = points(cards) + table.average() * len(cards) * len(responders)
    return pot * (2 * held - 1) - table.trump_cost(cards) + 0.5 * len(cards)


def response_value(
    table: Table, trick: TrickView, move: Beat | Discard, owner: int, top: Sequence[Card]
) -> float:
    played = {p.seat for p in trick.plays}
    to_come = [
        (trick.leader + i) % table.seats
        for i in range(table.seats)
        if (trick.leader + i) % table.seats not in played | {table.seat}
    ]
    k = len(move.cards)
    on_table = sum(points(p.cards) if p.cards else table.average() * p.count for p in trick.plays)
    pot = on_table + points(move.cards) + table.average() * k * len(to_come)
    if isinstance(move, Beat):
        owner, top = table.seat, move.cards
    ours = owner in table.friends
    opponents = [s for s in to_come if (s in table.friends) != ours]
    held = table.holds(top, len(opponents))
    value = pot * (2 * held - 1) * (1 if ours else -1)
    return value - table.trump_cost(move.cards) - 0.01 * _keep_value(table, move.cards)


def _keep_value(table: Table, cards: Sequence[Card]) -> float:
    """A tie-break: what the cards given up were worth in the hand."""
    return sum(card_points(c) + table.ranking.power(c) for c in cards)


def best_trick_move(
    table: Table, trick: TrickView | None, owner: int | None, actions: Sequence[Command]
) -> Command | None:
    """The lead, beat or discard with the best expected points (None when there is none);
    `owner` is the seat of the top set."""
    leads = [a for a in actions if isinstance(a, Lead)]
    if leads:
        return max(leads, key=lambda m: lead_value(table, m.cards))
    responses = [a for a in actions if isinstance(a, Beat | Discard)]
    if not responses or trick is None or owner is None:
        return None
    top = next(p.cards or () for p in reversed(trick.plays) if p.seat == owner)
    return max(responses, key=lambda m: response_value(table, trick, m, owner, top))


def lowest(cards: Iterable[Card], ranking: Ranking) -> list[Card]:
    return sorted(cards, key=lambda c: (card_points(c), ranking.is_trump(c), ranking.power(c)))
