"""Kozly on the wire: its bodies, view and record, from its domain types."""

from typing import Any

from app.api.games.adapter import Adapter
from app.domain.kozly import GAME
from app.domain.kozly.state import DealSummary
from app.domain.kozly.views import KozlyView

BODY_EXAMPLES: dict[str, dict[str, Any]] = {
    "cut": {"type": "cut", "position": 16},
    "play": {"type": "play", "card": "JC", "expected_version": 21},
}
"""One body of `POST …/moves` per Kozly move, by its `type` (KZ-5, KZ-6)."""

ADAPTER = Adapter(GAME, part=KozlyView, summary=DealSummary, body_examples=BODY_EXAMPLES)
