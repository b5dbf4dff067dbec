"""Sixty-six (Sechsundsechzig) and Schnapsen, rules S66-1 … S66-29 (`shared/rules/sixty-six.md`).

Two players, each for himself: a stock with a face-up trump card, free play while it is open
and strict play after, marriages, the trump exchange, closing, claiming out, game points 1/2/3
to a match of 7. `GAME` is its `app.domain.game.Game`. What it shares with the other games (the
cards, the seeded shuffle, the ranking of a trick, the stock's draw, the view envelope, the
event codec) lives in `app.domain`.
"""

from app.domain.sixty_six.commands import (
    MOVES,
    ClaimOut,
    CloseStock,
    CutDeck,
    DeclareMarriage,
    Draw,
    ExchangeTrump,
    LeadCard,
    PlayCard,
    SeatCommand,
)
from app.domain.sixty_six.decide import decide, deck_after_cut
from app.domain.sixty_six.events import REGISTRY, SixtySixEvent
from app.domain.sixty_six.evolve import evolve, replay
from app.domain.sixty_six.game import GAME, VARIANT, SixtySix
from app.domain.sixty_six.legal import legal_actions, to_act
from app.domain.sixty_six.options import DeckKind, Options, Rules, Strictness
from app.domain.sixty_six.state import DealEnd, DealSummary, GameState, Phase
from app.domain.sixty_six.views import EndedDeal, SixtySixView, view_for

__all__ = [
    "GAME",
    "MOVES",
    "REGISTRY",
    "VARIANT",
    "ClaimOut",
    "CloseStock",
    "CutDeck",
    "DealEnd",
    "DealSummary",
    "DeckKind",
    "DeclareMarriage",
    "Draw",
    "EndedDeal",
    "ExchangeTrump",
    "GameState",
    "LeadCard",
    "Options",
    "Phase",
    "PlayCard",
    "Rules",
    "SeatCommand",
    "SixtySix",
    "SixtySixEvent",
    "SixtySixView",
    "Strictness",
    "decide",
    "deck_after_cut",
    "evolve",
    "legal_actions",
    "replay",
    "to_act",
    "view_for",
]
