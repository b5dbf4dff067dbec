"""A fast model of the rest of one deal of the 32-card Kozel on bitmasks, for the strong
bot's search (`app.bots.search`).

Cards are the indices of `deck.DECK`; a hand is a mask. `Rules` holds what stays fixed for
the rest of the deal (the trumps in force, who may lead what, the blinds, how the кон is
scored); `World` is one determinized position. The domain engine remains the authority on
legality: this model mirrors C32-22 … C32-26 for speed, and a test checks it against the
engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from app.domain.cards import Card, Rank
from app.domain.kozel32 import deck
from app.domain.ranking import Ranking

INDEX = {card: i for i, card in enumerate(deck.DECK)}
POINTS = tuple(deck.points(card) for card in deck.DECK)
SHAMOK, QUEEN = INDEX[deck.SHAMOK], INDEX[deck.QUEEN_OF_CLUBS]


def mask_of(hand: tuple[Card, ...] | list[Card]) -> int:
    mask = 0
    for card in hand:
        mask |= 1 << INDEX[card]
    return mask


@dataclass(frozen=True, slots=True)
class Classes:
    """The deal's trumps (C32-3, C32-5) as tables over card indices: class 0 is the trumps."""

    of: tuple[int, ...]
    power: tuple[int, ...]
    mask: tuple[int, ...]
    ace: tuple[int, ...]
    """Per class, the mask of its plain ace (C32-24); 0 for the trumps."""

    @staticmethod
    def of_ranking(trumps: Ranking) -> Classes:
        of = tuple(trumps.class_of(card) for card in deck.DECK)
        power = tuple(trumps.power(card) for card in deck.DECK)
        masks = tuple(mask_of(list(cls)) for cls in trumps.classes)
        aces = tuple(
            0 if i == trumps.trump else mask_of([c for c in cls if c.rank is Rank.ACE])
            for i, cls in enumerate(trumps.classes)
        )
        return Classes(of, power, masks, aces)

    def winner(self, trick: tuple[int, ...]) -> int:
        """C32-25: the position of the highest trump, else of the highest card of the led
        class."""
        led = self.of[trick[0]]
        best, best_key = 0, -1
        for i, card in enumerate(trick):
            cls = self.of[card]
            key = 100 + self.power[card] if cls == 0 else self.power[card] if cls == led else -1
            if key > best_key:
                best, best_key = i, key
        return best


@dataclass(frozen=True, slots=True)
class Scoring:
    """What the кон's result is worth at the end of the deal (C32-27 … C32-29, C32-36)."""

    sides: int
    boards: tuple[int, ...]
    eggs_pending: int
    lyusya_wins: bool
    """A Люся now ends the game (C32-29, the first кон): it is worth the whole board."""


@dataclass(frozen=True, slots=True)
class Rules:
    seats: int
    side: tuple[int, ...]
    """The scoring side of each seat: its team, or itself at the queen-of-spades table."""
    catch_side: tuple[int, ...]
    """The "opposite teams" of the catch (C32-26): teams, or soloist against defenders."""
    classes: Classes
    free_leaders: frozenset[int] | None
    """C32-22: the seats that may lead a trump while holding a plain card; None: everyone."""
    ace_ban: bool
    blinds: frozenset[int]
    """C32-34: the blind plays its next face-down card, bound by no rule of play."""
    fixed_leader: int | None
    """C32-19: merry and sad keep one leader for every trick."""
    catch: bool
    scoring: Scoring


class World(NamedTuple):
    """The rest of one deal with every hand known."""

    hands: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    points: tuple[int, ...]
    """Card points per scoring side so far (hidden coffins and discards included)."""
    taken: tuple[int, ...]
    """Tricks of the кон per scoring side so far."""
    led: int
    """The classes tricks of this deal were led with, as bits (C32-24)."""
    order: tuple[tuple[int, ...], ...]
    """Per seat, the order a blind turns its cards up in (empty for the others)."""
    catch: int | None = None
    """The side whose шамок caught Q♣ (C32-26)."""


def to_play(rules: Rules, world: World) -> int:
    return (world.leader + len(world.trick)) % rules.seats


def legal(rules: Rules, world: World, seat: int) -> int:
    """The cards `seat` may play (C32-22 … C32-24, C32-34)."""
    hand = world.hands[seat]
    if seat in rules.blinds:
        return next(1 << c for c in world.order[seat] if hand >> c & 1)
    classes = rules.classes
    if not world.trick:
        if rules.free_leaders is None or seat in rules.free_leaders:
            return hand
        return (hand & ~classes.mask[0]) or hand
    following = hand & classes.mask[classes.of[world.trick[0]]]
    if following or not rules.ace_ban:
        return following or hand
    banned = 0
    for cls, ace in enumerate(classes.ace):
        if not world.led >> cls & 1:
            banned |= ace
    return (hand & ~banned) or hand


def play(rules: Rules, world: World, card: int) -> World:
    seat = to_play(rules, world)
    hands = tuple(h & ~(1 << card) if s == seat else h for s, h in enumerate(world.hands))
    trick = (*world.trick, card)
    if len(trick) < rules.seats:
        return world._replace(hands=hands, trick=trick)
    won = (world.leader + rules.classes.winner(trick)) % rules.seats
    side = rules.side[won]
    gained = sum(POINTS[c] for c in trick)
    points = tuple(p + gained if s == side else p for s, p in enumerate(world.points))
    taken = tuple(t + 1 if s == side else t for s, t in enumerate(world.taken))
    led_class = rules.classes.of[trick[0]]
    led = world.led | (1 << led_class if led_class else 0)
    leader = won if rules.fixed_leader is None else rules.fixed_leader
    return World(
        hands, leader, (), points, taken, led, world.order, caught(rules, world.leader, trick)
    )


def caught(rules: Rules, leader: int, trick: tuple[int, ...]) -> int | None:
    """C32-26: 7♣ and Q♣ in one trick from opposite sides; the шамок's side catches."""
    if not rules.catch or SHAMOK not in trick or QUEEN not in trick:
        return None
    shamok = (leader + trick.index(SHAMOK)) % rules.seats
    queen = (leader + trick.index(QUEEN)) % rules.seats
    if rules.catch_side[shamok] == rules.catch_side[queen]:
        return None
    return rules.side[shamok]


def worth(scoring: Scoring, world: World) -> tuple[float, ...]:
    """Per side, pairs gained less pairs lost (`Game.deal_outcome`), in the rules' order of
    results; a Люся that ends the game is worth the whole board."""
    sides = scoring.sides
    gains = [0.0] * sides
    winner, gain = _result(scoring, world)
    if winner is None:
        return tuple(gains)
    gains[winner] = gain + scoring.eggs_pending
    if world.catch is None and world.taken[winner] == sum(world.taken):  # C32-29
        if scoring.lyusya_wins:
            return tuple(6.0 if s == winner else -6.0 for s in range(sides))
        return tuple(g if s == winner else -float(scoring.boards[s]) for s, g in enumerate(gains))
    return tuple(gains)


def _result(scoring: Scoring, world: World) -> tuple[int | None, int]:
    if world.catch is not None:
        return world.catch, 2
    best = max(world.points)
    if world.points.count(best) > 1:  # eggs
        return None, 0
    winner = world.points.index(best)
    if world.taken[winner] == sum(world.taken):
        return winner, 0
    return winner, 2 if sum(world.points) - best < deck.SPAS else 1
