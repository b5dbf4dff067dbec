"""The table options of Bura (B-9, B-10, B-15, B-17 … B-21); each alias is the rules file's
name for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from app.domain.options import Range, option


@dataclass(frozen=True, slots=True)
class Options:
    rank_leads: bool = option(
        False, alias="rankLeads", doc="B-9: two or more cards of one rank are a lead too"
    )
    ace_leads: bool = option(
        False,
        alias="aceLeads",
        doc="B-9: a Москва or четыре конца claimant may lead exactly the cards he claimed",
    )
    open_discards: bool = option(False, alias="openDiscards", doc="B-10: discards go face up")
    four_ends_tens: bool = option(
        False, alias="fourEndsTens", doc="B-15: four tens are a четыре конца too"
    )
    moscow_trump_ace: bool = option(
        False, alias="moscowTrumpAce", doc="B-15: a Москва's three aces include the trump ace"
    )
    late_claims: bool = option(
        False,
        alias="lateClaims",
        doc="B-17: a claim until the claimant has played to the trick, the cards returned",
    )
    win_needs_61: bool = option(
        True,
        alias="winNeeds61",
        doc="B-18: with 3 or 4 players, a deal nobody reaches 61 in penalizes everybody; "
        "off, the top totals win",
    )
    eggs_double: bool = option(
        False, alias="eggsDouble", doc="B-19: after eggs the next deal's penalties are doubled"
    )
    declare: bool = option(True, doc="B-20: a player may declare 61 on his turn to stop the deal")
    single_deal: bool = option(
        False, alias="singleDeal", doc="B-21: the game is one deal; its winner wins the game"
    )
    target: Annotated[int, Range(1, 100)] = option(
        12, doc="B-21: the penalty points that lose the game"
    )
