"""The table options of Kozly, with the rules file's wire names (its "Table options")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from app.domain.options import Range, option


@dataclass(frozen=True, slots=True)
class Options:
    deal_mode: Literal["halves", "stock"] = option(
        "halves",
        wire="dealMode",
        doc="KZ-8: `halves`, two halves of four tricks with no drawing; `stock`, four cards "
        "each and a stock with the trump card at its bottom, drawn after each trick",
    )
    win_at: Literal[60, 61] = option(
        60, wire="winAt", doc="KZ-16: the card points that win a round (60 or more, or 61)"
    )
    target_marks: Annotated[int, Range(1)] = option(
        12,
        wire="targetMarks",
        doc="KZ-19: the marks a player must have received to win the game (`end = received12`)",
    )
    end: Literal["received12", "ruined"] = option(
        "received12",
        doc="KZ-19: the game ends when a player has received `targetMarks` (`received12`) or "
        "when a player has no marks left (`ruined`)",
    )

    @property
    def halves(self) -> bool:
        return self.deal_mode == "halves"
