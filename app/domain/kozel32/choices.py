"""A point where the game waits: the seats that must act and what each may do.

Every step of a кон is either a fact the server states itself (an event: a deal, a draw, a
forced card, a trick taken) or a `Choices`, where nothing happens until one of its seats
acts. A step that leaves exactly one possibility inside a boast is a fact, not a choice
(C32-14). `legal_actions` and `to_act` read the `Choices`; `decide` accepts only its commands.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.domain.events import Event
from app.domain.kozel32.commands import SeatCommand


@dataclass(frozen=True, slots=True)
class Choices:
    actions: tuple[tuple[int, tuple[SeatCommand, ...]], ...] = ()
    """Each acting seat (a blind's controller for the blind) with its commands."""
    private: bool = False
    """Only each acting seat knows it has a choice (C32-10 steps 1 and 2: a redeal demand
    or a last trump is its holder's secret, and his partner's once he offers)."""

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(seat for seat, _ in self.actions)

    def of(self, seat: int) -> tuple[SeatCommand, ...]:
        for acting, commands in self.actions:
            if acting == seat:
                return commands
        return ()


WAIT = Choices()
"""Nobody acts: chance (the next shuffle) or the end of the game."""

Step = Event | Choices


def choice(seat: int, commands: tuple[SeatCommand, ...]) -> Choices:
    return Choices(((seat, commands),))
