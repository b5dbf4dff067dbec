"""The two decks, the rank and points of their cards, and how a deck is dealt.

S66-2: `66` holds A 10 K Q J 9 of ♣ ♠ ♥ ♦ (24 cards), `schnapsen` the same without nines (20).
The canonical order of `Deck.cards` (the order the seeded shuffle permutes) is suit by suit
in ♣ ♠ ♥ ♦ order, each suit from the ace down.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.domain.cards import Card, Rank, Suit
from app.domain.ranking import SUIT_ORDER, Ranking, trump_suit_ranking
from app.domain.sixty_six.options import DeckKind

POINTS: dict[Rank, int] = {
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.JACK: 2,
    Rank.NINE: 0,
}
"""S66-4: both decks hold 120 card points."""

DECK_POINTS = 120
MARRIAGE_POINTS = 20
TRUMP_MARRIAGE_POINTS = 40
"""S66-15: a marriage of the trump suit is worth 40, any other 20."""


def points(cards: tuple[Card, ...]) -> int:
    return sum(POINTS[card.rank] for card in cards)


def _card(rank: Rank, suit: Suit) -> Card:
    """The one shared value of a card (`Card.parse` gives the same object)."""
    return Card.parse(rank.value + suit.value)


MARRIAGE: dict[Suit, tuple[Card, Card]] = {
    suit: (_card(Rank.KING, suit), _card(Rank.QUEEN, suit)) for suit in SUIT_ORDER
}
"""S66-15: the king and queen of each suit."""


@dataclass(frozen=True, slots=True)
class Dealt:
    """One deal's cards as they come off the deck (S66-7, S66-8)."""

    forehand: tuple[Card, ...]
    dealer: tuple[Card, ...]
    trump_card: Card
    stock: tuple[Card, ...]
    """The face-down cards on the trump card, in the order they are drawn."""


@dataclass(frozen=True)
class Deck:
    kind: DeckKind
    ranks: tuple[Rank, ...]
    """S66-3: from the highest down."""
    hand_size: int
    exchange_rank: Rank
    """S66-5: the lowest trump, swapped for the trump card (S66-14)."""
    cards: tuple[Card, ...] = field(init=False)
    _rankings: dict[Suit, Ranking] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cards = tuple(_card(rank, suit) for suit in SUIT_ORDER for rank in self.ranks)
        object.__setattr__(self, "cards", cards)
        rankings = {suit: trump_suit_ranking(self.ranks, suit) for suit in SUIT_ORDER}
        object.__setattr__(self, "_rankings", rankings)

    @property
    def size(self) -> int:
        return len(self.cards)

    def ranking(self, trump: Suit) -> Ranking:
        """How the cards of a deal with `trump` compare (S66-3, S66-9)."""
        return self._rankings[trump]

    def exchange_card(self, trump: Suit) -> Card:
        return _card(self.exchange_rank, trump)

    def deal(self, order: tuple[Card, ...]) -> Dealt:
        """S66-7 (`66`): packets of 3, forehand first, then the 13th card face up; S66-8
        (`schnapsen`): 3 each, the 7th card face up, then 2 each. `order[0]` is the top."""
        if self.kind is DeckKind.SIXTY_SIX:
            return Dealt(order[0:3] + order[6:9], order[3:6] + order[9:12], order[12], order[13:])
        return Dealt(order[0:3] + order[7:9], order[3:6] + order[9:11], order[6], order[11:])


DECKS: dict[DeckKind, Deck] = {
    DeckKind.SIXTY_SIX: Deck(
        DeckKind.SIXTY_SIX,
        (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE),
        hand_size=6,
        exchange_rank=Rank.NINE,
    ),
    DeckKind.SCHNAPSEN: Deck(
        DeckKind.SCHNAPSEN,
        (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK),
        hand_size=5,
        exchange_rank=Rank.JACK,
    ),
}
