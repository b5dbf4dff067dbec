"""What a seat asks of a Kozly game: cut the deck (KZ-9) and play a card (KZ-6).

The shuffle (`ShuffleDeck`, chance as data) and the resignation (`Resign`, KZ-20) are the
shared commands of `app.domain.commands`. A draw, the deal of half 2 and the count are no
one's move: `decide` states them as consequences (KZ-11, KZ-13, KZ-16).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.domain.cards import Card
from app.domain.commands import Command, CommandSet, Resign, ShuffleDeck

CUT_POSITIONS = range(1, 32)
"""KZ-9: the deck is cut at a position from 1 to 31."""


@dataclass(frozen=True, slots=True)
class CutDeck(Command):
    """KZ-9: the player counter-clockwise of the dealer cuts; the top `position` cards go
    under the rest."""

    TYPE = "cut"
    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class PlayCard(Command):
    """KZ-6: any card of the hand, to the trick."""

    TYPE = "play"
    seat: int
    card: Card


MOVES = CommandSet(CutDeck, PlayCard)
"""The seat commands posted to `…/moves` (a resignation has its own endpoint)."""

KozlyCommand = ShuffleDeck | CutDeck | PlayCard | Resign
