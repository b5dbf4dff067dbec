"""The table options of Kozly (the rules file's "Table options"); each alias is the rules
file's name for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from app.domain.options import Range, option


@dataclass(frozen=True, slots=True)
class Options:
    deal_mode: Literal["halves", "stock"] = option(
        "halves",
        alias="dealMode",
        doc="KZ-8: `halves`, two halves of four tricks with no drawing; `stock`, four cards "
        "each and a stock with the trump card at its bottom, drawn after each trick",
    )
    win_at: Literal[60, 61] = option(
        60, alias="winAt", doc="KZ-16: the card points that win a round (60 or more, or 61)"
    )
    target_marks: Annotated[int, Range(1)] = option(
        12,
        alias="targetMarks",
        doc="KZ-19: the marks a player must have received to win the game (`end = received12`)",
    )
    end: Literal["received12", "ruined"] = option(
        "received12",
        doc="KZ-19: the game ends when a player has received `target_marks` (`received12`) or "
        "when a player has no marks left (`ruined`)",
    )

    @property
    def halves(self) -> bool:
        return self.deal_mode == "halves"
