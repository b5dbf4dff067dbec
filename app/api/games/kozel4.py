"""Kozel with 4 cards on the wire: its bodies, view and record, from its domain types."""

from typing import Any

from app.api.games.adapter import Adapter
from app.domain.kozel4 import GAME
from app.domain.kozel4.views import Kozel4Part
from app.domain.multitrick.record import DealSummary

BODY_EXAMPLES: dict[str, dict[str, Any]] = {
    "lead": {"type": "lead", "cards": ["KS", "QS"], "expected_version": 12},
    "beat": {"type": "beat", "cards": ["AS", "7H"]},
    "discard": {"type": "discard", "cards": ["6C", "9D"]},
    "claim": {"type": "claim", "cards": ["AS", "10S", "KS", "QS"]},
    "offer": {"type": "offer"},
    "keep": {"type": "keep"},
    "give_back": {"type": "give_back", "cards": ["6D"]},
}
"""One body of `POST …/moves` per kozel4 move, by its `type` (K4-9 … K4-16)."""

ADAPTER = Adapter(GAME, part=Kozel4Part, summary=DealSummary, body_examples=BODY_EXAMPLES)
