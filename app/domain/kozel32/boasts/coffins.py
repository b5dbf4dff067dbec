"""C32-20: small coffins (гробы малые) and big coffins (гробы большие).

A coffin of 2k cards is k pairs, each one card to the boaster's team's side and one to the
other team's; every pair lies face down but the last, whose two cards are compared (the
boaster's counting as led; the permanent trumps only while no suit is named, C32-5), and the
winning team takes the whole coffin as one trick. Its face-down cards stay unseen until the
кон ends. Small: a coffin of 12, a card each, a coffin of 12, a card each. Big: a card each, a
coffin of 24, a card each. The boaster then names the trump suit, and leads trick 1 of 2.
"""

from __future__ import annotations

from app.domain.cards import Card
from app.domain.kozel32 import table
from app.domain.kozel32.boasts.naming import name_trump
from app.domain.kozel32.choices import Step
from app.domain.kozel32.deck import card_points
from app.domain.kozel32.events import CoffinDealt, HandsDealt, PlayStarted, TrickTaken
from app.domain.kozel32.options import Boast
from app.domain.kozel32.state import Laid, State, TrickKind

SINGLE = 0
"""A card to each player, clockwise from the player after the dealer."""
PLANS = {
    Boast.SMALL_COFFINS: (12, SINGLE, 12, SINGLE),
    Boast.BIG_COFFINS: (SINGLE, 24, SINGLE),
}


def step(state: State) -> Step:
    kon, deal = table.kon_of(state), table.deal_of(state)
    assert kon.boaster is not None and kon.boast is not None
    if deal.trick:
        return coffin_taken(state)
    dealt = 32 - len(deal.deck)
    for size in PLANS[kon.boast]:
        length = size or 4
        if dealt == 0:
            return _coffin(state, size) if size else _singles(state)
        dealt -= length
    if state.options.boaster_names_trump and not deal.trump_named:
        return name_trump(kon.boaster)
    return PlayStarted(kon.boaster, None)


def coffin_taken(state: State) -> TrickTaken:
    """The face-up pair decides, the boaster's team's card led (C32-25); the whole coffin goes
    to the seat standing for the winning side."""
    kon, deal = table.kon_of(state), table.deal_of(state)
    assert kon.boaster is not None
    ours, theirs = deal.trick[-2], deal.trick[-1]
    first = table.trumps_of(state).winner([ours.card, theirs.card]) == 0
    winner = ours.seat if first else theirs.seat
    points = card_points([p.card for p in deal.trick])
    return TrickTaken(TrickKind.COFFIN, kon.boaster, deal.trick, winner, points)


def _coffin(state: State, size: int) -> CoffinDealt:
    """Pair by pair: the boaster's team's side (shown as the boaster), then the other team's
    (shown as the player after him); all face down but the last pair."""
    kon, deal = table.kon_of(state), table.deal_of(state)
    assert kon.boaster is not None
    sides = (kon.boaster, (kon.boaster + 1) % 4)
    plays = tuple(
        Laid(sides[i % 2], card, face_down=i < size - 2) for i, card in enumerate(deal.deck[:size])
    )
    return CoffinDealt(plays)


def _singles(state: State) -> HandsDealt:
    kon, deal = table.kon_of(state), table.deal_of(state)
    first = (kon.dealer + 1) % 4
    hands: list[tuple[Card, ...]] = [()] * 4
    for i, card in enumerate(deal.deck[:4]):
        hands[(first + i) % 4] = (card,)
    return HandsDealt(tuple(hands))
