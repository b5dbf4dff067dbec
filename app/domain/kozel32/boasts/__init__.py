"""The boasts (хвалёнки, C32-14): each a dealing procedure that replaces the plain deal.

Each procedure is a small state machine over the cards where they lie: its `step` gives the
next fact the server states (a draw, a forced card, a deal-time trick) or the choice its
player must make. The boast question is C32-8 (`question`).
"""

from __future__ import annotations

from collections.abc import Callable

from app.domain.cards import Card
from app.domain.events import Event
from app.domain.kozel32 import table
from app.domain.kozel32.boasts import barrel, coffins, merry_sad, mirror, pants, star
from app.domain.kozel32.choices import Step
from app.domain.kozel32.events import CardLaid, CardPutOut
from app.domain.kozel32.options import Boast
from app.domain.kozel32.state import State

PROCEDURES: dict[Boast, Callable[[State], Step]] = {
    Boast.PANTS: pants.step,
    Boast.DOUBLE_PANTS: pants.step,
    Boast.MIRROR: mirror.step,
    Boast.STAR: star.step,
    Boast.MERRY: merry_sad.step,
    Boast.SAD: merry_sad.step,
    Boast.SMALL_COFFINS: coffins.step,
    Boast.BIG_COFFINS: coffins.step,
    Boast.BARREL: barrel.step,
}


def step(state: State) -> Step:
    boast = table.kon_of(state).boast
    assert boast is not None
    return PROCEDURES[boast](state)


def card_chosen(state: State, seat: int, card: Card) -> Event:
    """The fact of a `choose_card`: a card into trick 1 (pants, mirror) or open in place of
    the barrel's open trump."""
    match table.kon_of(state).boast:
        case Boast.BARREL:
            return CardPutOut(seat, card)
        case Boast.MIRROR:
            return CardLaid(seat, card, face_down=False)
        case _:
            return pants.laid(state, seat, card)
