"""Kozel with 4 cards behind the one game interface (`app.domain.game.Game`)."""

from __future__ import annotations

from app.domain.cards import Card
from app.domain.commands import Command
from app.domain.game import GameInfo
from app.domain.kozel4 import legal, record, scoring, views
from app.domain.kozel4.commands import COMMANDS, GiveBack, Keep
from app.domain.kozel4.decide import decide
from app.domain.kozel4.events import REGISTRY
from app.domain.kozel4.evolve import evolve
from app.domain.kozel4.options import Options
from app.domain.kozel4.state import SEATS, GameState
from app.domain.multitrick.deck import canonical
from app.domain.multitrick.game import FamilyGame, Rules
from app.domain.multitrick.sets import clock_order
from app.domain.seats import PARTNERS, Seating

INFO = GameInfo(
    variant="kozel4",
    title={"ru": "Козёл на 4 карты", "en": "Kozel with 4 cards"},
    seat_counts=(SEATS,),
    rules="kozel4.md",
    rule_prefix="K4",
    options_type=Options,
    end_reasons=scoring.END_REASONS,
    titles=scoring.TITLES,
)


def revealed_to(state: GameState, seat: int) -> frozenset[Card]:
    """The shown trump card (K4-8), the cards of a claimed молодка and the face-up cards a
    claim gave back (K4-14), and the cards of a hand-off to its two partners (K4-10)."""
    deal = state.deal
    if deal is None:
        return frozenset()
    shown = {deal.trump_card} if deal.trump_card is not None else set()
    for e in deal.exchanges:
        if seat in (e.from_seat, e.to_seat):
            shown.update((*e.trumps, *e.given))
    return frozenset(shown | deal.claimed | deal.board.returned_up)


def decision_default(state: GameState, seat: int) -> Command | None:
    """K4-10: an open option is kept; a give-back gives the partner's lowest legal cards in
    the K4-21 order (non-trumps first, as the rule asks)."""
    deal = state.running
    if seat in deal.open_options:
        return Keep(seat)
    offer = legal.owed_offer(deal, seat)
    if offer is None:
        return None
    ranking = deal.ranking
    hand = sorted(clock_order(deal.board.hands[seat], ranking), key=ranking.is_trump)
    return GiveBack(seat, canonical(hand[: len(offer.trumps)]))


def seating(seats: int) -> Seating:
    """K4-1: two teams, partners opposite."""
    return PARTNERS


Kozel4 = FamilyGame[GameState, Options]
GAME: Kozel4 = FamilyGame(
    INFO,
    REGISTRY,
    COMMANDS,
    GameState,
    Rules(
        evolve=evolve,
        decide=decide,
        to_act=legal.to_act,
        legal_actions=legal.legal_actions,
        view_for=views.view_for,
        hands=views.hands,
        deal_record=record.deal_record,
        revealed_to=revealed_to,
        seating=seating,
        decision_default=decision_default,
    ),
)
