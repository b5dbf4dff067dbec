"""What one seat (or a spectator) may know of a game: the envelope every game's view shares.

A game's `view_for(state, seat)` is the only thing clients and bots receive. The common part
is the same in every game (`shared/api/contract.md`, The View): the seat's hand, everyone's
hand sizes, the trick as plays (a face-down play shows its count, never its cards, to anyone
but its player), the stock, the scores per side, the legal actions. What only one game has
is its `game` part, a frozen dataclass of that game's own.

The envelope also says what a page must not work out for itself (STYLE.md: the page draws,
the domain decides): which cards are trumps in the deal now and the hand in the game's own
order (`trumps`, `hand`), why each card of the hand that no legal action holds is refused
(`refused`, in the words `decide` refuses it with), how many cards a move of several takes
(`pick`), the figure the game is played to (`target`), and at the end every side's place
(`Result.places`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, TypeVar

from app.domain.cards import Card
from app.domain.commands import Command
from app.domain.errors import Reason

G = TypeVar("G")


class Face(Enum):
    UP = "up"
    DOWN = "down"


@dataclass(frozen=True, slots=True)
class Play:
    """One seat's cards in a trick: one card, several, or a face-down discard."""

    seat: int
    cards: tuple[Card, ...] | None
    """None for a face-down play that is not the viewer's own."""
    count: int
    face: Face

    @staticmethod
    def up(seat: int, *cards: Card) -> Play:
        return Play(seat, cards, len(cards), Face.UP)

    @staticmethod
    def down(seat: int, cards: tuple[Card, ...], shown: bool) -> Play:
        """A face-down play, with its cards only where the viewer may see them."""
        return Play(seat, cards if shown else None, len(cards), Face.DOWN)


@dataclass(frozen=True, slots=True)
class TrickView:
    leader: int
    plays: tuple[Play, ...]
    winner: int | None = None
    """The seat that took it, once it is taken."""
    points: int | None = None
    """Its card points, once taken, where the game shows them."""


@dataclass(frozen=True, slots=True)
class StockView:
    size: int
    trump_card: Card | None
    """The face-up trump card, while it shows (S66-7, B-7, K4-8, KZ-12)."""


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: the winning and losing side (None where there is none), the final
    scores per side, the titles of the rules file, why it ended (a code each game lists in
    `GameInfo.end_reasons`) and every side's final place."""

    winner: int | None
    loser: int | None
    scores: tuple[int, ...]
    titles: tuple[str, ...]
    reason: str
    places: tuple[int, ...]
    """Per side, 1 = best; sides the rules rank alike share a place, and the next place is
    skipped (1, 2, 2, 4)."""


def places(keys: Sequence[Any]) -> tuple[int, ...]:
    """Per side, its place when a lower key ranks better: one more than the number of sides
    whose key is lower (equal keys share a place)."""
    return tuple(1 + sum(other < key for other in keys) for key in keys)


@dataclass(frozen=True, slots=True)
class Target:
    """The figure that ends the game (K-17's 12 written, C32-27's 6 pairs, K4-20's and B-21's
    penalty points, KZ-19's marks received, S66-25's game points), and each side's figure
    measured against it: its score, or what the game counts instead (KZ-19: the marks
    received, where the scores are balances)."""

    score: int
    toward: tuple[int, ...]
    """Per side, how far it is towards `score`."""
    rules: tuple[str, ...]
    """The rule ids that set it."""


@dataclass(frozen=True, slots=True)
class Caution:
    """A legal move that ends the deal at once, and what the rules say it costs (B-20,
    S66-22, C32-11): a page asks before it posts it, in these words."""

    move: str
    """The move's `type`."""
    reason: Reason


@dataclass(frozen=True, slots=True)
class Refusal:
    """A card of the viewer's hand that no legal action holds now, and why: the reason
    `decide` gives when that card is played."""

    card: Card
    reason: Reason


@dataclass(frozen=True, slots=True)
class Pick:
    """What the viewer's move of several cards must hold now (a lead or an answer of several
    cards, a give, a discard): from `least` to `most` cards, whether and how they may be
    discarded, the set a beat must beat card by card, and the rule in words (so a page can say
    "pick 3 cards" and why its confirm button is not there yet)."""

    moves: tuple[str, ...]
    """The types of the moves that take these cards (`lead`; `beat`, `discard`; `give`…)."""
    least: int
    most: int
    discard: Face | None
    """How a discard of such cards lies, where a discard is among the moves: face down, or
    face up at a table of open discards (B-10); None where the cards cannot be discarded."""
    beat: tuple[Card, ...]
    """The top set a beat must beat card by card (face up on the table); () for none."""
    rule: Reason


def refused_cards(
    hand: Iterable[Card],
    actions: Iterable[Command],
    kinds: type | tuple[type, ...],
    why: Callable[[Card], Reason],
) -> tuple[Refusal, ...]:
    """Each card of `hand` that no action of `kinds` (the moves that take cards from the
    hand) holds, with `why` it is refused, when some action of `kinds` is legal now; none
    when the viewer has no such move to make."""
    hand = tuple(hand)
    unheld = set(hand)
    moves = False
    for action in actions:
        if isinstance(action, kinds):
            moves = True
            unheld.difference_update(cards_of(action))
            if not unheld:
                return ()  # every card is in some move (the usual case): none refused
    if not moves:
        return ()
    return tuple(Refusal(card, why(card)) for card in hand if card in unheld)


def cards_of(command: Command) -> tuple[Card, ...]:
    """The cards a command names (its `card`, its `cards`)."""
    found: list[Card] = []
    kind: type = type(command)
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind))
    for name in names:
        value = getattr(command, name)
        if isinstance(value, Card):
            found.append(value)
        elif isinstance(value, tuple):
            found.extend(item for item in value if isinstance(item, Card))
    return tuple(found)


_FIELDS: dict[type, tuple[str, ...]] = {}
"""The field names of each command class (`cards_of` reads them once per class)."""


@dataclass(frozen=True, slots=True)
class View(Generic[G]):
    seat: int | None
    """The viewer's seat; None for a spectator (the public view)."""
    phase: Enum
    deal_no: int
    dealer: int | None
    to_act: tuple[int, ...]
    """The seats that must act now, as far as the viewer may know it."""
    hand: tuple[Card, ...] | None
    """In the game's own order: the trumps from the strongest (`trumps`), then the plain
    suits ♣ ♠ ♥ ♦, each from its highest card (`Ranking.in_order`)."""
    trumps: tuple[Card, ...]
    """Every card that is a trump in the deal being played, the strongest first (a tier above
    the trumps first, KZ-4); none between deals and while a deal has no trump yet. The rules
    of the deal, known to all: no card's whereabouts."""
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    """Per side, in the game's own unit (written points, pairs, game points, marks…)."""
    trick: TrickView | None
    last_trick: TrickView | None
    commitment: str | None
    """The SHA-256 of the running deal's shuffle seed (K-5)."""
    legal_actions: tuple[Command, ...]
    refused: tuple[Refusal, ...]
    """While the viewer must move cards of its hand: each card of it that no legal action
    holds, with why (none otherwise)."""
    pick: Pick | None
    """While the viewer must move several cards at once: how many, and how."""
    last_deal: object | None
    """The game's summary of the last finished deal (a frozen dataclass of its own)."""
    result: Result | None
    stock: StockView | None
    messages_allowed: bool
    target: Target | None
    """The figure that ends the game and each side's way towards it; None where the game
    has no such figure (KZ-19 `ruined`: the game ends when a player is ruined)."""
    game: G
    """What only this game shows."""
    cautions: tuple[Caution, ...] = ()
    """The viewer's legal moves that end the deal at once, each with what it costs."""
