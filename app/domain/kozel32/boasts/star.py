"""C32-18: the star (звезда).

Right after declaring, the boaster names the open rounds (3, or 4 by table option). After the
cut the dealer deals 8 rounds, one card to each player clockwise from the player after the
dealer; a named round is dealt face up and is a deal-time trick at once, its first card led
(compared with the permanent trumps only while no suit is named, C32-5). Then the boaster
names the trump suit (`boaster_names_trump`), and the winner of the last open round leads.
"""

from __future__ import annotations

from itertools import combinations

from app.domain.cards import Card
from app.domain.kozel32 import table
from app.domain.kozel32.boasts.naming import name_trump
from app.domain.kozel32.choices import Step, choice
from app.domain.kozel32.commands import NameRounds
from app.domain.kozel32.events import HandsDealt, PlayStarted, RoundOpened
from app.domain.kozel32.state import Laid, State, TrickKind
from app.domain.kozel32.tricks import trick_taken

ROUNDS = 8


def step(state: State) -> Step:
    kon, deal = table.kon_of(state), table.deal_of(state)
    assert kon.boaster is not None
    if not kon.star_rounds:
        rounds = combinations(range(1, ROUNDS + 1), state.options.star_open_rounds)
        return choice(kon.boaster, tuple(NameRounds(kon.boaster, r) for r in rounds))
    first = table.seats_of(state).next(kon.dealer)
    if len(deal.trick) == 4:
        return trick_taken(state, TrickKind.DEAL_TIME, first, deal.trick)
    dealt = ROUNDS - len(deal.deck) // 4
    if dealt < ROUNDS:
        cards = deal.deck[:4]
        if dealt + 1 in kon.star_rounds:
            plays = tuple(Laid((first + i) % 4, card) for i, card in enumerate(cards))
            return RoundOpened(dealt + 1, plays)
        hands: list[tuple[Card, ...]] = [()] * 4
        for i, card in enumerate(cards):
            hands[(first + i) % 4] = (card,)
        return HandsDealt(tuple(hands))
    if state.options.boaster_names_trump and not deal.trump_named:
        return name_trump(kon.boaster)
    return PlayStarted(deal.tricks[-1].winner, None)
