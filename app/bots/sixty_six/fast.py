"""A fast model of one deal of Sixty-six on bitmasks, for the strong bot's search.

Cards are the indices of the deck's canonical order (`Deck.cards`); a hand is a mask. The
domain engine remains the authority: who beats whom comes from its ranking, a finished deal
is scored by its `scoring` functions, and a test plays this model against the engine move by
move. What is mirrored here for speed is the order of a deal (S66-9 … S66-22): the leader's
window, the strict follow of S66-12, the draw, closing and the claims.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from app.bots.masks import indices as cards
from app.domain.cards import Card, Rank, Suit
from app.domain.ranking import SUIT_ORDER
from app.domain.sixty_six.deck import DECKS, MARRIAGE, MARRIAGE_POINTS, POINTS
from app.domain.sixty_six.deck import TRUMP_MARRIAGE_POINTS as TRUMP_MARRIAGE
from app.domain.sixty_six.options import Rules
from app.domain.sixty_six.scoring import (
    LAST_TRICK_BONUS,
    OUT,
    Outcome,
    Tally,
    settle_cards_out,
    settle_claim,
)
from app.domain.sixty_six.state import Closing

# Actions besides the cards (0 … 23): the steps of the leader's window (S66-20).
DRAW, CLOSE, EXCHANGE, CLAIM = 100, 101, 102, 103
DECLARE = 110
"""`DECLARE + i` declares the marriage of `SUIT_ORDER[i]`."""

# Stages of a deal (the engine's phases while the cards are out, and its end).
CLOSE_OR_DRAW, LEAD, FOLLOW, OVER = 0, 1, 2, 3
# How far the leader's window has gone (the engine's `Window`, in its order).
OPEN, EXCHANGED, CLOSED, DECLARED = 0, 1, 2, 3


class World(NamedTuple):
    """One deal with every card known."""

    hands: tuple[int, int]
    stock: tuple[int, ...]
    """Face-down cards in drawing order, then the trump card (or the exchange card)."""
    leader: int
    lead: int
    """The card led to the trick on the table, or -1."""
    stage: int
    window: int
    declared: int
    """The suit index just declared (S66-18), or -1."""
    points: tuple[int, int]
    """Card points in each seat's tricks."""
    tricks: tuple[int, int]
    marriages: tuple[int, int]
    """Each seat's declared marriage points (credited once he has a trick, S66-17)."""
    closing: Closing | None
    last_winner: int
    outcome: Outcome | None = None


@dataclass(frozen=True)
class Table:
    """The deal's constants: the rules, the trump and the card tables derived from the
    deck's ranking."""

    rules: Rules
    trump: Suit
    deck: tuple[Card, ...] = field(init=False)
    index: dict[Card, int] = field(init=False)
    points: tuple[int, ...] = field(init=False)
    suit_of: tuple[int, ...] = field(init=False)
    suit_mask: tuple[int, ...] = field(init=False)
    higher: tuple[int, ...] = field(init=False)
    """Per card, the mask of the cards of its suit that head it (S66-12)."""
    follower_wins: tuple[bool, ...] = field(init=False)
    """Indexed `led * N + followed` (S66-9)."""
    exchange_card: int = field(init=False)

    def __post_init__(self) -> None:
        deck = DECKS[self.rules.deck]
        ranking = deck.ranking(self.trump)
        order = deck.cards
        n = len(order)
        suits = [SUIT_ORDER.index(c.suit) for c in order]
        put = object.__setattr__
        put(self, "deck", order)
        put(self, "index", {card: i for i, card in enumerate(order)})
        put(self, "points", tuple(POINTS[c.rank] for c in order))
        put(self, "suit_of", tuple(suits))
        put(self, "suit_mask", tuple(_mask(i for i in range(n) if suits[i] == s) for s in range(4)))
        higher = [
            _mask(j for j in range(n) if suits[j] == suits[i] and ranking.beats(order[j], order[i]))
            for i in range(n)
        ]
        put(self, "higher", tuple(higher))
        wins = [ranking.winner((order[a], order[b])) == 1 for a in range(n) for b in range(n)]
        put(self, "follower_wins", tuple(wins))
        put(self, "exchange_card", order.index(deck.exchange_card(self.trump)))

    @property
    def trump_index(self) -> int:
        return SUIT_ORDER.index(self.trump)

    def marriage(self, suit: int) -> tuple[int, int]:
        king, queen = MARRIAGE[SUIT_ORDER[suit]]
        return self.index[king], self.index[queen]

    def is_king(self, card: int) -> bool:
        return self.deck[card].rank is Rank.KING


def _mask(indices: object) -> int:
    mask = 0
    for i in indices:  # type: ignore[attr-defined]
        mask |= 1 << i
    return mask


class Deal:
    """The search's model of one deal of Sixty-six on a `Table`."""

    def __init__(self, table: Table) -> None:
        self.t = table
        self.hand_size = DECKS[table.rules.deck].hand_size

    def to_move(self, w: World) -> int | None:
        if w.stage == OVER:
            return None
        return w.leader if w.stage != FOLLOW else 1 - w.leader

    def counted(self, w: World, seat: int) -> int:
        """S66-21 (the last-trick bonus is added when the cards run out)."""
        if not w.tricks[seat]:
            return w.points[seat]
        return w.points[seat] + w.marriages[seat]

    def stock_open(self, w: World) -> bool:
        return w.closing is None and bool(w.stock)

    def actions(self, w: World) -> list[int]:
        t, rules = self.t, self.t.rules
        hand = w.hands[w.leader]
        if w.stage == FOLLOW:
            return cards(self.follows(w))
        won = w.tricks[w.leader] > 0
        if w.stage == CLOSE_OR_DRAW:
            found = [DRAW, CLOSE]
            return [*found, CLAIM] if not rules.auto_out else found
        found = []
        open_ = self.stock_open(w)
        if (
            w.window < EXCHANGED
            and open_
            and hand >> t.exchange_card & 1
            and (won or (rules.schnapsen and not rules.hard))
            and (not rules.hard or len(w.stock) >= 3)
        ):
            found.append(EXCHANGE)
        if w.window < CLOSED and open_ and len(w.stock) >= 3:
            found.append(CLOSE)
        may_marry = (open_ or rules.marriages_when_closed) and (won or not rules.hard)
        if w.window < DECLARED and may_marry:
            for suit in range(4):
                king, queen = t.marriage(suit)
                if hand >> king & 1 and hand >> queen & 1:
                    found.append(DECLARE + suit)
        if not rules.auto_out and (w.tricks[0] + w.tricks[1] > 0 or w.declared >= 0):
            found.append(CLAIM)
        if w.declared >= 0:
            king, queen = t.marriage(w.declared)
            return found + ([king] if rules.hard else [c for c in (king, queen) if hand >> c & 1])
        return found + cards(hand)

    def follows(self, w: World) -> int:
        """S66-10 while the stock is open, else S66-12."""
        hand = w.hands[1 - w.leader]
        if self.stock_open(w):
            return hand
        t, led = self.t, w.lead
        same = hand & t.suit_mask[t.suit_of[led]]
        higher = same & t.higher[led]
        if higher:
            return higher
        if same:
            return same
        trumps = hand & t.suit_mask[t.trump_index]
        if trumps and t.suit_of[led] != t.trump_index:
            return trumps
        return hand

    def play(self, w: World, action: int) -> World:
        seat = w.leader
        if action < DRAW:
            if w.stage == FOLLOW:
                return self._trick(w, action)
            hands = _take(w.hands, seat, action)
            return w._replace(hands=hands, lead=action, stage=FOLLOW)
        if action == DRAW:
            return self._draw(w)._replace(stage=LEAD)
        if action == CLOSE:
            other = 1 - seat
            before = w.stage == CLOSE_OR_DRAW
            closing = Closing(seat, self.counted(w, other), w.tricks[other] > 0, before)
            return w._replace(closing=closing, window=CLOSED, stage=LEAD)
        if action == EXCHANGE:
            taken = w.stock[-1]
            hand = (w.hands[seat] & ~(1 << self.t.exchange_card)) | (1 << taken)
            hands = (hand, w.hands[1]) if seat == 0 else (w.hands[0], hand)
            return w._replace(hands=hands, stock=(*w.stock[:-1], self.t.exchange_card), window=1)
        if action == CLAIM:
            return self._settle(w, settle_claim(self._tally(w), seat))
        suit = action - DECLARE
        worth = TRUMP_MARRIAGE if suit == self.t.trump_index else MARRIAGE_POINTS
        marriages = _add(w.marriages, seat, worth)
        w = w._replace(marriages=marriages, window=DECLARED, declared=suit)
        return self._auto_out(w, seat) or w

    def _trick(self, w: World, card: int) -> World:
        leader, follower = w.leader, 1 - w.leader
        hands = _take(w.hands, follower, card)
        n = len(self.t.deck)
        winner = follower if self.t.follower_wins[w.lead * n + card] else leader
        worth = self.t.points[w.lead] + self.t.points[card]
        w = w._replace(
            hands=hands,
            leader=winner,
            lead=-1,
            window=OPEN,
            declared=-1,
            points=_add(w.points, winner, worth),
            tricks=_add(w.tricks, winner, 1),
            last_winner=winner,
        )
        if not hands[0] and not hands[1]:
            return self._settle(w, settle_cards_out(self._tally(w), self.t.rules))
        claimed = self._auto_out(w, winner)
        if claimed is not None:
            return claimed
        if self.stock_open(w) and not self.t.rules.schnapsen and len(w.stock) >= 3:
            return w._replace(stage=CLOSE_OR_DRAW)
        if self.stock_open(w):
            w = self._draw(w)
        return w._replace(stage=LEAD)

    def _draw(self, w: World) -> World:
        """S66-11: the winner draws first, the loser next (the trump card last)."""
        first, second = w.stock[0], w.stock[1]
        winner = w.leader
        hands = _give(_give(w.hands, winner, first), 1 - winner, second)
        return w._replace(hands=hands, stock=w.stock[2:])

    def _auto_out(self, w: World, seat: int) -> World | None:
        if self.t.rules.auto_out and self.counted(w, seat) >= OUT:
            return self._settle(w, settle_claim(self._tally(w), seat))
        return None

    def _tally(self, w: World) -> Tally:
        scores = [self.counted(w, 0), self.counted(w, 1)]
        cards_out = not w.hands[0] and not w.hands[1] and w.lead < 0
        if cards_out and not self.t.rules.schnapsen and w.closing is None:
            scores[w.last_winner] += LAST_TRICK_BONUS  # S66-25
        return Tally(
            (scores[0], scores[1]),
            (w.tricks[0] > 0, w.tricks[1] > 0),
            w.closing,
            w.last_winner if w.last_winner >= 0 else None,
        )

    def _settle(self, w: World, outcome: Outcome) -> World:
        return w._replace(stage=OVER, outcome=outcome)


def _take(hands: tuple[int, int], seat: int, card: int) -> tuple[int, int]:
    if seat == 0:
        return (hands[0] & ~(1 << card), hands[1])
    return (hands[0], hands[1] & ~(1 << card))


def _give(hands: tuple[int, int], seat: int, card: int) -> tuple[int, int]:
    if seat == 0:
        return (hands[0] | 1 << card, hands[1])
    return (hands[0], hands[1] | 1 << card)


def _add(pair: tuple[int, int], seat: int, amount: int) -> tuple[int, int]:
    return (pair[0] + amount, pair[1]) if seat == 0 else (pair[0], pair[1] + amount)
