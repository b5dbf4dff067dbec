"""What a seat has learnt of the piles in the current deal, from its views alone.

A view shows the trick being played and, until the next lead, the trick taken last; pile
totals are hidden (K4-17, B-14). A seat plays to every trick, so from the tricks it has seen
(the plays before its own, its own, and the whole trick when it leads the next one) it knows
which cards went to whose pile, and how many cards it did not see go there (a face-down
discard, a beat played after it in a trick it did not take). The sampler deals those unseen
pile cards with the rest (`app.bots.multitrick.sampler`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.bots.multitrick.masks import mask_of, points
from app.domain.multitrick.deck import DECK
from app.domain.view import Play, View

Seen = tuple[int, int | None, int]
"""One play of a trick as the seat saw it: the seat, its cards (None: face down), how many."""


def seen(play: Play) -> Seen:
    return (play.seat, None if play.cards is None else mask_of(play.cards), play.count)


@dataclass
class Piles:
    deal_no: int = -1
    gone: int = 0
    """The cards seen going to a pile."""
    known: list[int] = field(default_factory=list)
    """Per seat, the card points of the cards seen going to its pile."""
    unknown: list[int] = field(default_factory=list)
    """Per seat, how many cards went to its pile unseen."""
    _taken: tuple[int, ...] = ()
    _trick: list[Seen] = field(default_factory=list)
    """The trick the seat last played to, as far as it saw it."""

    def observe(self, view: View[Any]) -> None:
        seats = len(view.hand_sizes)
        taken: tuple[int, ...] = view.game.tricks_taken
        if view.deal_no != self.deal_no:
            self.deal_no, self.gone, self._trick = view.deal_no, 0, []
            self.known, self.unknown = [0] * seats, _unseen_piles(view, taken)
            self._taken = taken
        if self._trick and sum(taken) > sum(self._taken):
            winner = next(s for s in range(seats) if taken[s] > self._taken[s])
            self._took(winner, seats, view)
        trick = view.trick
        self._trick = [] if trick is None else [seen(p) for p in trick.plays]
        self._taken = taken

    def played(self, play: Seen, restarts: bool = False) -> None:
        """The seat's own move (`restarts`: a claim that is the new lead, K4-14)."""
        self._trick = [play] if restarts else [*self._trick, play]

    def _took(self, winner: int, seats: int, view: View[Any]) -> None:
        plays = self._trick
        last = view.last_trick
        if last is not None and last.winner == winner and last.plays[0].seat == plays[0][0]:
            plays = [seen(p) for p in last.plays]  # the whole trick, seen as it was taken
        cards = 0
        for _, mask, _ in plays:
            cards |= mask or 0
        self.gone |= cards
        self.known[winner] += points(cards)
        self.unknown[winner] += seats * plays[0][2] - cards.bit_count()


def _unseen_piles(view: View[Any], taken: tuple[int, ...]) -> list[int]:
    """Per seat, the cards of its pile when the seat first looks at a deal already under way
    (a bot that takes over a seat): every card off the hands, the stock and the table, shared
    out by the tricks taken (the trick sizes were not seen)."""
    table = sum(p.count for p in view.trick.plays) if view.trick is not None else 0
    stock = view.stock.size if view.stock is not None else 0
    off = len(DECK) - sum(view.hand_sizes) - stock - table
    tricks = sum(taken)
    if not tricks:
        return [0] * len(taken)
    shares = [off * t // tricks for t in taken]
    for seat in sorted(range(len(taken)), key=lambda s: -taken[s])[: off - sum(shares)]:
        shares[seat] += 1
    return shares
