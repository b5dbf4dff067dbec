"""What a Kozly seat knows from the views it is shown, and the worlds it deals from that.

Nobody must follow suit (KZ-6), so no play shows a void: what a seat knows is which cards it
has seen (its hand, the trick on the table, the last trick while it shows, the public trump
card and who holds it, KZ-15) and, if it remembers the views of this deal, which seat took
the cards it saw. A view also counts each seat's tricks and shows the seat's own card points,
so a seat that plays in every trick learns each trick's winner from whose count went up.

A world deals the unseen cards to where they may lie: the other hands, half 2 set aside
(`halves`, four cards for every seat, the seat's own included), the stock (`stock`), and the
taken tricks whose cards the seat did not see (each seat's pile, so that the others' card
points, hidden from the seat, are sampled too).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from app.bots.kozly.model import INDEX, POINTS_OF, TRICKS_PER_HALF, World, mask_of
from app.bots.masks import indices as cards
from app.bots.sampling import deal_hidden
from app.domain.cards import Card
from app.domain.kozly.deck import DECK
from app.domain.kozly.views import KozlyView
from app.domain.view import TrickView, View

LATER = 4
"""Places of `deal_hidden` besides the seats 0 to 3: 4 + s is seat s's half-2 hand, 8 + s
its pile (the taken tricks' cards it did not see)."""
PILE = 8


def _cards(trick: TrickView | None) -> list[int]:
    if trick is None:
        return []
    return [INDEX[card] for play in trick.plays for card in play.cards or ()]


@dataclass
class Memory:
    """The views of one deal a seat has been shown, as the bot remembers them."""

    deal_no: int = -1
    seen: int = 0
    """Every card seen played in this deal."""
    piles: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    """Per seat, the seen cards of the tricks it took."""
    taken: tuple[int, ...] = (0, 0, 0, 0)
    pending: int = 0
    """The cards seen of the trick the seat played to last, its own card included."""

    def update(self, view: View[Any]) -> None:
        game: KozlyView = view.game
        if view.deal_no != self.deal_no:
            self.deal_no, self.seen, self.piles = view.deal_no, 0, [0, 0, 0, 0]
            self.taken, self.pending = (0, 0, 0, 0), 0
        grown = [s for s in range(4) if game.tricks_taken[s] > self.taken[s]]
        if len(grown) == 1 and sum(game.tricks_taken) == sum(self.taken) + 1:
            self.piles[grown[0]] |= self.pending  # one trick since my last card: its winner
        last = view.last_trick
        if last is not None and last.winner is not None:
            self.piles[last.winner] |= mask_of(_cards(last))
        self.taken, self.pending = game.tricks_taken, 0
        self.seen |= mask_of(_cards(last)) | mask_of(_cards(view.trick))

    def played(self, view: View[Any], card: Card) -> None:
        """The seat's own card goes to the trick on the table (its winner is learnt next)."""
        self.pending = mask_of(_cards(view.trick)) | 1 << INDEX[card]


@dataclass(frozen=True, slots=True)
class Knowledge:
    seat: int
    hand: int
    leader: int
    trick: tuple[int, ...]
    sizes: tuple[int, ...]
    held: tuple[int, ...]
    """Per seat, cards it is known to hold (the public trump card, KZ-10, KZ-13)."""
    piles: tuple[int, ...]
    """Per seat, the known cards of its taken tricks."""
    pile_sizes: tuple[int, ...]
    own_points: int
    later: bool
    """`halves`, half 1: every seat gets four more cards (KZ-11)."""
    stock: int
    stock_trump: int | None
    """The trump card face up under the stock, drawn last (KZ-12)."""
    unseen: tuple[int, ...]
    """The cards whose place is not known: in the hidden zones, or seen in a trick whose
    winner is not known (these only in piles)."""
    unplaced: int
    """The mask of those seen cards that lie in some unknown pile."""


def infer(view: View[Any], memory: Memory) -> Knowledge:
    game: KozlyView = view.game
    assert view.seat is not None and view.hand is not None and view.trick is not None
    seat = view.seat
    hand = mask_of([INDEX[c] for c in view.hand])
    trick = tuple(_cards(view.trick))
    held = [0, 0, 0, 0]
    if game.trump_holder is not None and game.trump_holder != seat and game.trump_card:
        held[game.trump_holder] = 1 << INDEX[game.trump_card]
    stock_trump = None
    if view.stock is not None and view.stock.trump_card is not None:
        stock_trump = INDEX[view.stock.trump_card]
    piles = [p & ~hand for p in memory.piles]
    in_piles = 0
    for p in piles:
        in_piles |= p
    table = mask_of(trick)
    seen = (memory.seen | table) & ~table
    unplaced = seen & ~in_piles
    known = hand | table | in_piles | held[0] | held[1] | held[2] | held[3]
    if stock_trump is not None:
        known |= 1 << stock_trump
    hidden = (1 << len(DECK)) - 1 & ~known
    return Knowledge(
        seat=seat,
        hand=hand,
        leader=view.trick.leader,
        trick=trick,
        sizes=view.hand_sizes,
        held=tuple(held),
        piles=tuple(piles),
        pile_sizes=tuple(4 * n for n in game.tricks_taken),
        own_points=game.points[seat] or 0,
        later=game.half == 1 and game.set_aside > 0,
        stock=0 if view.stock is None else view.stock.size,
        stock_trump=stock_trump,
        unseen=tuple(cards(hidden)),
        unplaced=unplaced,
    )


def sample(know: Knowledge, rng: random.Random) -> World | None:
    """A world that agrees with everything `know` holds: the hand sizes, the known cards
    where they are, the stock's size and its trump card last, the tricks' counts."""
    me = know.seat
    needs: dict[int, int] = {}
    for s in range(4):
        if s != me:
            needs[s] = know.sizes[s] - know.held[s].bit_count()
        if know.later:
            needs[LATER + s] = TRICKS_PER_HALF
    # What is left after the hands and the stock lies in the piles; a seat that missed a
    # view knows less of them, so they take only what is left.
    spare = len(know.unseen) - sum(needs.values()) - know.stock
    spare += know.stock_trump is not None
    for s in range(4):
        pile = min(spare, know.pile_sizes[s] - know.piles[s].bit_count())
        if pile > 0:
            needs[PILE + s] = pile
            spare -= pile
    unplaced = know.unplaced

    def fits(place: int, card: Card) -> bool:
        return place >= PILE or not unplaced >> INDEX[card] & 1

    dealt = deal_hidden([DECK[c] for c in know.unseen], needs, fits, rng)
    if dealt is None:
        return None
    placed = {place: [INDEX[c] for c in got] for place, got in dealt.items()}
    hands = [know.held[s] | mask_of(placed.get(s, [])) for s in range(4)]
    hands[me] = know.hand
    later = tuple(mask_of(placed.get(LATER + s, [])) for s in range(4))
    stock = [c for c in placed[-1] if not unplaced >> c & 1][: know.stock]
    if know.stock_trump is not None:
        stock = [*stock[: know.stock - 1], know.stock_trump]
    points = [
        sum(POINTS_OF[c] for c in cards(know.piles[s]) + placed.get(PILE + s, [])) for s in range(4)
    ]
    points[me] = know.own_points
    played = sum(know.pile_sizes) // 4
    return World(tuple(hands), later, tuple(stock), know.leader, know.trick, tuple(points), played)
