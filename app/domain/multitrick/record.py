"""The record of a finished deal, read from its events: the deck it was dealt from, the hands
as dealt, and every trick with every card shown (`GET …/deals/{deal_no}`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from app.domain.cards import Card
from app.domain.chance import commitment
from app.domain.events import Event
from app.domain.game import DealRecord
from app.domain.multitrick.deck import HAND_SIZE, points
from app.domain.multitrick.events import (
    CardsBeaten,
    CardsDiscarded,
    CardsLed,
    DealScored,
    DeckShuffled,
    HandsDealt,
    TrickTaken,
)
from app.domain.multitrick.trick import Response, Trick, TrickPlay
from app.domain.stock import deal_one_by_one
from app.domain.view import Play, TrickView

PLAYED_OUT = frozenset({"points", "eggs", "replayed"})
"""The reasons of a deal scored with every card taken (a bura or a declaration ends one
early, B-16, B-20)."""


@dataclass(frozen=True, slots=True)
class ShownHand:
    """A hand shown to everyone as the deal ended (B-16: a bura)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DealSummary:
    """What a finished deal scored, per side: `penalties` is what it wrote on each. Its piles
    are shown to all in its `deal_scored` event and its record, not here: once the next deal
    is dealt, its cards are in other hands."""

    deal_no: int
    reason: str
    points: tuple[int, ...]
    penalties: tuple[int, ...]
    eggs: bool
    ended_by: int | None = None
    """The seat whose move ended the deal before its cards ran out: the bura holder who won it
    (B-16), the declarer (B-20, a false declaration too)."""
    shown: tuple[ShownHand, ...] = ()
    """The hands the deal's end showed to all, with their cards (B-16: every bura)."""

    @staticmethod
    def of(event: DealScored) -> DealSummary:
        return DealSummary(event.deal_no, event.reason, event.points, event.penalties, event.eggs)


def deal_events(events: Sequence[Event]) -> Sequence[Event]:
    """The events of the last deal begun in `events` (from its shuffle)."""
    starts = [i for i, event in enumerate(events) if isinstance(event, DeckShuffled)]
    if not starts:
        raise ValueError("no deal in these events")
    return events[starts[-1] :]


def record_deal(
    events: Sequence[Event],
    deck_of: Callable[[bytes], tuple[Card, ...]],
    restarts: Callable[[Event], int | None],
    game: object | None = None,
) -> DealRecord:
    """The deal's record; `restarts(event)` is the new leader where a game's event (a claim)
    starts the trick again, and `game` what only that game records."""
    shuffled, *rest = deal_events(events)
    assert isinstance(shuffled, DeckShuffled)
    hands: tuple[tuple[Card, ...], ...] = ()
    tricks: list[TrickView] = []
    trick: Trick | None = None
    outcome: DealSummary | None = None
    for event in rest:
        match event:
            case HandsDealt(hands=dealt):
                hands = dealt
            case CardsLed(seat=seat, cards=cards):
                trick = Trick(seat, (TrickPlay(seat, Response.LEAD, cards, True),))
            case CardsBeaten(seat=seat, cards=cards) if trick is not None:
                trick = trick.with_play(TrickPlay(seat, Response.BEAT, cards, True))
            case CardsDiscarded(seat=seat, cards=cards, face_up=face_up) if trick is not None:
                trick = trick.with_play(TrickPlay(seat, Response.DISCARD, cards, face_up))
            case TrickTaken(winner=winner) if trick is not None:
                tricks.append(_shown(trick, winner))
                trick = None
            case DealScored():
                outcome = DealSummary.of(event)
            case _ if restarts(event) is not None:
                trick = None
    if trick is not None:
        tricks.append(_shown(trick, None))  # a trick the deal's end left unfinished (B-20)
    played_out = outcome is not None and outcome.reason in PLAYED_OUT
    return DealRecord(
        deal_no=shuffled.deal_no,
        dealer=shuffled.dealer,
        seed=shuffled.seed,
        commitment=commitment(shuffled.seed),
        cut=None,
        deck=deck_of(shuffled.seed),
        hands=hands,
        tricks=tuple(tricks),
        outcome=outcome,
        points=outcome.points if played_out and outcome is not None else None,
        game=game,
    )


def redeal(record: DealRecord) -> tuple[tuple[Card, ...], ...]:
    """The hands that dealing `record.deck` from the dealer's left gives (K4-7, B-6)."""
    seats = len(record.hands)
    hands, _ = deal_one_by_one(record.deck, (record.dealer + 1) % seats, seats, HAND_SIZE)
    return hands


def _shown(trick: Trick, winner: int | None) -> TrickView:
    plays = tuple(
        Play.up(p.seat, *p.cards) if p.face_up else Play.down(p.seat, p.cards, shown=True)
        for p in trick.plays
    )
    return TrickView(
        trick.leader, plays, winner, points(trick.cards) if winner is not None else None
    )
