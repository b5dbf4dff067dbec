"""Literal positions of Kozel with 4 cards, built from the game's own events, and moves
applied through the game interface."""

from __future__ import annotations

from dataclasses import replace

from app.domain.cards import Card, parse_cards
from app.domain.events import Event
from app.domain.kozel4 import GAME
from app.domain.kozel4.events import TrumpShown
from app.domain.kozel4.options import Options
from app.domain.kozel4.state import GameState
from app.domain.multitrick.events import DeckShuffled, GameStarted, HandsDealt
from app.domain.options import encode_options
from tests.domain.multitrick.positions import cards, player

C = Card.parse
SEED = b"literal"


def position(
    hands: list[str],
    trump: str | None = "QH",
    stock: str = "",
    dealer: int = 0,
    options: Options | None = None,
    deal_no: int = 1,
    next_leader: int | None = None,
) -> GameState:
    """Deal `hands` (seat by seat) with `stock` (top first); `trump` is the shown card (None
    under `ladder`). In deal 1 the dealer leads (K4-9)."""
    options = options or Options(ladder=trump is None)
    state = GAME.evolve(None, GameStarted(encode_options(options), 4, dealer))
    if deal_no > 1 or next_leader is not None:
        series = replace(state.series, dealer=(dealer - 1) % 4, deal_no=deal_no - 1)
        state = replace(state, series=replace(series, next_leader=next_leader))
    events: list[Event] = [
        DeckShuffled(deal_no, dealer, SEED, ""),
        HandsDealt(tuple(parse_cards(h) for h in hands), parse_cards(stock)),
    ]
    if trump is not None:
        events.append(TrumpShown(C(trump), 1))
    for event in events:
        state = GAME.evolve(state, event)
    return state


play = player(GAME)

__all__ = ["C", "cards", "play", "position"]
