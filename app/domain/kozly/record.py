"""The record of a finished deal (`GET …/deals/{deal_no}`), and its re-deal from the deck.

`deal_record` reads the events of one deal, from its `deck_shuffled` on: the deck after the
cut, each seat's cards as dealt (in `halves` the four of half 1, then the four of half 2),
every trick face up, the count, and what only Kozly records: the deal mode, the trump card
and who held it, who dealt, and every draw of the `stock` deal in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.domain.cards import Card
from app.domain.events import Event
from app.domain.game import DealRecord
from app.domain.kozly import dealing, scoring
from app.domain.kozly.events import (
    CardDrawn,
    CardPlayed,
    DealScored,
    DeckCut,
    DeckShuffled,
    HandsDealt,
    TrickTaken,
    TrumpTurned,
)
from app.domain.kozly.state import SEATS, DealSummary
from app.domain.view import Play, TrickView


@dataclass(frozen=True, slots=True)
class Draw:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class KozlyDeal:
    """The record's `game` part."""

    deal_mode: str | None
    """`halves` or `stock`; None for a deal dropped (KZ-20) before it was dealt."""
    trump_card: Card | None
    trump_holder: int | None
    """`halves`: `L`, who was dealt the trump card (KZ-10); None in `stock` (KZ-12)."""
    dealers: tuple[int, ...]
    """Who dealt: half 1's and half 2's dealers in `halves` (KZ-11), the dealer in `stock`."""
    draws: tuple[Draw, ...]
    """`stock`: every card drawn, in order (KZ-13)."""


def deal_record(events: Sequence[Event]) -> DealRecord:
    start = max(i for i, event in enumerate(events) if isinstance(event, DeckShuffled))
    shuffled = events[start]
    assert isinstance(shuffled, DeckShuffled)
    position: int | None = None
    hands: list[tuple[Card, ...]] = [() for _ in range(SEATS)]
    dealers: list[int] = []
    trump: TrumpTurned | None = None
    draws: list[Draw] = []
    tricks: list[TrickView] = []
    plays: list[Play] = []
    outcome: DealSummary | None = None
    for event in events[start + 1 :]:
        match event:
            case DeckCut():
                position = event.position
            case HandsDealt():
                dealers.append(event.dealer)
                hands = [hand + dealt for hand, dealt in zip(hands, event.hands, strict=True)]
            case TrumpTurned():
                trump = event
            case CardDrawn():
                draws.append(Draw(event.seat, event.card))
            case CardPlayed():
                plays.append(Play.up(event.seat, event.card))
            case TrickTaken():
                tricks.append(TrickView(plays[0].seat, tuple(plays), event.winner, event.points))
                plays = []
            case DealScored():
                outcome = scoring.summary_of(event)
    game = KozlyDeal(None, None, None, (), ())
    if trump is not None:
        # The trump card stays in L's hand in `halves` and goes under the stock in `stock`.
        mode = "halves" if trump.holder is not None else "stock"
        game = KozlyDeal(mode, trump.card, trump.holder, tuple(dealers), tuple(draws))
    return DealRecord(
        deal_no=shuffled.deal_no,
        dealer=shuffled.dealer,
        seed=shuffled.seed,
        commitment=shuffled.commitment,
        cut=position,
        deck=dealing.deck_after_cut(shuffled.seed, position),
        hands=tuple(hands),
        tricks=tuple(tricks),
        outcome=outcome,
        points=None if outcome is None else outcome.points,
        game=game,
    )


def redeal(record: DealRecord) -> tuple[tuple[Card, ...], ...]:
    """The hands that dealing `record.deck` gives, as `deal_record` lists them: in `halves`
    each half by its own dealer (a deal dropped after half 1 has only that half)."""
    game = record.game
    if not isinstance(game, KozlyDeal) or game.deal_mode is None:
        return ((),) * SEATS
    if game.deal_mode == "stock":
        return dealing.deal_stock(record.deck, record.dealer)
    hands: tuple[tuple[Card, ...], ...] = ((),) * SEATS
    for half in range(len(game.dealers)):
        # KZ-11: half 2 is dealt by the next player, `dealer + 1`.
        cards = record.deck[half * dealing.HALF : (half + 1) * dealing.HALF]
        dealt = dealing.deal_half(cards, (record.dealer + half) % SEATS)
        hands = tuple(hand + more for hand, more in zip(hands, dealt, strict=True))
    return hands
