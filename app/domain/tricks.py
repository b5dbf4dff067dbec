"""A trick: one card from each seat in turn after a lead (shared by four-seat trick games).

A trick holds card indices of its game's deck and the leader; the seat of each card follows
from the order of play (K-11: clockwise from the leader). A game's state may keep the current
trick in flatter fields and show it as a `Trick`; a `TakenTrick` is made once per trick.
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


class TakenTrick(NamedTuple):
    """A finished trick, as everyone at the table saw it."""

    leader: int
    cards: tuple[int, ...]
    winner: int
    points: int
