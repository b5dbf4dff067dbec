"""Kozly on the wire: its bodies, view and record, from its domain types."""

from app.api.games.adapter import Adapter
from app.domain.kozly import GAME
from app.domain.kozly.state import DealSummary
from app.domain.kozly.views import KozlyView

ADAPTER = Adapter(GAME, part=KozlyView, summary=DealSummary)
