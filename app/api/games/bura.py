"""Bura on the wire: its bodies, view and record, from its domain types."""

from typing import Any

from app.api.games.adapter import Adapter
from app.domain.bura import GAME
from app.domain.bura.views import BuraPart
from app.domain.multitrick.record import DealSummary

BODY_EXAMPLES: dict[str, dict[str, Any]] = {
    "lead": {"type": "lead", "cards": ["AH", "10H"], "expected_version": 9},
    "beat": {"type": "beat", "cards": ["AS", "KH"]},
    "discard": {"type": "discard", "cards": ["6C", "7D"]},
    "claim": {"type": "claim", "cards": ["AC", "AS", "AH", "AD"]},
    "declare": {"type": "declare"},
}
"""One body of `POST …/moves` per Bura move, by its `type` (B-9 … B-20)."""

ADAPTER = Adapter(GAME, part=BuraPart, summary=DealSummary, body_examples=BODY_EXAMPLES)
