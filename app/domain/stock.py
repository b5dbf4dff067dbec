"""The stock: the undealt cards, drawn from the top, one at a time, after each trick.

Shared by the games with a stock (Sixty-six, Bura, Kozel with 4 cards, Kozly's `stock`
deal). The players draw clockwise from the trick's winner, one card each in turn, skipping
full hands, until every hand is full or the stock is empty (S66-11, B-12, K4-15, KZ-13). A
face-up trump card under the stock is simply its last card (S66-7, B-7, KZ-12); Kozel with 4
cards shows a card from the middle instead (K4-8), which is still drawn in its turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.domain.cards import Card


def draw_order(first: int, needs: Sequence[int], available: int) -> tuple[int, ...]:
    """The seat that takes each card from the top, in order: one card at a time clockwise
    from `first`, skipping a seat once it has what it `needs`, until nobody needs a card or
    `available` cards are drawn."""
    count = len(needs)
    wanted = list(needs)
    order: list[int] = []
    seat = first
    while len(order) < available and any(wanted):
        if wanted[seat]:
            order.append(seat)
            wanted[seat] -= 1
        seat = (seat + 1) % count
    return tuple(order)


def draw(
    stock: tuple[Card, ...], hands: Sequence[tuple[Card, ...]], first: int, hand_size: int
) -> tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...], tuple[tuple[int, Card], ...]]:
    """Refill `hands` to `hand_size` from the top of `stock`, starting with `first`: the
    stock left, the hands, and who drew which card, in order."""
    order = draw_order(first, [max(0, hand_size - len(hand)) for hand in hands], len(stock))
    drawn = tuple(zip(order, stock, strict=False))
    refilled = [list(hand) for hand in hands]
    for seat, card in drawn:
        refilled[seat].append(card)
    return stock[len(order) :], tuple(map(tuple, refilled)), drawn


def deal_one_by_one(
    deck: Sequence[Card], first: int, seats: int, hand_size: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Deal `deck` (top first) one card at a time clockwise from `first` until every one of
    `seats` hands holds `hand_size` cards (K4-7, B-6): the hands, and the rest as the stock."""
    dealt = seats * hand_size
    hands = tuple(tuple(deck[(seat - first) % seats : dealt : seats]) for seat in range(seats))
    return hands, tuple(deck[dealt:])


def turn_under(stock: tuple[Card, ...]) -> tuple[Card, tuple[Card, ...]]:
    """The top card of `stock` turned face up and put under it, so that it is the last card
    drawn (B-7; the 32-card Kozel's «кладется под низ колоды»): the card, and the stock."""
    return stock[0], stock[1:] + stock[:1]
