"""Literal positions of Bura, built from the game's own events, and moves applied through the
game interface. Trump is diamonds unless a test says otherwise."""

from __future__ import annotations

from dataclasses import replace

from app.domain.bura import GAME
from app.domain.bura.events import TrumpTurned
from app.domain.bura.options import Options
from app.domain.bura.state import GameState
from app.domain.cards import Card, parse_cards
from app.domain.events import Event
from app.domain.multitrick.events import DeckShuffled, GameStarted, HandsDealt
from app.domain.options import encode_options
from tests.domain.multitrick.positions import cards, player

C = Card.parse
SEED = b"literal"


def position(
    hands: list[str],
    trump: str = "8D",
    stock: str = "",
    leader: int = 0,
    options: Options | None = None,
    deal_no: int = 1,
    penalties: tuple[int, ...] | None = None,
) -> GameState:
    """Deal `hands` (seat by seat); `stock` lists the stock from its top, and the turned
    `trump` card lies under it (B-7). In deal 1 the player after the dealer leads (B-8)."""
    seats = len(hands)
    dealer = (leader - 1) % seats
    state = GAME.evolve(None, GameStarted(encode_options(options or Options()), seats, dealer))
    if deal_no > 1 or penalties is not None:
        series = replace(
            state.series,
            deal_no=deal_no - 1,
            dealer=(dealer - 1) % seats,
            penalties=penalties or state.series.penalties,
        )
        state = replace(state, series=series)
    dealt = (C(trump), *parse_cards(stock))
    events: list[Event] = [
        DeckShuffled(deal_no, dealer, SEED, ""),
        HandsDealt(tuple(parse_cards(h) for h in hands), dealt),
        TrumpTurned(C(trump)),
    ]
    for event in events:
        state = GAME.evolve(state, event)
    return state


play = player(GAME)

__all__ = ["C", "cards", "play", "position"]
