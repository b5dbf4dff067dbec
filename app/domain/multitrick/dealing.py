"""The start of a deal: the seeded shuffle, and four cards to each seat one at a time from
the dealer's left, the rest as the stock (K4-7, B-6)."""

from __future__ import annotations

from app.domain.cards import Card
from app.domain.chance import commitment
from app.domain.errors import MalformedCommand
from app.domain.events import Event
from app.domain.multitrick.deck import HAND_SIZE, shuffled
from app.domain.multitrick.events import DeckShuffled, HandsDealt
from app.domain.multitrick.series import Series
from app.domain.stock import deal_one_by_one


def shuffle_events(
    series: Series, seed: bytes
) -> tuple[list[Event], tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """The next deal's shuffle and hands: its events, the hands and the stock (top first)."""
    if not isinstance(seed, bytes) or not seed:
        raise MalformedCommand("a shuffle needs a non-empty seed")
    dealer, seats = series.next_dealer, series.seats
    hands, stock = deal_one_by_one(shuffled(seed), (dealer + 1) % seats, seats, HAND_SIZE)
    events: list[Event] = [
        DeckShuffled(series.deal_no + 1, dealer, seed, commitment(seed)),
        HandsDealt(hands, stock),
    ]
    return events, hands, stock
