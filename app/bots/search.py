"""The strong bots' search, written once for every game: determinized search (perfect-
information Monte Carlo).

A seat cannot see the other hands, so the search deals them: a game's **sampler** builds a
whole world (every card in its place) that agrees with everything the seat's view shows (its
hand, the cards played, the voids it has seen, what an exchange told it). In each sampled world
every legal action is valued, by **playouts** to the end of the deal early on and by **exact
search** (alpha-beta, each side for itself against the rest) once few moves are left; the
action with the best mean over the worlds is chosen.

The work is a fixed **budget** per move, not a time: so many sampled worlds (and, where a game
says so, no further world once so many nodes were searched), exact search only so near the
end and only so many nodes of it per world. A level plays the same moves, and so is as strong,
however loaded the machine is; the same view and the same generator give the same move. A
wall-clock **safety cap** stops sampling only when a move takes far longer than its budget
ever should (a machine in trouble); the search then says so (`app.bots.work`).

The worlds are played on a **model**: by default the game's own engine through the game
interface (`EngineModel`), valued by what the deal was worth (`Game.deal_outcome`) plus a
small share of the card points; a game may plug in a faster model of one deal of its own.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from app.bots.work import record
from app.domain.commands import Command
from app.domain.game import Game
from app.domain.seats import Seating
from app.domain.view import View

W = TypeVar("W")
A = TypeVar("A")


class Model(Protocol[W, A]):
    """One deal with every card known, as the search plays it."""

    def to_move(self, world: W) -> int | None:
        """The seat to act, or None once the deal is over (the search's horizon)."""

    def actions(self, world: W) -> Sequence[A]: ...

    def play(self, world: W, action: A) -> W: ...

    def value(self, world: W, side: int) -> float:
        """What the deal is worth to `side` at the horizon (more is better)."""

    def side_of(self, seat: int) -> int: ...

    def moves_left(self, world: W) -> int:
        """How many moves are left to the horizon, at most (exact search starts below a
        threshold of these)."""

    def rollout(self, world: W, rng: random.Random) -> A:
        """The quick choice of the playouts."""

    def key(self, world: W) -> Hashable:
        """The world as a key of the transposition table (equal keys: equal futures)."""


Sampler = Callable[[random.Random], W | None]
"""Deals one world that agrees with the seat's view (None if none could be found)."""


SAFETY_CAP_S = 2.0
"""Ten times the think time a budget is chosen for (p95 of 0.2 s, `bench/bot_think.py`)."""


def now() -> float:
    """The clock of the safety cap (and only of it)."""
    return time.perf_counter()


@dataclass(frozen=True, slots=True)
class Budget:
    samples: int = 24
    """Worlds sampled per move, at most."""
    nodes: int | None = None
    """Sample no further world once the move has searched this many nodes (moves of the
    playouts, positions of the exact searches): where each world costs much (exact search of
    a long end of deal), fewer worlds. None: no such bound."""
    exact_below: int = 13
    """Solve exactly once at most this many moves are left."""
    exact_nodes: int = 60_000
    """Give up an exact search after this many nodes of one world and play it out instead."""
    cap_s: float = SAFETY_CAP_S
    """Stop sampling once a move has taken this long (the first world is always searched)."""


class TooLarge(Exception):
    pass


@dataclass
class Search(Generic[W, A]):
    model: Model[W, A]
    rng: random.Random
    budget: Budget = Budget()
    nodes: int = 0
    """Moves played out and positions solved in this move's search so far."""

    def best(self, seat: int, actions: Sequence[A], sample: Sampler[W]) -> A:
        """The action of `seat` with the best mean value over sampled worlds."""
        if len(actions) == 1:
            return actions[0]
        side = self.model.side_of(seat)
        totals = self.totals(len(actions), sample, lambda world: self.values(world, actions, side))
        if totals is None:
            return actions[0]
        return actions[max(range(len(actions)), key=totals.__getitem__)]

    def totals(
        self, count: int, sample: Sampler[W], value: Callable[[W], Sequence[float]]
    ) -> list[float] | None:
        """The sums of `value`'s `count` values over the budget's sampled worlds (fewer if the
        sampler runs dry or the safety cap strikes); None if no world could be dealt."""
        started = now()
        self.nodes = 0
        totals = [0.0] * count
        runs = 0
        cut_short = False
        budget = self.budget
        while runs < budget.samples:
            if runs and budget.nodes is not None and self.nodes >= budget.nodes:
                break
            if runs and now() - started > budget.cap_s:
                cut_short = True
                break
            world = sample(self.rng)
            if world is None:
                break
            runs += 1
            for i, worth in enumerate(value(world)):
                totals[i] += worth
        record(runs, self.nodes, cut_short)
        return totals if runs else None

    def values(self, world: W, actions: Sequence[A], side: int) -> list[float]:
        """Each action's value for `side` in one world: solved exactly when the deal is near
        its end, else by one playout each."""
        model = self.model
        if model.moves_left(world) <= self.budget.exact_below:
            solver = Solver(model, side, self.budget.exact_nodes)
            try:
                return [solver.value(model.play(world, a)) for a in actions]
            except TooLarge:
                pass
            finally:
                self.nodes += solver.nodes
        return [self.playout(model.play(world, a), side) for a in actions]

    def playout(self, world: W, side: int) -> float:
        model = self.model
        while model.to_move(world) is not None:
            world = model.play(world, model.rollout(world, self.rng))
            self.nodes += 1
        return model.value(world, side)


class Solver(Generic[W, A]):
    """Alpha-beta over every action to the horizon, `side` against all the others (the
    "paranoid" reading of a game of several sides), with a transposition table."""

    def __init__(self, model: Model[W, A], side: int, max_nodes: int) -> None:
        self._model = model
        self._side = side
        self._max_nodes = max_nodes
        self._nodes = 0
        self._table: dict[Hashable, tuple[float, int]] = {}

    @property
    def nodes(self) -> int:
        return self._nodes

    def value(self, world: W) -> float:
        return self._search(world, -math.inf, math.inf)

    def _search(self, world: W, alpha: float, beta: float) -> float:
        model = self._model
        seat = model.to_move(world)
        if seat is None:
            return model.value(world, self._side)
        self._nodes += 1
        if self._nodes > self._max_nodes:
            raise TooLarge
        key = model.key(world)
        stored = self._table.get(key)
        if stored is not None:
            value, bound = stored
            if bound == 0 or (bound > 0 and value >= beta) or (bound < 0 and value <= alpha):
                return value
        maximize = model.side_of(seat) == self._side
        best = -math.inf if maximize else math.inf
        low, high = alpha, beta
        for action in model.actions(world):
            value = self._search(model.play(world, action), low, high)
            if maximize:
                best = max(best, value)
                low = max(low, best)
            else:
                best = min(best, value)
                high = min(high, best)
            if low >= high:
                break
        bound = -1 if best <= alpha else 1 if best >= beta else 0
        self._table[key] = (best, bound)
        return best


class EngineModel(Generic[W]):
    """The game's own engine as the search's model: worlds are whole game states; the horizon
    is the end of the current deal (or a chance node, or the end of the game); a world at the
    horizon is worth what the deal wrote for the side (`Game.deal_outcome`) plus
    `margin(world, side)`, a small tie-break the game may give (e.g. its card points / 1000)."""

    def __init__(
        self,
        game: Game[W, Any],
        seating: Seating,
        margin: Callable[[W, int], float] | None = None,
        rollout: Callable[[W, int, Sequence[Command], random.Random], Command] | None = None,
        moves_left: Callable[[W], int] | None = None,
    ) -> None:
        self._game = game
        self._seating = seating
        self._margin = margin
        self._rollout = rollout
        self._moves_left = moves_left

    def to_move(self, world: W) -> int | None:
        game = self._game
        if not game.deal_running(world) or game.is_chance_node(world):
            return None
        acting = game.to_act(world)
        return acting[0] if acting else None

    def actions(self, world: W) -> Sequence[Command]:
        seat = self.to_move(world)
        assert seat is not None
        return self._game.legal_actions(world, seat)

    def play(self, world: W, action: Command) -> W:
        game = self._game
        for event in game.decide(world, action):
            world = game.evolve(world, event)
        return world

    def value(self, world: W, side: int) -> float:
        outcome = self._game.deal_outcome(world)
        worth = 0.0 if outcome is None else outcome[side]
        return worth + (0.0 if self._margin is None else self._margin(world, side))

    def side_of(self, seat: int) -> int:
        return self._seating.side_of(seat)

    def moves_left(self, world: W) -> int:
        if self._moves_left is not None:
            return self._moves_left(world)
        return sum(self._game.view_for(world, None).hand_sizes)

    def rollout(self, world: W, rng: random.Random) -> Command:
        seat = self.to_move(world)
        assert seat is not None
        actions = self._game.legal_actions(world, seat)
        if self._rollout is not None:
            return self._rollout(world, seat, actions, rng)
        return rng.choice(actions)

    def key(self, world: W) -> Hashable:
        return world  # game states are frozen values


def choose(search: Search[W, Command], view: View[Any], sample: Sampler[W]) -> Command:
    """The searched choice among a seat's legal actions (its view's)."""
    assert view.seat is not None
    return search.best(view.seat, view.legal_actions, sample)
