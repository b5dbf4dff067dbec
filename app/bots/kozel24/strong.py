"""The strong bot: the shared determinized search (`app.bots.search`) on a fast model of one
deal of Kozel.

For each sample it deals the unseen cards to the other seats consistently with what the seat
has seen (hand sizes, shown voids, the cards of its own exchange), then values every legal
card: by greedy playouts early in the deal and by exact search once few cards are left. A
world at the end of the deal is worth its result in Kozel terms — winning the deal, reaching
31 when it is lost, keeping the opponents under 30, the sweep and the caught queen — plus a
small share of the card margin. Pre-play decisions are the heuristic bot's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import NamedTuple

from app.bots.kozel24.fast import POINTS, Deal, caught, greedy, legal, winner
from app.bots.kozel24.heuristic import decide_before_play
from app.bots.kozel24.knowledge import Knowledge, infer
from app.bots.masks import indices as cards
from app.bots.search import Budget, Search
from app.domain import kozel24 as k
from app.domain.commands import Command
from app.domain.kozel24 import deck

TRICKS = deck.TRICKS_PER_DEAL


def utility(points: int, tricks_all: bool, tricks_none: bool, catch: int | None, us: int) -> float:
    """A deal's outcome for team `us`, in written points (K-13, K-14), plus a small share of
    the card margin so that more points are still better."""
    if catch is not None:
        return 4.0 if catch == us else -4.0
    if tricks_all:
        return 4.0
    if tricks_none:
        return -4.0
    margin = (points - 60) / 60
    if points > 60:
        return (4.0 if points > 90 else 2.0) + margin
    if points < 60:
        return (-4.0 if points < 30 else -2.0) + margin
    return 0.0


class World(NamedTuple):
    """One deal with every hand known: hands as masks, the trick so far, per team the card
    points and the tricks taken, and the team that caught Q♣ (K-13)."""

    hands: tuple[int, int, int, int]
    leader: int
    trick: tuple[int, ...]
    points: tuple[int, int]
    taken: tuple[int, int]
    catch: int | None = None


class DealModel:
    """The search's model of one deal of Kozel (K-11 … K-14), on bitmasks."""

    def to_move(self, world: World) -> int | None:
        if world.catch is not None or (not any(world.hands) and not world.trick):
            return None
        return (world.leader + len(world.trick)) % 4

    def actions(self, world: World) -> Sequence[int]:
        seat = (world.leader + len(world.trick)) % 4
        return cards(legal(world.hands[seat], world.trick))

    def play(self, world: World, card: int) -> World:
        seat = (world.leader + len(world.trick)) % 4
        hands = list(world.hands)
        hands[seat] &= ~(1 << card)
        trick = (*world.trick, card)
        if len(trick) < 4:
            return World((*hands,), world.leader, trick, world.points, world.taken)  # type: ignore[arg-type]
        won = winner(world.leader, trick)
        team = won % 2
        points = list(world.points)
        points[team] += sum(POINTS[c] for c in trick)
        taken = list(world.taken)
        taken[team] += 1
        return World(
            (*hands,),  # type: ignore[arg-type]
            won,
            (),
            (points[0], points[1]),
            (taken[0], taken[1]),
            caught(world.leader, trick),
        )

    def value(self, world: World, side: int) -> float:
        return utility(
            world.points[side],
            world.taken[side] == TRICKS,
            world.taken[1 - side] == TRICKS,
            world.catch,
            side,
        )

    def side_of(self, seat: int) -> int:
        return seat % 2

    def moves_left(self, world: World) -> int:
        return sum(hand.bit_count() for hand in world.hands)

    def rollout(self, world: World, rng: random.Random) -> int:
        deal = Deal(list(world.hands), world.leader, world.trick, list(world.points))
        return greedy(deal, rng)

    def key(self, world: World) -> Hashable:
        return world


MODEL = DealModel()
BUDGET = Budget(samples=24, nodes=50_000, exact_below=16)
"""The strong level's work per move (`bench/bot_think.py` measures its think time)."""


class StrongBot:
    level = "strong"

    def __init__(self, rng: random.Random, budget: Budget = BUDGET) -> None:
        self._rng = rng
        self._search = Search(MODEL, rng, budget)

    def choose(self, view: k.View) -> Command:
        know = infer(view)
        return self.choose_with(view, lambda: deal_unseen(know, self._rng))

    def choose_with(self, view: k.View, draw: Callable[[], list[int] | None]) -> Command:
        """Search with `draw` giving the worlds to average over (a yardstick may give the true
        one; a seat bot samples from what its seat has seen)."""
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        if isinstance(actions[0], k.CutDeck):
            return self._rng.choice(actions)
        if view.phase is k.Phase.DECISIONS:
            return decide_before_play(view, actions)
        assert view.seat is not None
        plays = {deck.INDEX[a.card]: a for a in actions if isinstance(a, k.PlayCard)}
        trick = view.trick
        leader = trick.leader if trick is not None else view.seat
        played = tuple(deck.INDEX[c] for p in trick.plays for c in p.cards or ()) if trick else ()
        points = (view.game.points[0], view.game.points[1])
        taken = (view.game.tricks_taken[0], view.game.tricks_taken[1])

        def sample(_: random.Random) -> World | None:
            hands = draw()
            if hands is None:
                return None
            return World((hands[0], hands[1], hands[2], hands[3]), leader, played, points, taken)

        best = self._search.best(view.seat, sorted(plays), sample)
        return plays[best]


def deal_unseen(know: Knowledge, rng: random.Random, tries: int = 50) -> list[int] | None:
    """Hands for the other seats: right sizes, the known cards where they are, no card in a
    class its holder has shown void in. None if no such deal turns up."""
    others = [s for s in range(4) if s != know.seat]
    free = know.unseen
    for seat in others:
        free &= ~know.known[seat]
    pool = cards(free)
    for attempt in range(tries):
        rng.shuffle(pool)
        hands = [0, 0, 0, 0]
        hands[know.seat] = know.hand
        need = {s: know.sizes[s] - know.known[s].bit_count() for s in others}
        for s in others:
            hands[s] = know.known[s]
        strict = attempt < tries - 1  # the last try ignores voids rather than fail
        ok = True
        for card in pool:
            fits = [
                s
                for s in others
                if need[s] > 0 and (not strict or deck.CLASS_OF[card] not in know.voids[s])
            ]
            if not fits:
                ok = False
                break
            seat = max(fits, key=lambda s: need[s] + rng.random())
            hands[seat] |= 1 << card
            need[seat] -= 1
        if ok:
            return hands
    return None
