"""The table options of Kozel with 4 cards (K4-4, K4-9, K4-10, K4-11, K4-19); each alias is
the rules file's name for it."""

from __future__ import annotations

from dataclasses import dataclass

from app.domain.options import option


@dataclass(frozen=True, slots=True)
class Options:
    ladder: bool = option(
        False,
        doc="K4-4: fixed trumps, 7♣ on top of every club, queen and jack; no card is shown",
    )
    dealer_leads: bool = option(
        False, alias="dealerLeads", doc="K4-9: the dealer leads the first trick of every deal"
    )
    handoff: bool = option(
        False,
        doc="K4-10: a player dealt 1 or 2 trumps may pass them to his partner, who gives back "
        "as many cards",
    )
    rank_leads: bool = option(
        False, alias="rankLeads", doc="K4-11: two or more cards of one rank are a lead too"
    )
    eggs_double: bool = option(
        False, alias="eggsDouble", doc="K4-19: after a 60:60 the next write is doubled"
    )
