"""What a Sixty-six seat knows, read from its views: the cards it has seen played, its own
taken points, and the cards known to lie in the other hand.

A player keeps count in his head (S66-13, S66-22): the counted score is not shown while
`auto_out` is false. In `soft` the view holds the seat's own taken tricks, so its score is
exact from any single view. In `hard` only the last trick shows: `Memory` notes every trick
the seat sees, keyed by its place in the deal, and the score is exact only when it has seen
every trick it took (a bot built afresh for each move has seen fewer: its count is then a
lower bound, and it must not claim on it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.bots.sixty_six.tracker import tricks_won
from app.domain.cards import Card
from app.domain.sixty_six import SixtySixView
from app.domain.sixty_six.deck import DECKS, POINTS, points
from app.domain.view import TrickView, View


def _cards(trick: TrickView) -> tuple[Card, ...]:
    return tuple(card for play in trick.plays for card in play.cards or ())


@dataclass
class Memory:
    """One deal's observations, across the views of one seat."""

    deal: tuple[int, str | None] = (0, None)
    own_tricks: dict[int, int] = field(default_factory=dict)
    """The points of each trick the seat took, by the trick's number in the deal."""
    seen: set[Card] = field(default_factory=set)
    """Cards seen played."""
    trump_card: Card | None = None
    """The face-up card, as last seen (it may be turned down or drawn since)."""
    trump_taken_by_other: bool = False

    def observe(self, view: View[SixtySixView]) -> None:
        key = (view.deal_no, view.commitment)
        if key != self.deal:
            self.deal, self.own_tricks, self.seen = key, {}, set()
            self.trump_card, self.trump_taken_by_other = None, False
        game = view.game
        for trick in (view.trick, view.last_trick, *(game.taken or ())):
            if trick is not None:
                self.seen.update(_cards(trick))
        last = view.last_trick
        if last is not None and last.winner == view.seat:
            self.own_tricks[sum(tricks_won(view)) - 1] = points(_cards(last))
        if game.taken is not None:
            self.own_tricks = {i: t.points or 0 for i, t in enumerate(game.taken)}
        stock = view.stock
        if stock is not None and stock.trump_card is not None:
            self.trump_card = stock.trump_card
        for exchange in game.exchanges:
            if exchange.seat != view.seat:
                self.trump_card = exchange.exchange_card
        if stock is not None and stock.size == 0 and game.closing is None:
            hand = view.hand or ()
            self.trump_taken_by_other = self.trump_card is not None and (
                self.trump_card not in hand and self.trump_card not in self.seen
            )


@dataclass(frozen=True)
class Knowledge:
    seat: int
    hand: tuple[Card, ...]
    score: int
    """The seat's counted score as far as it knows it (S66-21)."""
    exact: bool
    """Whether `score` is the counted score, not only a lower bound."""
    unseen: frozenset[Card]
    """Cards that may be in the other hand or the stock."""
    other_has: frozenset[Card]
    """Cards known to be in the other hand (its shown marriage cards, the trump card)."""


def read(view: View[SixtySixView], memory: Memory) -> Knowledge:
    assert view.seat is not None
    seat = view.seat
    game = view.game
    memory.observe(view)
    hand = view.hand or ()
    won = tricks_won(view)[seat]
    if game.points is not None:  # auto_out: the server shows the score
        score, exact = game.points[seat], True
    else:
        score = sum(memory.own_tricks.values())
        exact = len(memory.own_tricks) == won
        if won:
            score += sum(m.points for m in game.marriages if m.seat == seat)
    other = 1 - seat
    other_has = set(game.shown[other])
    other_has.update(e.trump_card for e in game.exchanges if e.seat == other)
    if memory.trump_taken_by_other and memory.trump_card is not None:
        other_has.add(memory.trump_card)
    other_has -= memory.seen
    deck = DECKS[game.rules.deck].cards
    face_up = view.stock.trump_card if view.stock is not None else None
    known = memory.seen | set(hand) | ({face_up} if face_up else set())
    return Knowledge(
        seat=seat,
        hand=hand,
        score=score,
        exact=exact,
        unseen=frozenset(c for c in deck if c not in known),
        other_has=frozenset(other_has),
    )


def value(card: Card) -> int:
    return POINTS[card.rank]
