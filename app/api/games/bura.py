"""Bura on the wire: its bodies, view and record, from its domain types."""

from app.api.games.adapter import Adapter
from app.domain.bura import GAME
from app.domain.bura.views import BuraPart
from app.domain.multitrick.record import DealSummary

ADAPTER = Adapter(GAME, part=BuraPart, summary=DealSummary)
