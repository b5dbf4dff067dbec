"""C32-5: the boaster names the trump suit — one of the four suits, or, where C32-19 allows
it, no trump suit («бескозырка»)."""

from __future__ import annotations

from app.domain.kozel32.choices import Choices, choice
from app.domain.kozel32.commands import NameTrump
from app.domain.ranking import SUIT_ORDER


def name_trump(seat: int, none_allowed: bool = False) -> Choices:
    suits = (*SUIT_ORDER, None) if none_allowed else SUIT_ORDER
    return choice(seat, tuple(NameTrump(seat, suit) for suit in suits))
