"""C32-35: the queen-of-spades deal at a table of three. The holder of Q♠ is the soloist: he
takes the talon, discards two cards face down (they count for him), names the trump suit and
leads; if Q♠ lies in the talon the same dealer redeals. Its play and scoring are the common
ones (`play`, `scoring`), each player his own side (C32-36)."""

from __future__ import annotations

from itertools import combinations

from app.domain.kozel32 import table
from app.domain.kozel32.boasts.naming import name_trump
from app.domain.kozel32.choices import Step, choice
from app.domain.kozel32.commands import Discard
from app.domain.kozel32.deck import QUEEN_OF_SPADES
from app.domain.kozel32.events import DealVoided, PlayStarted, TalonTaken
from app.domain.kozel32.state import State, VoidReason

DISCARDS = 2


def step(state: State) -> Step:
    deal = table.deal_of(state)
    soloist = deal.soloist
    if soloist is None:
        if QUEEN_OF_SPADES in deal.deck:
            return DealVoided(VoidReason.QUEEN_OF_SPADES_IN_TALON)
        holder = next(seat for seat, hand in enumerate(deal.hands) if QUEEN_OF_SPADES in hand)
        return TalonTaken(holder, deal.deck)
    if not deal.discards:
        pairs = combinations(deal.hands[soloist], DISCARDS)
        return choice(soloist, tuple(Discard(soloist, pair) for pair in pairs))
    if not deal.trump_named:
        return name_trump(soloist)  # one of the four suits (C32-35)
    return PlayStarted(soloist, None)
