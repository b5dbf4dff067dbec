"""The position of kozel32's view example (`app.api.games.kozel32.VIEW_EXAMPLE`), played
through the game interface: deal 1 plain, then seat 0's team declares pants (C32-15) in
deal 2, and the view is that of the next seat to choose its card for trick 1, with the
boaster's face-down lead in it."""

from __future__ import annotations

from typing import Any

from app.api.games.kozel32 import ADAPTER
from app.domain import codec
from app.domain.commands import Command, ShuffleDeck
from app.domain.kozel32 import GAME
from app.domain.kozel32.commands import DeclareBoast
from app.domain.kozel32.options import Boast, Options
from app.domain.kozel32.state import Phase, State
from app.domain.options import encode_options, parse_options

SEED = 5
"""The first of the seeds tried that reaches the position (deal n's shuffle: bytes n+SEED)."""


def _step(state: State, command: Command) -> State:
    for event in GAME.decide(state, command):
        state = GAME.evolve(state, event)
    return state


def position(seed: int = SEED) -> tuple[State, int] | None:
    """The state and the seat whose view is the example, or None if `seed` does not reach it
    (every choice: the first legal action, but pants at the boast question)."""
    options = parse_options(Options, {})
    state: Any = None
    for event in GAME.start_game(options, 4, 3):
        state = GAME.evolve(state, event)
    shuffles = 0
    for _ in range(2000):
        if GAME.is_terminal(state) or state.kon_no > 2:
            return None
        if GAME.is_chance_node(state):
            shuffles += 1
            state = _step(state, ShuffleDeck(bytes([seed + shuffles]) * 32))
            continue
        seat = GAME.to_act(state)[0]
        actions = GAME.legal_actions(state, seat)
        deal = state.deal
        if (
            state.kon is not None
            and state.kon.boast is Boast.PANTS
            and state.phase is Phase.BOASTING
            and deal is not None
            and len(deal.trick) == 1
            and deal.batch is not None
            and deal.batch.seat == seat
            and len(actions) > 1
        ):
            return state, seat
        pants = [a for a in actions if isinstance(a, DeclareBoast) and a.name is Boast.PANTS]
        state = _step(state, (pants or list(actions))[0])
    return None


def rendered(state: State, seat: int) -> dict[str, Any]:
    """What the adapter makes of the seat's view, but the table's own fields."""
    view = GAME.view_for(state, seat)
    return {
        "deal_no": view.deal_no,
        "phase": None if view.phase is None else view.phase.value,
        "dealer": view.dealer,
        "to_act": list(view.to_act),
        "my_seat": seat,
        "my_hand": None if view.hand is None else [str(c) for c in view.hand],
        "trumps": [str(c) for c in view.trumps],
        "hand_sizes": list(view.hand_sizes),
        "scores": list(view.scores),
        "commitment": view.commitment,
        "legal_actions": [ADAPTER.legal_action(a) for a in view.legal_actions],
        "refused": codec.encode(view.refused),
        "pick": codec.encode(view.pick),
        "result": codec.encode(view.result),
        "last_deal": codec.encode(view.last_deal),
        "game": codec.encode(view.game),
    }


__all__ = ["SEED", "encode_options", "position", "rendered"]
