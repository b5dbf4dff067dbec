"""Who must act and what they may do: the one source of legality.

`decide`, the API and the bots all ask these functions; nothing else judges a move. Table
messages and resignation are open to every seat at any time of a running game (K-16, K-18),
so they are checked by `messages_allowed` / `can_resign` rather than listed as turn actions.
"""

from __future__ import annotations

from functools import lru_cache

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
from app.domain.kozel24.state import PLAY, GameState, Phase
from app.domain.seats import SEATS, partner, team_of

MIN_CUT, MAX_CUT = 1, deck.DECK_SIZE - 1
MAX_MESSAGE_LENGTH = 200


def to_act(state: GameState) -> tuple[int, ...]:
    """The seats that must act now (several during the decision phase, none at chance)."""
    phase, leader = state.phase, state.leader
    if phase is PLAY and leader is not None:
        # K-11: one card each, clockwise from the leader.
        return ((leader + len(state.trick_cards)) % 4,)
    if phase is Phase.CUT:
        return (state.cutter,)
    if phase is Phase.DECISIONS:
        return tuple(seat for seat in SEATS if has_decision(state, seat))
    return ()


def has_decision(state: GameState, seat: int) -> bool:
    decisions = state.decisions
    return (
        seat in decisions.exchange_or_keep
        or partner(seat) in decisions.gives
        or team_of(seat) in decisions.claims
    )


def playable_mask(state: GameState, seat: int) -> int:
    """The cards `seat` may play now, as a bitmask (0 when it is not the seat's turn)."""
    leader = state.leader
    if leader is None or state.phase is not PLAY:
        return 0
    cards = state.trick_cards
    if (leader + len(cards)) % 4 != seat:
        return 0
    hand = state.hands[seat]
    if cards:
        # K-11: follow the led class (trump, or the plain suit) if you can.
        return (hand & deck.FOLLOWING[cards[0]]) or hand
    if state.deal_no == 1 and not state.tricks:
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
    if phase is PLAY:  # the hot path first: three lookups in the seat's made commands
        low, mid, high = _PLAY_TABLES[seat]
        mask = playable_mask(state, seat)
        return low[mask & 0xFF] + mid[mask >> 8 & 0xFF] + high[mask >> 16]
    match phase:
        case Phase.CUT:
            return _cuts(seat) if seat == state.cutter else ()
        case Phase.DECISIONS:
            return _decisions(state, seat)
        case _:
            return ()


def is_legal(state: GameState, command: SeatCommand) -> bool:
    """Whether `command` is among `legal_actions(state, command.seat)`."""
    if isinstance(command, CutDeck):  # 23 choices: answer without listing them
        return (
            state.phase is Phase.CUT
            and command.seat == state.cutter
            and command.position in _CUT_POSITIONS
        )
    return command in legal_actions(state, command.seat)


def _play_tables(seat: int) -> tuple[tuple[tuple[PlayCard, ...], ...], ...]:
    """The seat's `PlayCard` commands for every subset of each byte of a hand mask, made once,
    so listing the legal plays is three lookups whatever the hand."""
    return tuple(
        tuple(
            tuple(PlayCard(seat, deck.CARDS[8 * part + i]) for i in range(8) if subset >> i & 1)
            for subset in range(256)
        )
        for part in range(3)
    )


_PLAY_TABLES = tuple(_play_tables(seat) for seat in SEATS)


_CUT_POSITIONS = range(MIN_CUT, MAX_CUT + 1)


@lru_cache(maxsize=4)
def _cuts(seat: int) -> tuple[CutDeck, ...]:
    return tuple(CutDeck(seat, position) for position in _CUT_POSITIONS)


def _decisions(state: GameState, seat: int) -> tuple[SeatCommand, ...]:
    decisions = state.decisions
    actions: list[SeatCommand] = []
    if seat in decisions.exchange_or_keep:
        actions += [DecideExchange(seat, True), DecideExchange(seat, False)]
    if partner(seat) in decisions.gives:
        actions += [GiveCard(seat, card) for card in deck.cards_of(give_mask(state, seat))]
    if team_of(seat) in decisions.claims:
        actions += [ClaimNoQueens(seat), PlayOn(seat)]
    return tuple(actions)


def messages_allowed(state: GameState) -> bool:
    """K-16: messages are disabled during deal 1 and when the table turned them off."""
    return state.options.messages and state.deal_no >= 2 and state.phase is not Phase.GAME_OVER


def can_resign(state: GameState) -> bool:
    """K-18: a team may resign at any time while the game runs."""
    return state.phase is not Phase.GAME_OVER
