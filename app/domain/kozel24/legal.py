"""Who must act and what they may do: the one source of legality.

`decide`, the API and the bots all ask these functions; nothing else judges a move. Table
messages and resignation are open to every seat at any time of a running game (K-16, K-18),
so they are checked by `messages_allowed` / `can_resign` rather than listed as turn actions.

During play the rule of `playable_for` is judged once per card, not once per question: `evolve`
keeps its answer for the seat to play in the state (`GameState.turn`, `GameState.playable`),
and `to_act`, `legal_actions` and `decide` read it there.
"""

from __future__ import annotations

from typing import TypeVar

from app.domain.kozel24 import deck
from app.domain.kozel24.commands import (
    ClaimNoQueens,
    CutDeck,
    DecideExchange,
    GiveCard,
    PlayCard,
    PlayOn,
    SeatCommand,
)
from app.domain.kozel24.state import CUT, DECISIONS, GAME_OVER, PLAY, GameState
from app.domain.seats import SEATS, partner, team_of

MIN_CUT, MAX_CUT = 1, deck.DECK_SIZE - 1
MAX_MESSAGE_LENGTH = 200
_ALONE = tuple((seat,) for seat in SEATS)
"""The answers of `to_act` when one seat acts, made once."""


def to_act(state: GameState) -> tuple[int, ...]:
    """The seats that must act now (several during the decision phase, none at chance)."""
    phase = state.phase
    if phase is PLAY:
        # K-11: one card each, clockwise from the leader.
        turn = state.turn
        return () if turn is None else _ALONE[turn]
    if phase is CUT:
        return _ALONE[state.cutter]
    if phase is DECISIONS:
        return tuple([seat for seat in SEATS if has_decision(state, seat)])
    return ()


def has_decision(state: GameState, seat: int) -> bool:
    decisions = state.decisions
    return (
        seat in decisions.exchange_or_keep
        or partner(seat) in decisions.gives
        or team_of(seat) in decisions.claims
    )


def playable_for(hand: int, trick_cards: tuple[int, ...], first_lead_of_game: bool) -> int:
    """The cards of `hand` that may go into a trick holding `trick_cards` so far (the rule
    behind `GameState.playable`, which `evolve` keeps)."""
    if trick_cards:
        # K-11: follow the led class (trump, or the plain suit) if you can.
        return (hand & deck.FOLLOWING[trick_cards[0]]) or hand
    if first_lead_of_game:
        # K-7: the first lead of deal 1 is the A♦ itself.
        return hand & (1 << deck.ACE_OF_DIAMONDS)
    return hand


def give_mask(state: GameState, seat: int) -> int:
    """K-9: the partner gives a non-trump if it holds one, otherwise any trump."""
    hand = state.hands[seat]
    return (hand & ~deck.TRUMP_MASK) or hand


def legal_actions(state: GameState, seat: int) -> tuple[SeatCommand, ...]:
    """Exactly the turn actions `seat` may take now; empty when it has nothing to do."""
    phase = state.phase
    if phase is PLAY:  # the hot path first (`_by_mask`, inlined)
        if seat != state.turn:
            return ()
        low, mid, high = _PLAY_TABLES[seat]
        mask = state.playable
        return low[mask & 0xFF] + mid[mask >> 8 & 0xFF] + high[mask >> 16]
    if phase is CUT:
        return _CUTS[seat] if seat == state.cutter else ()
    if phase is DECISIONS:
        return _decisions(state, seat)
    return ()


def is_legal(state: GameState, command: SeatCommand) -> bool:
    """Whether `command` is among `legal_actions(state, command.seat)`."""
    if isinstance(command, CutDeck):  # 23 choices: answer without listing them
        return (
            state.phase is CUT
            and command.seat == state.cutter
            and command.position in _CUT_POSITIONS
        )
    return command in legal_actions(state, command.seat)


def _decisions(state: GameState, seat: int) -> tuple[SeatCommand, ...]:
    decisions = state.decisions
    actions: tuple[SeatCommand, ...] = ()
    if seat in decisions.exchange_or_keep:
        actions += _EXCHANGE_ANSWERS[seat]
    if partner(seat) in decisions.gives:
        actions += _by_mask(_GIVE_TABLES[seat], give_mask(state, seat))
    if team_of(seat) in decisions.claims:
        actions += _CLAIM_ANSWERS[seat]
    return actions


# Commands are values: every command a seat may be offered is made once, here, so listing
# them copies no command and `command in legal_actions(...)` meets the very same object.
CardCommand = TypeVar("CardCommand", PlayCard, GiveCard)
ByteTables = tuple[tuple[tuple[CardCommand, ...], ...], ...]


def _card_tables(kind: type[CardCommand], seat: int) -> ByteTables[CardCommand]:
    """The seat's commands of `kind` for the cards of every subset of each byte of a hand
    mask, so that listing them is three lookups whatever the hand (`_by_mask`)."""
    tables = []
    for part in range(3):
        commands = [kind(seat, deck.CARDS[8 * part + i]) for i in range(8)]
        tables.append(
            tuple(
                tuple(command for i, command in enumerate(commands) if subset >> i & 1)
                for subset in range(256)
            )
        )
    return tuple(tables)


def _by_mask(tables: ByteTables[CardCommand], mask: int) -> tuple[CardCommand, ...]:
    low, mid, high = tables
    return low[mask & 0xFF] + mid[mask >> 8 & 0xFF] + high[mask >> 16]


_PLAY_TABLES = tuple(_card_tables(PlayCard, seat) for seat in SEATS)
_GIVE_TABLES = tuple(_card_tables(GiveCard, seat) for seat in SEATS)
_CUT_POSITIONS = range(MIN_CUT, MAX_CUT + 1)
_CUTS = tuple(tuple(CutDeck(seat, position) for position in _CUT_POSITIONS) for seat in SEATS)
_EXCHANGE_ANSWERS = tuple(
    (DecideExchange(seat, True), DecideExchange(seat, False)) for seat in SEATS
)
_CLAIM_ANSWERS = tuple((ClaimNoQueens(seat), PlayOn(seat)) for seat in SEATS)


def messages_allowed(state: GameState) -> bool:
    """K-16: messages are disabled during deal 1 and when the table turned them off."""
    return state.options.messages and state.deal_no >= 2 and state.phase is not GAME_OVER


def can_resign(state: GameState) -> bool:
    """K-18: a team may resign at any time while the game runs."""
    return state.phase is not GAME_OVER
