"""A trick: one card from each seat in turn after a lead (shared by four-seat trick games).

Inside the engine a trick holds card indices of its game's deck and the leader; the seat of
each card follows from the order of play (K-11: clockwise from the leader). Tricks are named
tuples: immutable values that are cheap to make, since the engine makes one for every card.
"""

from __future__ import annotations

from typing import NamedTuple


class Trick(NamedTuple):
    leader: int
    cards: tuple[int, ...] = ()

    @property
    def to_play(self) -> int:
        """The seat whose card comes next."""
        return (self.leader + len(self.cards)) % 4

    def seat_of(self, position: int) -> int:
        """The seat that played the `position`-th card of the trick."""
        return (self.leader + position) % 4

    def with_card(self, card: int) -> Trick:
        return Trick(self.leader, (*self.cards, card))


class TakenTrick(NamedTuple):
    """A finished trick, as everyone at the table saw it."""

    leader: int
    cards: tuple[int, ...]
    winner: int
    points: int
