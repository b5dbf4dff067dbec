"""The record of a finished deal of Kozel with 4 cards: the family's record, with the shown
card and its position (K4-8), the hand-offs (K4-10) and the молодка claims (K4-14)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.domain.cards import Card
from app.domain.events import Event
from app.domain.game import DealRecord
from app.domain.kozel4.events import CardsExchanged, MolodkaClaimed, TrumpShown
from app.domain.multitrick.deck import shuffled
from app.domain.multitrick.record import deal_events, record_deal


@dataclass(frozen=True, slots=True)
class Kozel4Record:
    trump_card: Card | None
    """K4-8: the shown card (None under `ladder`)."""
    position: int | None
    """K4-8: its position in the stock (0 = top), derived from the seed (`shown_position`)."""
    exchanges: tuple[CardsExchanged, ...]
    claims: tuple[MolodkaClaimed, ...]


def deal_record(events: Sequence[Event]) -> DealRecord:
    deal = deal_events(events)
    shown = next((e for e in deal if isinstance(e, TrumpShown)), None)
    extra = Kozel4Record(
        trump_card=None if shown is None else shown.card,
        position=None if shown is None else shown.position,
        exchanges=tuple(e for e in deal if isinstance(e, CardsExchanged)),
        claims=tuple(e for e in deal if isinstance(e, MolodkaClaimed)),
    )
    return record_deal(events, shuffled, _restarts, extra)


def _restarts(event: Event) -> int | None:
    return event.seat if isinstance(event, MolodkaClaimed) else None
