"""C32-8: the boast question. From deal 2 on, before the cut, either player of the leading
team answers «сдавай» (a plain deal) or declares one of the table's boasts; the first answer
decides."""

from __future__ import annotations

from app.domain.kozel32 import table
from app.domain.kozel32.choices import Choices
from app.domain.kozel32.commands import DealPlain, DeclareBoast, SeatCommand
from app.domain.kozel32.options import Boast
from app.domain.kozel32.state import State


def step(state: State) -> Choices:
    side = table.kon_of(state).leading_side
    assert side is not None
    boasts = [boast for boast in Boast if state.options.allows(boast)]
    answers: list[tuple[int, tuple[SeatCommand, ...]]] = [
        (seat, (DealPlain(seat), *(DeclareBoast(seat, boast) for boast in boasts)))
        for seat in table.seats_of(state).seats_of(side)
    ]
    return Choices(tuple(answers))
