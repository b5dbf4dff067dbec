"""C32-16: the mirror (зеркало).

Each player in turn, the boaster first, cuts the deck where he likes (no C32-6 cut: the
boaster's own cut is his first step). The server turns the packet's cards from its bottom up:
a trump goes face down to him (to his partner once he holds 7, then to the rest pile), the
first non-trump goes face up into trick 1 and ends his turn; the rest of the packet goes back
on top of the deck. When the packet runs out the turning goes on from the top of the deck.
Trick 1 is then taken (C32-25), the hands are filled (C32-17), and its winner leads.
"""

from __future__ import annotations

from app.domain.kozel32 import table
from app.domain.kozel32.boasts import fill
from app.domain.kozel32.boasts.pants import FULL, lay_held
from app.domain.kozel32.choices import Step, choice
from app.domain.kozel32.commands import Cut
from app.domain.kozel32.events import CardLaid, PacketCut, TrumpTurned
from app.domain.kozel32.state import State, TrickKind
from app.domain.kozel32.tricks import trick_taken


def step(state: State) -> Step:
    kon, deal = table.kon_of(state), table.deal_of(state)
    assert kon.boaster is not None
    if deal.tricks:
        return fill.step(state)
    if len(deal.trick) == 4:
        return trick_taken(state, TrickKind.BOAST, kon.boaster, deal.trick)
    seat = (kon.boaster + len(deal.trick)) % 4
    if not deal.deck:
        return lay_held(state, seat, face_down=False)
    if deal.packet is None:
        if len(deal.deck) == 1:  # C32-14: a one-card deck has one cut
            return PacketCut(seat, 1)
        return choice(seat, tuple(Cut(seat, c) for c in range(1, len(deal.deck) + 1)))
    card = deal.deck[deal.packet - 1] if deal.packet else deal.deck[0]
    if not table.trumps_of(state).is_trump(card):
        return CardLaid(seat, card, face_down=False)
    partner = (seat + 2) % 4
    if len(deal.hands[seat]) < FULL:
        return TrumpTurned(seat, card, seat)
    if len(deal.hands[partner]) < FULL:  # overflow, as C32-15 step 4
        return TrumpTurned(seat, card, partner)
    return TrumpTurned(seat, card, None)
