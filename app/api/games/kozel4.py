"""Kozel with 4 cards on the wire: its bodies, view and record, from its domain types."""

from app.api.games.adapter import Adapter
from app.domain.kozel4 import GAME
from app.domain.kozel4.views import Kozel4Part
from app.domain.multitrick.record import DealSummary

ADAPTER = Adapter(GAME, part=Kozel4Part, summary=DealSummary)
