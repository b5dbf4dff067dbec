"""The cut and the plain deal (C32-6, C32-9; the queen-of-spades deal, C32-35)."""

from __future__ import annotations

import hashlib

from app.domain.dealing import deal_round_robin
from app.domain.kozel32 import table
from app.domain.kozel32.choices import Step, choice
from app.domain.kozel32.commands import Cut
from app.domain.kozel32.deck import DECK_SIZE
from app.domain.kozel32.events import DeckCut, HandsDealt
from app.domain.kozel32.state import State

CUT_POSITIONS = range(1, DECK_SIZE)
"""C32-6: a cut at 1..31, as K-5."""
HAND_SIZE = 8
QUEEN_OF_SPADES_HAND = 10


def cutter(state: State) -> int:
    """C32-6: the player counter-clockwise of the dealer."""
    return table.seats_of(state).next(table.kon_of(state).dealer, -1)


def cut_step(state: State) -> Step:
    seat = cutter(state)
    if seat in table.seats_of(state).dummies:
        return DeckCut(seat, blind_cut(table.deal_of(state).seed))
    return choice(seat, tuple(Cut(seat, position) for position in CUT_POSITIONS))


def blind_cut(seed: bytes) -> int:
    """C32-6: the server cuts for a blind at a position taken from the deal's seed: 1 plus
    the first four bytes of SHAKE-256(b"kozel32-blind-cut" || seed), big-endian, modulo 31."""
    word = int.from_bytes(hashlib.shake_256(b"kozel32-blind-cut" + seed).digest(4), "big")
    return 1 + word % len(CUT_POSITIONS)


def deal_step(state: State) -> Step:
    """C32-9: one card at a time clockwise from the player after the dealer, 8 each; C32-35:
    10 each at the queen-of-spades table, the last 2 cards staying as the talon."""
    seats = table.seats_of(state)
    per_seat = QUEEN_OF_SPADES_HAND if seats.count == 3 else HAND_SIZE
    first = seats.next(table.kon_of(state).dealer)
    hands = deal_round_robin(table.deal_of(state).deck, first, seats.count, per_seat)
    return HandsDealt(hands, seats.dummies)
