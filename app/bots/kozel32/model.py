"""The strong bot's model of the rest of one deal (`app.bots.search.Model`) on the fast rules
of `fast`, with a quick greedy policy for the playouts."""

from __future__ import annotations

import random
import statistics
from collections.abc import Hashable, Sequence

from app.bots.kozel32.fast import (
    POINTS,
    QUEEN,
    SHAMOK,
    Rules,
    World,
    legal,
    play,
    to_play,
    worth,
)
from app.bots.masks import indices as cards

MARGIN = 0.25
"""The weight of the card-point margin (at most a quarter of a pair): more points are still
better when the result is the same."""
WORTH_TAKING = 10
"""Card points on the table worth spending a trump for (as the heuristic's)."""


class DealModel:
    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def to_move(self, world: World) -> int | None:
        if world.catch is not None or (not world.trick and not any(world.hands)):
            return None
        return to_play(self.rules, world)

    def actions(self, world: World) -> Sequence[int]:
        return cards(legal(self.rules, world, to_play(self.rules, world)))

    def play(self, world: World, action: int) -> World:
        return play(self.rules, world, action)

    def value(self, world: World, side: int) -> float:
        """The deal's worth to `side` less the mean of the other sides' (the arena's margin),
        plus a small share of the card-point margin."""
        values = worth(self.rules.scoring, world)
        others = [v for s, v in enumerate(values) if s != side]
        result = values[side] - statistics.fmean(others)
        if world.catch is not None:
            return result
        points = [p for s, p in enumerate(world.points) if s != side]
        return result + MARGIN * (world.points[side] - statistics.fmean(points)) / 120

    def side_of(self, seat: int) -> int:
        return self.rules.side[seat]

    def moves_left(self, world: World) -> int:
        return sum(hand.bit_count() for hand in world.hands)

    def rollout(self, world: World, rng: random.Random) -> int:
        return greedy(self.rules, world)

    def key(self, world: World) -> Hashable:
        return world


def greedy(rules: Rules, world: World) -> int:
    """The heuristic's card play on the model: catch Q♣ with the шамок, feed a partner's
    trick that holds, take what is worth taking with the cheapest winner, never offer Q♣ to a
    шамок still to play, otherwise throw the least."""
    seat = to_play(rules, world)
    options = cards(legal(rules, world, seat))
    if len(options) == 1:
        return options[0]
    classes = rules.classes
    trick = world.trick
    safe = [c for c in options if not _risks_queen(rules, world, seat, c)] or options
    if not trick:
        aces = [c for c in safe if classes.of[c] and classes.ace[classes.of[c]] >> c & 1]
        if aces:
            return aces[0]
        plain = [c for c in safe if classes.of[c]]
        return _cheapest(rules, plain or safe)
    leader = world.leader
    if SHAMOK in options and QUEEN in trick:
        queen_by = (leader + trick.index(QUEEN)) % rules.seats
        if rules.catch and rules.catch_side[queen_by] != rules.catch_side[seat]:
            return SHAMOK
    best = (leader + classes.winner(trick)) % rules.seats
    last = len(trick) == rules.seats - 1
    if rules.catch_side[best] == rules.catch_side[seat] and (last or _holds(rules, world, seat)):
        plain = [c for c in safe if classes.of[c]]
        return max(plain, key=POINTS.__getitem__) if plain else _cheapest(rules, safe)
    winners = [c for c in safe if classes.winner((*trick, c)) == len(trick)]
    if winners:
        cheapest = _cheapest(rules, winners)
        if last or sum(POINTS[c] for c in trick) >= WORTH_TAKING or classes.of[cheapest]:
            return cheapest
    return _cheapest(rules, safe)


def _holds(rules: Rules, world: World, seat: int) -> bool:
    """No opponent still to play holds a card that beats the trick's best."""
    classes, trick = rules.classes, world.trick
    top = trick[classes.winner(trick)]
    for i in range(1, rules.seats - len(trick)):
        other = (seat + i) % rules.seats
        if rules.catch_side[other] == rules.catch_side[seat]:
            continue
        for card in cards(world.hands[other]):
            if classes.winner((top, card)) == 1:
                return False
    return True


def _risks_queen(rules: Rules, world: World, seat: int, card: int) -> bool:
    """Q♣ played while an opponent still to play in this trick holds the шамок."""
    if card != QUEEN or not rules.catch:
        return False
    for i in range(1, rules.seats - len(world.trick)):
        other = (seat + i) % rules.seats
        if rules.catch_side[other] != rules.catch_side[seat] and world.hands[other] >> SHAMOK & 1:
            return True
    return False


def _cheapest(rules: Rules, options: list[int]) -> int:
    """Fewest points, plain before trump, the weakest first."""
    classes = rules.classes
    return min(options, key=lambda c: (POINTS[c], classes.of[c] == 0, classes.power[c]))
