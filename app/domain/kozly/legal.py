"""Who acts and what he may do: the one source of legality (`decide` checks against it).

There is no duty to follow suit, to trump or to beat: every card of the hand is legal
(KZ-6). Before the play, `dealer - 1` cuts at a position from 1 to 31 (KZ-9).
"""

from __future__ import annotations

from typing import assert_never

from app.domain.commands import Command
from app.domain.kozly.commands import CUT_POSITIONS, CutDeck, PlayCard
from app.domain.kozly.state import SEATS, GameState, Phase


def cutter(dealer: int) -> int:
    """KZ-9: the player counter-clockwise of the dealer."""
    return (dealer - 1) % SEATS


def to_act(state: GameState) -> tuple[int, ...]:
    deal = state.deal
    match state.phase:
        case Phase.CUT:
            assert deal is not None
            return (cutter(deal.dealer),)
        case Phase.PLAY:
            assert deal is not None and deal.trick is not None
            return (deal.trick.to_play,)
        case Phase.SHUFFLE | Phase.GAME_OVER:
            return ()
        case _:
            assert_never(state.phase)


def legal_actions(state: GameState, seat: int) -> tuple[Command, ...]:
    if seat not in to_act(state):
        return ()
    deal = state.deal
    assert deal is not None
    if state.phase is Phase.CUT:
        return tuple(CutDeck(seat, position) for position in CUT_POSITIONS)
    return tuple(PlayCard(seat, card) for card in deal.hands[seat])


def can_resign(state: GameState) -> bool:
    """KZ-20: a player may resign at any time while the game runs, on his turn or not."""
    return state.phase is not Phase.GAME_OVER


def messages_allowed(state: GameState) -> bool:
    """The rules file gives no rule on table messages (K-16 is a team game's, for signals
    to a partner; here nobody has one and every message reaches all four): they are allowed
    while the game runs."""
    return state.phase is not Phase.GAME_OVER
