"""The cards of a running deal: the hands, the stock, the trick on the table and the piles.

Every seat's hand is kept in the canonical order (`deck.canonical`), so that a hand and the
sets drawn from it have one spelling. A pile is a seat's: a team game adds up its seats' piles
(K4-13). The board also remembers who passed which card face down (K4-17, B-14: only he sees
it until the deal ends), and which face-up cards a claim gave back to a hand (K4-14, B-17:
everyone saw them, and a claim reveals nothing new).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeVar

from app.domain.cards import Card
from app.domain.multitrick.deck import HAND_SIZE, canonical, points
from app.domain.multitrick.trick import Trick, TrickPlay
from app.domain.stock import draw_order, turn_under

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Draw:
    """One card from the top of the stock into a hand."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Board:
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    """Top first: the next card drawn is `stock[0]`."""
    trick: Trick
    """The trick being played (no plays yet before its lead)."""
    piles: tuple[tuple[Card, ...], ...]
    """Each seat's taken cards."""
    tricks_taken: tuple[int, ...]
    last_trick: Trick | None = None
    """The last trick taken; its owner took it."""
    down: tuple[frozenset[Card], ...] = ()
    """Per seat, the cards it has passed face down in this deal (in a trick or a pile)."""
    returned_up: frozenset[Card] = frozenset()
    """Face-up cards that a claim gave back to their hands."""

    @staticmethod
    def dealt(hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...], leader: int) -> Board:
        seats = len(hands)
        return Board(
            hands=tuple(map(canonical, hands)),
            stock=stock,
            trick=Trick(leader),
            piles=((),) * seats,
            tricks_taken=(0,) * seats,
            down=(frozenset(),) * seats,
        )

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(map(len, self.hands))

    @property
    def exhausted(self) -> bool:
        """The stock and every hand are empty: the deal is played out (K4-16, B-13)."""
        return not self.stock and not any(self.hands)

    def pile_points(self, seats: Iterable[int]) -> int:
        return sum(points(self.piles[seat]) for seat in seats)

    def with_hand(self, seat: int, cards: Iterable[Card]) -> Board:
        return self._but(hands=_with(self.hands, seat, canonical(cards)))

    def play(self, play: TrickPlay) -> Board:
        """`play`'s cards leave its seat's hand for the trick."""
        hand = tuple(card for card in self.hands[play.seat] if card not in play.cards)
        down = self.down
        if not play.face_up:
            down = _with(down, play.seat, down[play.seat] | set(play.cards))
        return self._but(
            hands=_with(self.hands, play.seat, hand), trick=self.trick.with_play(play), down=down
        )

    def take(self) -> Board:
        """The owner of the top set takes every card of the trick and leads the next one."""
        winner = self.trick.owner
        pile = canonical((*self.piles[winner], *self.trick.cards))
        return self._but(
            piles=_with(self.piles, winner, pile),
            tricks_taken=_with(self.tricks_taken, winner, self.tricks_taken[winner] + 1),
            last_trick=self.trick,
            trick=Trick(winner),
        )

    def turned(self) -> Board:
        """B-7: the top card of the stock turned face up and put under it."""
        _, stock = turn_under(self.stock)
        return self._but(stock=stock)

    def draws(self, first: int) -> tuple[Draw, ...]:
        """Who draws which card, one at a time clockwise from `first`, until every hand
        holds four or the stock is empty (K4-15, B-12)."""
        needs = [HAND_SIZE - len(hand) for hand in self.hands]
        order = draw_order(first, needs, len(self.stock))
        return tuple(Draw(seat, card) for seat, card in zip(order, self.stock, strict=False))

    def drawn(self, draws: tuple[Draw, ...]) -> Board:
        hands = [list(hand) for hand in self.hands]
        for draw in draws:
            hands[draw.seat].append(draw.card)
        return self._but(hands=tuple(map(canonical, hands)), stock=self.stock[len(draws) :])

    def restart(self, leader: int) -> Board:
        """K4-14, B-17 `late_claims`: every card played to the trick goes back to the hand it
        came from (a face-down card stays hidden), and the trick starts again."""
        hands = [list(hand) for hand in self.hands]
        down, returned = list(self.down), set(self.returned_up)
        for play in self.trick.plays:
            hands[play.seat] += play.cards
            if play.face_up:
                returned.update(play.cards)
            else:
                down[play.seat] = down[play.seat] - set(play.cards)
        return self._but(
            hands=tuple(map(canonical, hands)),
            trick=Trick(leader),
            down=tuple(down),
            returned_up=frozenset(returned),
        )

    def _but(
        self,
        *,
        hands: tuple[tuple[Card, ...], ...] | None = None,
        stock: tuple[Card, ...] | None = None,
        trick: Trick | None = None,
        piles: tuple[tuple[Card, ...], ...] | None = None,
        tricks_taken: tuple[int, ...] | None = None,
        last_trick: Trick | None = None,
        down: tuple[frozenset[Card], ...] | None = None,
        returned_up: frozenset[Card] | None = None,
    ) -> Board:
        """This board with some fields changed (a plain constructor call: a board changes
        with every card, and `dataclasses.replace` is the engine's costliest call)."""
        return Board(
            self.hands if hands is None else hands,
            self.stock if stock is None else stock,
            self.trick if trick is None else trick,
            self.piles if piles is None else piles,
            self.tricks_taken if tricks_taken is None else tricks_taken,
            self.last_trick if last_trick is None else last_trick,
            self.down if down is None else down,
            self.returned_up if returned_up is None else returned_up,
        )


def _with(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*values[:index], value, *values[index + 1 :])
