"""The strong bot: determinized search (perfect-information Monte Carlo).

For each sample it deals the unseen cards to the other seats consistently with what the seat
has seen (hand sizes, shown voids, the cards of its own exchange), then values every legal
card: by greedy playouts early in the deal and by the exact double-dummy solver once the
hands are small. It picks the card with the best mean result in Kozel terms — winning the
deal, reaching 31 when it is lost, keeping the opponents under 30, the sweep and the caught
queen — within a per-move deadline. Pre-play decisions are the heuristic bot's.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from app.bots.fast import Deal, cards, greedy
from app.bots.heuristic import decide_before_play
from app.bots.knowledge import Knowledge, infer
from app.bots.solver import Solver
from app.domain import kozel24 as k
from app.domain.kozel24 import deck

DEAL_POINTS = deck.DEAL_POINTS
SOLVE_AT = 16
"""Solve exactly once at most this many cards are still in the hands."""


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


class StrongBot:
    level = "strong"

    def __init__(self, rng: random.Random, deadline_s: float = 0.15, samples: int = 24) -> None:
        self._rng = rng
        self._deadline = deadline_s
        self._samples = samples

    def choose(self, view: k.View) -> k.SeatCommand:
        know = infer(view)
        return self.choose_with(view, lambda: deal_unseen(know, self._rng))

    def choose_with(self, view: k.View, draw: Callable[[], list[int] | None]) -> k.SeatCommand:
        """Search with `draw` giving the worlds to average over (the arena's oracle gives the
        true one; a seat bot samples from what its seat has seen)."""
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        if isinstance(actions[0], k.CutDeck):
            return self._rng.choice(actions)
        if view.phase is k.Phase.DECISIONS:
            return decide_before_play(view, actions)
        plays = {deck.INDEX[a.card]: a for a in actions if isinstance(a, k.PlayCard)}
        return plays[self._search(view, infer(view), sorted(plays), draw)]

    def _search(
        self,
        view: k.View,
        know: Knowledge,
        options: list[int],
        draw: Callable[[], list[int] | None],
    ) -> int:
        started = time.perf_counter()
        us = know.seat % 2
        totals = dict.fromkeys(options, 0.0)
        runs = 0
        trick = view.trick
        leader = trick.leader if trick is not None else know.seat
        played = tuple(deck.INDEX[p.card] for p in trick.plays) if trick is not None else ()
        base = [view.points[0], view.points[1]]
        taken = list(view.tricks_taken)
        left = sum(view.hand_sizes)
        while runs < self._samples:
            if runs and time.perf_counter() - started > self._deadline:
                break
            hands = draw()
            if hands is None:
                break
            runs += 1
            if left <= SOLVE_AT:
                values = Solver().best(hands, leader, played)
                for card, value in values.items():
                    totals[card] += _solved(value, base, us)
                continue
            for card in options:
                deal = Deal(list(hands), leader, played, list(base))
                won = list(taken)
                _play(deal, card, won)
                end = _play_out(deal, won, self._rng)
                totals[card] += utility(
                    end.points[us], won[us] == 6, won[1 - us] == 6, end.catch, us
                )
        if not runs:
            return options[0]
        return max(options, key=lambda c: (totals[c], -deck.POINTS[c]))


def _play(deal: Deal, card: int, taken: list[int]) -> None:
    """Play `card`, counting a finished trick for its winner's team (for the sweep)."""
    completes = len(deal.trick) == 3
    deal.play(card)
    if completes:
        taken[deal.leader % 2] += 1


def _play_out(deal: Deal, taken: list[int], rng: random.Random) -> Deal:
    while not deal.over:
        _play(deal, greedy(deal, rng), taken)
    return deal


def _solved(value: int, base: list[int], us: int) -> float:
    """The utility of a solved position: `value` is team 0's points from here on."""
    if abs(value) > DEAL_POINTS:  # a catch (±CATCH, plus the points taken before it)
        return 4.0 if (0 if value > 0 else 1) == us else -4.0
    team0 = base[0] + value
    return utility(team0 if us == 0 else 120 - team0, False, False, None, us)


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
