"""The record of a finished deal of Bura: the family's record, with the trump card (B-7),
the claims (B-17), the bura hands (B-16) and a declaration (B-20)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.domain.bura.events import BuraShown, CombinationClaimed, Declared, TrumpTurned
from app.domain.cards import Card
from app.domain.events import Event
from app.domain.game import DealRecord, Sealed
from app.domain.multitrick.deck import shuffled
from app.domain.multitrick.record import deal_events, record_deal

B14_SEALED = Sealed(
    "B-14",
    "the other hands, the stock and the face-down cards on the table of a deal that ended "
    "early (a bura or a declaration reveals only the piles and the bura hands)",
)


def sealed_by(event: Event) -> Sealed | None:
    """B-14: a deal ended early by a bura (B-16) or a declaration (B-20) keeps its other hands,
    its stock and its face-down cards hidden until the game is over."""
    return B14_SEALED if isinstance(event, BuraShown | Declared) else None


@dataclass(frozen=True, slots=True)
class BuraRecord:
    trump_card: Card | None
    claims: tuple[CombinationClaimed, ...]
    buras: tuple[BuraShown, ...]
    declared: Declared | None


def deal_record(events: Sequence[Event]) -> DealRecord:
    deal = deal_events(events)
    turned = next((e for e in deal if isinstance(e, TrumpTurned)), None)
    extra = BuraRecord(
        trump_card=None if turned is None else turned.card,
        claims=tuple(e for e in deal if isinstance(e, CombinationClaimed)),
        buras=tuple(e for e in deal if isinstance(e, BuraShown)),
        declared=next((e for e in deal if isinstance(e, Declared)), None),
    )
    return record_deal(events, shuffled, _restarts, extra)


def _restarts(event: Event) -> int | None:
    return event.seat if isinstance(event, CombinationClaimed) else None
