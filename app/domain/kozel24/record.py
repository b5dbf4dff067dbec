"""The record of a finished deal (K-5, K-6): the seed, the deck after the cut, the hands as
dealt, the exchanges, every trick and what the deal wrote."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.domain.cards import Card
from app.domain.chance import shuffled_order
from app.domain.events import Event
from app.domain.game import DealRecord, Sealed
from app.domain.kozel24 import deck
from app.domain.kozel24.events import (
    CardPlayed,
    CardsExchanged,
    DealScored,
    DeckCut,
    DeckShuffled,
    HandsDealt,
    TrickTaken,
)
from app.domain.view import Play, TrickView

K9_SEALED = Sealed(
    "K-9",
    "the cards of a lone-trump exchange from the other team, which learns only that it took "
    "place (the seed, the deck and the hands as dealt would tell the cards)",
)
FULL_DEALS = frozenset({"points", "sweep", "first_deal_sweep", "eggs", "tie"})
"""The `deal_scored` reasons of a deal whose six tricks were all played (K-14, K-15)."""


@dataclass(frozen=True, slots=True)
class ExchangeRecord:
    from_seat: int
    to_seat: int
    trump: Card
    given: Card


def deck_after_cut(seed: bytes, position: int | None) -> tuple[Card, ...]:
    """K-5: the seeded shuffle, then the cut: the top `position` cards go under the rest."""
    order = shuffled_order(seed, deck.DECK_SIZE)
    cut = position or 0
    return tuple(deck.CARDS[i] for i in order[cut:] + order[:cut])


def redeal(cards: Sequence[Card], dealer: int) -> tuple[tuple[Card, ...], ...]:
    """K-6: one card at a time clockwise from the player after the dealer."""
    hands: list[list[Card]] = [[], [], [], []]
    for k, card in enumerate(cards):
        hands[(dealer + 1 + k) % 4].append(card)
    return tuple(tuple(hand) for hand in hands)


def sealed_by(event: Event) -> Sealed | None:
    """K-9: a deal with an exchange keeps its cards from the other team until the game is
    over."""
    return K9_SEALED if isinstance(event, CardsExchanged) else None


def deal_record(events: Sequence[Event]) -> DealRecord:
    shuffled = next(e for e in events if isinstance(e, DeckShuffled))
    cut = next((e.position for e in events if isinstance(e, DeckCut)), None)
    dealt = next((e.hands for e in events if isinstance(e, HandsDealt)), ((),) * 4)
    tricks: list[TrickView] = []
    plays: list[Play] = []
    for event in events:
        if isinstance(event, CardPlayed):
            plays.append(Play.up(event.seat, event.card))
        elif isinstance(event, TrickTaken):
            tricks.append(TrickView(plays[0].seat, tuple(plays), event.winner, event.points))
            plays = []
    scored = next((e for e in events if isinstance(e, DealScored)), None)
    exchanges = tuple(
        ExchangeRecord(e.from_seat, e.to_seat, e.trump, e.given)
        for e in events
        if isinstance(e, CardsExchanged)
    )
    return DealRecord(
        deal_no=shuffled.deal_no,
        dealer=shuffled.dealer,
        seed=shuffled.seed,
        commitment=shuffled.commitment,
        cut=cut,
        deck=deck_after_cut(shuffled.seed, cut),
        hands=dealt,
        tricks=tuple(tricks),
        outcome=scored,
        points=scored.points if scored is not None and scored.reason in FULL_DEALS else None,
        game=exchanges,
    )
