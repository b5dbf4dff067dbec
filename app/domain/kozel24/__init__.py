"""Kozel with 24 cards (`docs/rules/kozel24.md`, rules K-1 … K-18): the first variant of the engine.

What is particular to this game lives in this package: the deck and permanent trumps
(`deck`), the lone-trump exchange and no-queens claim (`legal`, `decide`), writing, eggs and
titles (`scoring`). Seats, tricks, cards, the seeded shuffle and the event codec are shared
(`app.domain`).
"""

from app.domain.kozel24.commands import (
    ClaimNoQueens,
    Command,
    CutDeck,
    DecideExchange,
    GiveCard,
    PlayCard,
    PlayOn,
    PostMessage,
    Resign,
    SeatCommand,
    ShuffleDeck,
)
from app.domain.kozel24.decide import decide
from app.domain.kozel24.events import REGISTRY, KozelEvent
from app.domain.kozel24.evolve import evolve, replay, with_turn
from app.domain.kozel24.game import GAME, VARIANT, apply, is_chance_node, start_game
from app.domain.kozel24.legal import (
    can_resign,
    legal_actions,
    messages_allowed,
    to_act,
)
from app.domain.kozel24.options import Options
from app.domain.kozel24.state import GameState, Phase
from app.domain.kozel24.views import ExchangeView, Kozel24View, View, view_for

__all__ = [
    "GAME",
    "REGISTRY",
    "VARIANT",
    "ClaimNoQueens",
    "Command",
    "CutDeck",
    "DecideExchange",
    "ExchangeView",
    "GameState",
    "GiveCard",
    "Kozel24View",
    "KozelEvent",
    "Options",
    "Phase",
    "PlayCard",
    "PlayOn",
    "PostMessage",
    "Resign",
    "SeatCommand",
    "ShuffleDeck",
    "View",
    "apply",
    "can_resign",
    "decide",
    "evolve",
    "is_chance_node",
    "legal_actions",
    "messages_allowed",
    "replay",
    "start_game",
    "to_act",
    "view_for",
    "with_turn",
]
