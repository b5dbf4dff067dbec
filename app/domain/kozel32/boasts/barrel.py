"""C32-21: the barrel (бочка).

Two circles. In each, for each player from the boaster clockwise, the dealer deals 3 cards
face down to him, then turns the next card face up in front of him. A non-trump open card
stays. An open trump goes into his hand, and one of the 3 new cards lies open in its place: a
non-trump, and an ace only if every non-trump of the 3 is an ace; if all 3 are trumps the
lowest of the four trumps lies open. The four open cards are a deal-time trick, the boaster's
led; after two circles the winner of the second leads.
"""

from __future__ import annotations

from app.domain.cards import Card, Rank
from app.domain.kozel32 import table
from app.domain.kozel32.choices import Step, choice
from app.domain.kozel32.commands import ChooseCard
from app.domain.kozel32.events import BatchDrawn, BatchKept, CardOpened, CardPutOut, PlayStarted
from app.domain.kozel32.state import State, TrickKind
from app.domain.kozel32.tricks import trick_taken
from app.domain.ranking import Ranking

CIRCLES = 2
NEW_CARDS = 3


def step(state: State) -> Step:
    kon, deal = table.kon_of(state), table.deal_of(state)
    assert kon.boaster is not None
    batch = deal.batch
    if batch is None:
        if len(deal.trick) == 4:
            return trick_taken(state, TrickKind.DEAL_TIME, kon.boaster, deal.trick)
        if len(deal.tricks) == CIRCLES:
            return PlayStarted(deal.tricks[-1].winner, None)
        seat = (kon.boaster + len(deal.trick)) % 4
        return BatchDrawn(seat, deal.deck[:NEW_CARDS])
    seat = batch.seat
    opened = next((p.card for p in deal.trick if p.seat == seat), None)
    if opened is None:
        return CardOpened(seat, deal.deck[0])
    trumps = table.trumps_of(state)
    if not trumps.is_trump(opened) or len(batch.cards) < NEW_CARDS:
        return BatchKept(seat)
    allowed = put_out_choices(batch.cards, opened, trumps)
    if allowed == (opened,):
        return BatchKept(seat)  # the open trump is the lowest of four trumps: it stays
    if len(allowed) == 1:  # C32-14: one possibility
        return CardPutOut(seat, allowed[0])
    return choice(seat, tuple(ChooseCard(seat, card) for card in allowed))


def put_out_choices(new: tuple[Card, ...], opened: Card, trumps: Ranking) -> tuple[Card, ...]:
    """The cards that may lie open in place of the open trump `opened`."""
    plain = tuple(card for card in new if not trumps.is_trump(card))
    if not plain:
        return (min((*new, opened), key=trumps.power),)
    lower = tuple(card for card in plain if card.rank is not Rank.ACE)
    return lower or plain
