"""The table options of the 32-card game (the rules file's table of options), by the wire
names it gives them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Literal, get_args

from app.domain.options import option

BoastName = Literal[
    "pants",
    "double_pants",
    "mirror",
    "star",
    "merry",
    "sad",
    "small_coffins",
    "big_coffins",
    "barrel",
]


class Boast(Enum):
    """The nine boasts (хвалёнки), C32-15 … C32-21."""

    PANTS = "pants"
    DOUBLE_PANTS = "double_pants"
    MIRROR = "mirror"
    STAR = "star"
    MERRY = "merry"
    SAD = "sad"
    SMALL_COFFINS = "small_coffins"
    BIG_COFFINS = "big_coffins"
    BARREL = "barrel"


ALL_BOASTS: frozenset[BoastName] = frozenset(get_args(BoastName))


@dataclass(frozen=True, slots=True)
class Options:
    trump_preset: Literal["shamok", "diamonds"] = option(
        "shamok", doc="C32-3: 7♣ on top and clubs (Text B), or diamonds under the queens and jacks"
    )
    boasts: frozenset[BoastName] = option(
        ALL_BOASTS, doc="C32-8: the boasts the leading team may declare (none: every deal plain)"
    )
    star_open_rounds: Literal[3, 4] = option(3, doc="C32-18: how many rounds of the star open")
    boaster_names_trump: bool = option(
        True, doc="C32-5: the boaster names the trump suit in star, merry, sad and the coffins"
    )
    pants_names_trump: bool = option(
        False, doc="C32-5: the boaster names the trump suit in pants and double pants"
    )
    merry_sad_leads: Literal["every_trick", "first_trick"] = option(
        "every_trick", doc="C32-19: who leads inside a part of merry and sad"
    )
    trump_lead_restriction: bool = option(
        False, doc="C32-22: only the boaster may lead a trump while holding a plain card"
    )
    unled_ace_ban: bool = option(
        False, doc="C32-24: no discarding the ace of a suit that no trick was led with"
    )
    shamok_catch: bool = option(True, doc="C32-26: 7♣ catching Q♣ ends the кон, 2 pairs")
    egg_pair: bool = option(True, doc="C32-28: a 60:60 кон adds a pair to the next winner")
    first_deal_lyusya_wins: bool = option(True, doc="C32-29: a Люся in the first кон wins")
    last_trump_max: Literal[1, 2] = option(
        1, doc="C32-13: how many trumps a player may hold to give his last trump"
    )
    four_queens_redeal: bool = option(
        False, doc="C32-12: a deal giving one team all four queens is redealt"
    )
    table_messages: bool = option(False, doc="C32-32: table messages during a deal (K-16)")
    three_player_mode: Literal["blind", "queen_of_spades"] = option(
        "blind", doc="C32-33: a table of three plays with a blind or with the queen of spades"
    )

    def allows(self, boast: Boast) -> bool:
        return boast.value in self.boasts
