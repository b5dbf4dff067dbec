"""Who must act and what they may do: the one source of legality (`flow.choices`), as the
`Game` interface asks it."""

from __future__ import annotations

from app.domain.kozel32 import flow
from app.domain.kozel32.commands import SeatCommand
from app.domain.kozel32.state import Phase, State


def to_act(state: State) -> tuple[int, ...]:
    """The seats that must act now (never a blind: its controller acts for it)."""
    return flow.choices(state).seats


def legal_actions(state: State, seat: int) -> tuple[SeatCommand, ...]:
    return flow.choices(state).of(seat)


def deal_running(state: State) -> bool:
    """From a кон's first shuffle until its result (redeals inside it included)."""
    return state.kon is not None and not state.kon.scored


def messages_allowed(state: State) -> bool:
    """C32-32: no table messages during a кон, only between кона; with `table_messages`,
    K-16's messages: at any time but during the first кон."""
    if state.phase is Phase.GAME_OVER:
        return False
    between = not deal_running(state)
    if state.options.table_messages:
        return between or state.kon_no >= 2
    return between
