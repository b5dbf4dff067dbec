"""Bura behind the one game interface (`app.domain.game.Game`)."""

from __future__ import annotations

from app.domain.bura import legal, record, scoring, views
from app.domain.bura.commands import COMMANDS
from app.domain.bura.decide import decide
from app.domain.bura.events import REGISTRY
from app.domain.bura.evolve import evolve
from app.domain.bura.options import Options
from app.domain.bura.state import GameState
from app.domain.cards import Card
from app.domain.game import GameInfo
from app.domain.multitrick.game import FamilyGame, Rules
from app.domain.seats import Seating

INFO = GameInfo(
    variant="bura",
    title={"ru": "Бура (Буркозёл)", "en": "Bura"},
    seat_counts=(2, 3, 4),
    rules="bura.md",
    rule_prefix="B",
    options_type=Options,
    end_reasons=scoring.END_REASONS,
    titles=scoring.TITLES,
)


def revealed_to(state: GameState, seat: int) -> frozenset[Card]:
    """The trump card, once turned, wherever it lies (B-7, B-14); the cards of every
    combination claimed or shown (B-14); the face-up cards a claim gave back (B-17)."""
    deal = state.deal
    if deal is None:
        return frozenset()
    shown = {card for claim in (*deal.claims, *deal.buras) for card in claim.cards}
    return frozenset({deal.trump_card} | shown | deal.board.returned_up)


def seating(seats: int) -> Seating:
    """B-1: each plays for himself."""
    return Seating(seats)


Bura = FamilyGame[GameState, Options]
GAME: Bura = FamilyGame(
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
        open_bottom=True,
        sealed_by=record.sealed_by,
    ),
)
