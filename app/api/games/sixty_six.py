"""Sixty-six / Schnapsen on the wire: its bodies, view and record, from its domain types."""

from app.api.games.adapter import Adapter
from app.domain.sixty_six import GAME
from app.domain.sixty_six.state import DealSummary
from app.domain.sixty_six.views import SixtySixView

ADAPTER = Adapter(GAME, part=SixtySixView, summary=DealSummary)
