"""The moves of Bura: the trick's `lead`, `beat`, `discard` and a combination's `claim`
(shared with Kozel with 4 cards), and `declare` (B-20)."""

from __future__ import annotations

from dataclasses import dataclass

from app.domain.commands import Command, CommandSet
from app.domain.multitrick.commands import Beat, Claim, Discard, Lead


@dataclass(frozen=True, slots=True)
class Declare(Command):
    """B-20: stop the deal, claiming 61 card points; on one's own turn only."""

    TYPE = "declare"
    seat: int


SeatMove = Lead | Beat | Discard | Claim | Declare
COMMANDS = CommandSet(Lead, Beat, Discard, Claim, Declare)
"""Every move posted to `…/moves` (a resignation has its own request)."""

__all__ = ["COMMANDS", "Beat", "Claim", "Declare", "Discard", "Lead", "SeatMove"]
