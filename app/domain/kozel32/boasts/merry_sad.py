"""C32-19: merry (весёлый) and sad (грустный).

The deal comes in three parts, played out in between: 3 cards at once to the boaster, then to
each other player clockwise (2 each in part 3). In merry the boaster leads every trick, in
sad the player after him (the boaster plays last); with `merry_sad_leads = first_trick` they
lead only a part's first trick. With `boaster_names_trump` the boaster names the trump suit
before parts 1 and 2 (at part 2 "no trump suit" too, if he holds only queens and jacks);
part 3 keeps part 2's.
"""

from __future__ import annotations

from app.domain.cards import Card, Rank
from app.domain.kozel32 import table
from app.domain.kozel32.boasts.naming import name_trump
from app.domain.kozel32.choices import Step
from app.domain.kozel32.events import PartDealt, PlayStarted
from app.domain.kozel32.options import Boast
from app.domain.kozel32.state import State

PARTS = 3
SIZES = (3, 3, 2)


def step(state: State) -> Step:
    kon, deal = table.kon_of(state), table.deal_of(state)
    assert kon.boaster is not None
    if deal.part == 0:
        return part_dealt(state)
    if state.options.boaster_names_trump and not deal.trump_named:
        hand = deal.hands[kon.boaster]
        none_allowed = deal.part == 2 and all(c.rank in (Rank.QUEEN, Rank.JACK) for c in hand)
        return name_trump(kon.boaster, none_allowed)
    leader = kon.boaster if kon.boast is Boast.MERRY else (kon.boaster + 1) % 4
    return PlayStarted(leader, None)


def part_dealt(state: State) -> PartDealt:
    kon, deal = table.kon_of(state), table.deal_of(state)
    assert kon.boaster is not None
    part = deal.part + 1
    return PartDealt(part, _part(deal.deck, kon.boaster, SIZES[part - 1]))


def all_parts(deck: tuple[Card, ...], boaster: int) -> tuple[tuple[Card, ...], ...]:
    """Each seat's cards of the three parts together, as `deck` deals them."""
    hands: tuple[tuple[Card, ...], ...] = ((),) * 4
    for size in SIZES:
        part = _part(deck, boaster, size)
        hands = tuple(old + new for old, new in zip(hands, part, strict=True))
        deck = deck[4 * size :]
    return hands


def _part(deck: tuple[Card, ...], boaster: int, size: int) -> tuple[tuple[Card, ...], ...]:
    """`size` cards at once to the boaster, then to each other player clockwise."""
    hands: list[tuple[Card, ...]] = [()] * 4
    for i in range(4):
        hands[(boaster + i) % 4] = deck[i * size : (i + 1) * size]
    return tuple(hands)
