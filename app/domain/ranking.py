"""How the cards of one deal compare: the shared rule of every trick game here.

Each card belongs to one **class**: the trumps, a plain suit, or (Kozly, KZ-4) a tier above
the trumps. A class lists its cards from the highest down. One card beats another of its
class if it is higher; a trump beats every plain card; a card of the top tier beats every
other card. A trick of single cards goes to the card that beats all the others, the led card
counting as the class to follow: the highest top-tier card, else the highest trump, else the
highest card of the led class (K-12, C32-25, KZ-5, S66-9). Cards of another plain class never
win. Which cards form which class is each game's (permanent trumps, a named or shown trump
suit, the jacks of Kozly).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from app.domain.cards import Card, Rank, Suit

SUIT_ORDER: tuple[Suit, ...] = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
"""♣ ♠ ♥ ♦: the order in which the rules break ties between suits (S66-28, K4-21, KZ-20)."""


@dataclass(frozen=True)
class Ranking:
    """The classes of a deck, each listed from its highest card down."""

    classes: tuple[tuple[Card, ...], ...]
    trump: int | None
    """The index of the trump class; None: no trumps."""
    top: int | None = None
    """The index of a class above the trumps (Kozly's jacks), if any."""
    _class: dict[Card, int] = field(init=False, repr=False, compare=False)
    _power: dict[Card, int] = field(init=False, repr=False, compare=False)
    _trumps: tuple[Card, ...] = field(init=False, repr=False, compare=False)
    _place: dict[Card, int] = field(init=False, repr=False, compare=False)
    """Each card's place in a hand held in order (`in_order`)."""

    def __post_init__(self) -> None:
        by_class = {card: i for i, cls in enumerate(self.classes) for card in cls}
        power = {card: len(cls) - j for cls in self.classes for j, card in enumerate(cls)}
        if len(by_class) != sum(map(len, self.classes)):
            raise ValueError("a card is in two classes")
        object.__setattr__(self, "_class", by_class)
        object.__setattr__(self, "_power", power)
        tiers = (self.top, self.trump)
        trumps = tuple(card for cls in tiers if cls is not None for card in self.classes[cls])
        plain = (card for i, cls in enumerate(self.classes) if i not in tiers for card in cls)
        object.__setattr__(self, "_trumps", trumps)
        object.__setattr__(self, "_place", {card: i for i, card in enumerate((*trumps, *plain))})

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for cls in self.classes for card in cls)

    def class_of(self, card: Card) -> int:
        return self._class[card]

    def power(self, card: Card) -> int:
        """The card's strength within its class (the highest card has the largest)."""
        return self._power[card]

    def is_trump(self, card: Card) -> bool:
        return self.trump is not None and self._class[card] == self.trump

    def members(self, cls: int) -> tuple[Card, ...]:
        return self.classes[cls]

    def follows(self, card: Card, led: Card) -> bool:
        """Whether `card` is of the class of `led`."""
        return self._class[card] == self._class[led]

    def beats(self, x: Card, y: Card) -> bool:
        """`x` beats `y` on its own: higher in the same class, a trump over a plain card, a
        top-tier card over any other (K4-3, B-3)."""
        cx, cy = self._class[x], self._class[y]
        if cx == cy:
            return self._power[x] > self._power[y]
        return self._tier(cx) > self._tier(cy)

    def winner(self, cards: Sequence[Card]) -> int:
        """The position in `cards` (led card first) of the card that takes the trick."""
        led = self._class[cards[0]]
        return max(range(len(cards)), key=lambda i: self._key(cards[i], led))

    def _tier(self, cls: int) -> int:
        if cls == self.top:
            return 2
        if cls == self.trump:
            return 1
        return 0

    def _key(self, card: Card, led: int) -> tuple[int, int]:
        cls = self._class[card]
        tier = self._tier(cls)
        if tier:
            return (tier + 1, self._power[card])
        return (1, self._power[card]) if cls == led else (0, 0)

    @property
    def trumps(self) -> tuple[Card, ...]:
        """Every card above the plain suits, the strongest first: the top tier (Kozly's jacks,
        KZ-4), then the trumps; none where the deal has no trump."""
        return self._trumps

    def in_order(self, cards: Iterable[Card]) -> tuple[Card, ...]:
        """`cards` as a player holds them: the top tier and the trumps, the strongest first
        (`trumps`), then the plain classes in their order (♣ ♠ ♥ ♦), each from its highest."""
        return tuple(sorted(cards, key=self._place.__getitem__))

    def lowest_first(self, cards: Iterable[Card]) -> list[Card]:
        """`cards` from the weakest: plain before trump before top tier, then by power, then
        by the suit order ♣ ♠ ♥ ♦ (the clock's defaults)."""
        return sorted(
            cards,
            key=lambda c: (self._tier(self._class[c]), self._power[c], SUIT_ORDER.index(c.suit)),
        )


def suit_classes(
    ranks: Sequence[Rank], suits: Sequence[Suit] = SUIT_ORDER
) -> tuple[tuple[Card, ...], ...]:
    """One class per suit, each `ranks` (given from the highest) of that suit."""
    return tuple(tuple(Card(rank, suit) for rank in ranks) for suit in suits)


def trump_suit_ranking(ranks: Sequence[Rank], trump: Suit | None) -> Ranking:
    """Four suits in the natural order `ranks` (highest first), one of them trump (K4-3, B-3,
    S66-3): the classes are the suits in ♣ ♠ ♥ ♦ order."""
    classes = suit_classes(ranks)
    return Ranking(classes, None if trump is None else SUIT_ORDER.index(trump))
