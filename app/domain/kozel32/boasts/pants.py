"""C32-15: pants (штаны, batches of 2) and double pants (двойные штаны, batches of 4).

Each player in turn, the boaster first, draws batches from the bottom and top of the cut
deck (bottom first) until one holds a card that is neither an ace nor a trump; he puts one
such card into trick 1 — the boaster face down, seen by him alone until the fourth card is
in — and keeps the rest. Holding 7, he draws for his partner instead: the good cards go to
the partner while he holds fewer than 7, every other card to the rest pile. Trick 1 is then
taken (C32-25), the hands are filled (C32-17), and its winner leads trick 2.

The procedure keeps no counter: whose turn it is, whether he draws for himself or for his
partner and what is left to do all follow from the cards where they lie.
"""

from __future__ import annotations

from app.domain.cards import Card
from app.domain.kozel32 import table
from app.domain.kozel32.boasts import fill
from app.domain.kozel32.boasts.naming import name_trump
from app.domain.kozel32.choices import Step, choice
from app.domain.kozel32.commands import ChooseCard
from app.domain.kozel32.deck import is_good
from app.domain.kozel32.events import (
    BatchDrawn,
    BatchKept,
    CardLaid,
    CardsPassed,
    CardsPiled,
)
from app.domain.kozel32.options import Boast
from app.domain.kozel32.state import Batch, State, TrickKind
from app.domain.kozel32.tricks import trick_taken

FULL = 7
"""At most 7 held cards: the eighth of the "8 good cards" is the slot in trick 1."""


def batch_size(boast: Boast | None) -> int:
    return 4 if boast is Boast.DOUBLE_PANTS else 2


def step(state: State) -> Step:
    kon, deal = table.kon_of(state), table.deal_of(state)
    assert kon.boaster is not None
    if deal.tricks:
        return fill.step(state)
    if deal.batch is not None:
        return _sort(state, deal.batch)
    if len(deal.trick) == 4:
        return trick_taken(state, TrickKind.BOAST, kon.boaster, deal.trick)
    seat = (kon.boaster + len(deal.trick)) % 4
    held = deal.hands[seat]
    if not deal.deck:
        return lay_held(state, seat, face_down=seat == kon.boaster)
    size = batch_size(kon.boast)
    if len(held) < FULL:
        size = min(size, FULL - len(held))
    return BatchDrawn(seat, draw(deal.deck, size))


def draw(deck: tuple[Card, ...], size: int) -> tuple[Card, ...]:
    """Alternately the bottom and the top card of the deck, bottom first (A l.64)."""
    cards: list[Card] = []
    top, bottom = 0, len(deck) - 1
    for i in range(min(size, len(deck))):
        if i % 2 == 0:
            cards.append(deck[bottom])
            bottom -= 1
        else:
            cards.append(deck[top])
            top += 1
    return tuple(cards)


def lay_held(state: State, seat: int, face_down: bool) -> Step:
    """Step 5: the deck is empty, so any held card goes into trick 1."""
    held = table.deal_of(state).hands[seat]
    if len(held) == 1:
        return CardLaid(seat, held[0], face_down)
    return choice(seat, tuple(ChooseCard(seat, card) for card in held))


def laid(state: State, seat: int, card: Card) -> CardLaid:
    """The fact of a choice: the boaster's card lies face down (C32-15)."""
    return CardLaid(seat, card, seat == table.kon_of(state).boaster)


def _sort(state: State, batch: Batch) -> Step:
    deal = table.deal_of(state)
    seat = batch.seat
    if _names_trump_now(state, batch):
        return name_trump(seat)
    trumps = table.trumps_of(state)
    collecting = len(deal.hands[seat]) == FULL
    if all(p.seat != seat for p in deal.trick):
        non_good = tuple(card for card in batch.cards if not is_good(card, trumps))
        if len(non_good) == 1:  # C32-14: one possibility, the server lays it
            return laid(state, seat, non_good[0])
        if non_good:
            return choice(seat, tuple(ChooseCard(seat, card) for card in non_good))
    if not collecting:
        return BatchKept(seat)
    partner = (seat + 2) % 4
    room = FULL - len(deal.hands[partner])
    good = tuple(card for card in batch.cards if is_good(card, trumps))[: max(0, room)]
    if good:
        return CardsPassed(seat, partner, good)
    return CardsPiled(seat, batch.cards)


def _names_trump_now(state: State, batch: Batch) -> bool:
    """C32-5: with `pants_names_trump`, the boaster names X after seeing his first batch,
    before he keeps or plays anything."""
    kon, deal = table.kon_of(state), table.deal_of(state)
    return (
        state.options.pants_names_trump
        and not deal.trump_named
        and batch.seat == kon.boaster
        and not deal.hands[batch.seat]
        and not deal.trick
    )
