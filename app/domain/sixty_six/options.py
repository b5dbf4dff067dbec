"""The table options of Sixty-six (the rules file's table), and the rules they make.

`Options` is the wire form, read and described by `app.domain.options`; `Rules` is what the
engine plays by: the same choices as enums, with `marriages_when_closed` resolved by the deck
when the table leaves it unset (S66-16). The state keeps `Rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Literal

from app.domain.options import Range, option


class DeckKind(Enum):
    SIXTY_SIX = "66"
    """24 cards, six in hand (S66-2, S66-7)."""
    SCHNAPSEN = "schnapsen"
    """20 cards, no nines, five in hand (S66-2, S66-8)."""


class Strictness(Enum):
    SOFT = "soft"
    HARD = "hard"
    """The seed's «острый шнапс» (S66-29)."""


MAX_MATCH_TARGET = 21


@dataclass(frozen=True, slots=True)
class Options:
    deck: Literal["66", "schnapsen"] = option(
        "66", doc="66: 24 cards, 6 in hand; schnapsen: 20 cards, 5 in hand (S66-2)"
    )
    strictness: Literal["soft", "hard"] = option(
        "soft", doc="hard: no reviewing taken tricks and the other limits of S66-29"
    )
    auto_out: bool = option(
        False,
        alias="autoOut",
        doc="true: the server ends the deal when a player reaches 66; false: players claim "
        "out themselves and their counted scores are never shown (S66-13, S66-22)",
    )
    marriages_when_closed: bool | None = option(
        None,
        alias="marriagesWhenClosed",
        doc="marriages also once the stock is closed or exhausted; null: false with 66, "
        "true with schnapsen (S66-16)",
    )
    match_target: Annotated[int, Range(1, MAX_MATCH_TARGET)] = option(
        7, alias="matchTarget", doc="the game points that win the match (S66-27)"
    )


@dataclass(frozen=True, slots=True)
class Rules:
    deck: DeckKind
    strictness: Strictness
    auto_out: bool
    marriages_when_closed: bool
    match_target: int

    @staticmethod
    def of(options: Options) -> Rules:
        deck = DeckKind(options.deck)
        when_closed = options.marriages_when_closed
        if when_closed is None:
            when_closed = deck is DeckKind.SCHNAPSEN  # S66-16: the default is the deck's
        return Rules(
            deck=deck,
            strictness=Strictness(options.strictness),
            auto_out=options.auto_out,
            marriages_when_closed=when_closed,
            match_target=options.match_target,
        )

    @property
    def hard(self) -> bool:
        return self.strictness is Strictness.HARD

    @property
    def schnapsen(self) -> bool:
        return self.deck is DeckKind.SCHNAPSEN
