"""The next step of the game, whatever its phase: a fact the server states, or the choices
it waits for (`choices`). `settle` applies facts until the game waits again."""

from __future__ import annotations

from typing import assert_never

from app.domain.events import Event
from app.domain.kozel32 import boasts, plain, play, pre_play, queen_of_spades, scoring
from app.domain.kozel32.boasts import question
from app.domain.kozel32.choices import WAIT, Choices, Step
from app.domain.kozel32.evolve import evolve
from app.domain.kozel32.state import Phase, State


def step(state: State) -> Step:
    match state.phase:
        case Phase.SHUFFLE:
            return scoring.game_end(state) or WAIT
        case Phase.BOAST:
            return question.step(state)
        case Phase.CUT:
            return plain.cut_step(state)
        case Phase.DEAL:
            return plain.deal_step(state)
        case Phase.PRE_PLAY:
            return pre_play.step(state)
        case Phase.BOASTING:
            return boasts.step(state)
        case Phase.TALON:
            return queen_of_spades.step(state)
        case Phase.PLAY:
            return play.step(state)
        case Phase.GAME_OVER:
            return WAIT
        case _:
            assert_never(state.phase)


def choices(state: State) -> Choices:
    """What the game waits for now. A state between the facts of one command (a reader may
    fold a log event by event) has a fact due and waits for nobody."""
    next_step = step(state)
    return next_step if isinstance(next_step, Choices) else WAIT


def settle(state: State, events: list[Event]) -> list[Event]:
    """`events`, and every fact that follows them until someone must choose."""
    for event in events:
        state = evolve(state, event)
    settled = list(events)
    while not isinstance(next_step := step(state), Choices):
        settled.append(next_step)
        state = evolve(state, next_step)
    return settled
