"""Sixty-six / Schnapsen on the wire: its bodies, view and record, from its domain types."""

from typing import Any

from app.api.games.adapter import Adapter
from app.domain.sixty_six import GAME
from app.domain.sixty_six.state import DealSummary
from app.domain.sixty_six.views import SixtySixView

BODY_EXAMPLES: dict[str, dict[str, Any]] = {
    "cut": {"type": "cut", "position": 10},
    "draw": {"type": "draw"},
    "close": {"type": "close"},
    "exchange": {"type": "exchange"},
    "declare": {"type": "declare", "suit": "H"},
    "claim_out": {"type": "claim_out"},
    "lead": {"type": "lead", "card": "QH", "expected_version": 14},
    "play": {"type": "play", "card": "AH"},
}
"""One body of `POST …/moves` per Sixty-six move, by its `type` (S66-9 … S66-22)."""

ADAPTER = Adapter(GAME, part=SixtySixView, summary=DealSummary, body_examples=BODY_EXAMPLES)
