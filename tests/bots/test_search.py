"""The shared search: exact search agrees with plain minimax, the search picks the best
action, playouts reach the horizon, and the hidden cards are dealt as the view allows."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from app.bots.sampling import deal_hidden
from app.bots.search import Budget, Search, Solver
from app.domain.cards import Card, parse_cards


@dataclass(frozen=True)
class Pile:
    """A toy deal for the search: players in turn take 1, 2 or 3 counters; whoever takes the
    last one wins it (sides: seat % sides)."""

    left: int
    seat: int
    seats: int = 3
    sides: int = 3
    winner: int | None = None


class PileModel:
    def to_move(self, world: Pile) -> int | None:
        return None if world.left == 0 else world.seat

    def actions(self, world: Pile) -> Sequence[int]:
        return [n for n in (1, 2, 3) if n <= world.left]

    def play(self, world: Pile, action: int) -> Pile:
        left = world.left - action
        return Pile(
            left,
            (world.seat + 1) % world.seats,
            world.seats,
            world.sides,
            world.seat if left == 0 else None,
        )

    def value(self, world: Pile, side: int) -> float:
        assert world.winner is not None
        return 1.0 if self.side_of(world.winner) == side else -1.0

    def side_of(self, seat: int) -> int:
        return seat % 2

    def moves_left(self, world: Pile) -> int:
        return world.left

    def rollout(self, world: Pile, rng: random.Random) -> int:
        return rng.choice(self.actions(world))

    def key(self, world: Pile) -> Hashable:
        return world


def minimax(model: PileModel, world: Pile, side: int) -> float:
    seat = model.to_move(world)
    if seat is None:
        return model.value(world, side)
    values = [minimax(model, model.play(world, a), side) for a in model.actions(world)]
    return max(values) if model.side_of(seat) == side else min(values)


def test_exact_search_agrees_with_minimax() -> None:
    model = PileModel()
    for left in range(1, 12):
        for seat in (0, 1):
            world = Pile(left, seat, seats=2, sides=2)
            for side in (0, 1):
                assert Solver(model, side, 10**6).value(world) == minimax(model, world, side)


def test_the_search_takes_the_winning_move_and_playouts_reach_the_end() -> None:
    model = PileModel()
    # Two seats, 6 left: taking 2 leaves a multiple of 4 and wins.
    search = Search(model, random.Random(1), Budget(exact_below=20))
    world = Pile(6, 0, seats=2, sides=2)
    assert search.best(0, model.actions(world), lambda rng: world) == 2
    far = Search(model, random.Random(1), Budget(exact_below=0, samples=200))
    assert far.playout(world, 0) in (1.0, -1.0)
    assert far.best(0, model.actions(world), lambda rng: world) == 2


def test_hidden_cards_go_where_they_fit() -> None:
    pool = parse_cards("AS KS QS AH KH QH 9D 10D")
    spades = {c for c in pool if c.suit.value == "S"}

    def fits(seat: int, card: Card) -> bool:  # seat 1 has shown it holds no spade
        return not (seat == 1 and card in spades)

    rng = random.Random(3)
    for _ in range(50):
        dealt = deal_hidden(pool, {1: 3, 2: 3}, fits, rng)
        assert dealt is not None
        assert not spades & set(dealt[1])
        assert sorted(map(str, dealt[1] + dealt[2] + dealt[-1])) == sorted(map(str, pool))
        assert len(dealt[-1]) == 2
    assert deal_hidden(pool, {1: 9}, fits, rng) is None
