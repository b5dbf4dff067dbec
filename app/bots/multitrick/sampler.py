"""Worlds for the search, from one seat's view: every card the seat has not seen is dealt at
random to a place it may be in, so that every world agrees with what the view shows.

Known are the seat's hand, the face-up cards on the table, the cards seen going to the piles
(`Piles`), and the cards a game tells of (`Known`: a claimed combination, the drawn trump card
of Bura, the cards of a hand-off in Kozel with 4 cards). The rest are dealt with
`deal_hidden`: to the other hands (their sizes), the face-down plays on the table (their
counts), the piles (the cards that went there unseen) and the stock (its size; a face-up
bottom card stays at the bottom). There is no suit to follow in these games, so no void
narrows a hand.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.bots.multitrick.knowledge import Piles
from app.bots.multitrick.masks import INDEX, bits, mask_of, points
from app.bots.multitrick.model import World
from app.bots.sampling import deal_hidden
from app.domain.cards import Card
from app.domain.multitrick.deck import DECK
from app.domain.view import View

ALL = (1 << len(DECK)) - 1
_PILE, _DOWN = 100, 200
"""The keys of `deal_hidden`'s needs beyond the seats: a pile (100 + seat), a face-down play
on the table (200 + its place in the trick)."""


@dataclass(frozen=True)
class Known:
    """What a game's view tells of where some hidden cards are."""

    in_hand: Mapping[int, frozenset[Card]] = field(default_factory=dict)
    """Per seat, cards it holds (or held: those since played are left out)."""
    bottom: Card | None = None
    """A face-up card at the bottom of the stock (B-7)."""


@dataclass(frozen=True)
class Slots:
    """Where the unseen cards go, and the known part of a world."""

    pool: tuple[Card, ...]
    needs: dict[int, int]
    hands: tuple[int, ...]
    stock: int
    bottom: int | None
    table: int
    """The known cards on the table."""


def slots(view: View[Any], piles: Piles, known: Known) -> Slots | None:
    """The unseen cards and their places; None when the counts do not add up (the seat's
    memory missed something), for the caller to fall back on its heuristic."""
    me, hand = view.seat, view.hand
    assert me is not None and hand is not None
    trick, stock = view.trick, view.stock
    seats = len(view.hand_sizes)
    table, needs = 0, {}
    for i, play in enumerate(() if trick is None else trick.plays):
        if play.cards is None:
            needs[_DOWN + i] = play.count
        else:
            table |= mask_of(play.cards)
    hands = [0] * seats
    hands[me] = mask_of(hand)
    seen = hands[me] | piles.gone | table
    for seat, cards in known.in_hand.items():
        held = mask_of(cards) & ~seen
        if seat != me and held.bit_count() <= view.hand_sizes[seat]:
            hands[seat] = held  # more than it holds: some were played unseen, so none is sure
    size = 0 if stock is None else stock.size
    bottom = None if known.bottom is None or not size else INDEX[known.bottom]
    fixed = (
        seen
        | sum(hands[s] for s in range(seats) if s != me)
        | (0 if bottom is None else 1 << bottom)
    )
    for seat in range(seats):
        if seat != me:
            needs[seat] = view.hand_sizes[seat] - hands[seat].bit_count()
        if piles.unknown and piles.unknown[seat]:
            needs[_PILE + seat] = piles.unknown[seat]
    pool = tuple(DECK[i] for i in bits(ALL & ~fixed))
    if sum(needs.values()) + size - (bottom is not None) != len(pool):
        return None
    return Slots(pool, needs, tuple(hands), size, bottom, table)


def world(view: View[Any], piles: Piles, known: Slots, rng: random.Random) -> World | None:
    """One world dealt at random into `known`'s slots."""
    dealt = deal_hidden(known.pool, known.needs, lambda _seat, _card: True, rng)
    if dealt is None:
        return None
    me, trick = view.seat, view.trick
    assert me is not None and trick is not None
    seats = len(known.hands)
    hands = [h | mask_of(dealt.get(s, ())) for s, h in enumerate(known.hands)]
    stock = [INDEX[c] for c in dealt[-1]]
    rng.shuffle(stock)
    if known.bottom is not None:
        stock.append(known.bottom)
    pot = points(known.table) + sum(
        points(mask_of(dealt[_DOWN + i])) for i, p in enumerate(trick.plays) if p.cards is None
    )
    pile_points = tuple(
        (piles.known[s] if piles.known else 0) + points(mask_of(dealt.get(_PILE + s, ())))
        for s in range(seats)
    )
    top_seat: int = view.game.top_seat if trick.plays else trick.leader
    top = next((p.cards for p in reversed(trick.plays) if p.seat == top_seat), None)
    return World(
        hands=tuple(hands),
        stock=tuple(stock),
        leader=trick.leader,
        turn=len(trick.plays),
        top_seat=top_seat,
        top=0 if top is None else mask_of(top),
        pot=pot,
        piles=pile_points,
        taken=tuple(view.game.tricks_taken),
    )
