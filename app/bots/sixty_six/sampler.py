"""The strong bot's worlds: whole deals, on the fast model, dealt consistently with what the
seat has seen (`Tracker`): its hand, the cards on the table and in the tricks it saw, the
marriage cards the other still shows, the cards an exchange or the last draw gave him, the
card under the stock, the sizes of the hands and of the stock, the number of tricks each has
taken, and the suits the other has shown void in. The cards it has not seen are dealt at
random to what is left: the other hand, the other's tricks it did not see whole, its own
unseen tricks, and the face-down stock in a random order.
"""

from __future__ import annotations

import random

from app.bots.sampling import deal_hidden
from app.bots.sixty_six.fast import (
    CLAIM,
    CLOSE,
    CLOSE_OR_DRAW,
    CLOSED,
    DECLARE,
    DECLARED,
    DRAW,
    EXCHANGE,
    EXCHANGED,
    FOLLOW,
    LEAD,
    Table,
    World,
)
from app.bots.sixty_six.fast import OPEN as WINDOW_OPEN
from app.bots.sixty_six.tracker import Tracker, own_score, tricks_won
from app.domain.cards import Card
from app.domain.commands import Command
from app.domain.ranking import SUIT_ORDER
from app.domain.sixty_six import (
    ClaimOut,
    CloseStock,
    DeclareMarriage,
    Draw,
    ExchangeTrump,
    LeadCard,
    Phase,
    PlayCard,
    SixtySixView,
)
from app.domain.sixty_six.deck import DECKS, points
from app.domain.sixty_six.state import Closing
from app.domain.view import View

OTHER_HAND, OTHER_TRICKS, OWN_TRICKS = 0, 1, 2
"""The places `deal_hidden` fills besides the stock."""
_STAGES = {Phase.CLOSE_OR_DRAW: CLOSE_OR_DRAW, Phase.LEAD: LEAD, Phase.FOLLOW: FOLLOW}


def action_code(table: Table, command: Command) -> int:
    match command:
        case LeadCard(card=card) | PlayCard(card=card):
            return table.index[card]
        case Draw():
            return DRAW
        case CloseStock():
            return CLOSE
        case ExchangeTrump():
            return EXCHANGE
        case DeclareMarriage(suit=suit):
            return DECLARE + SUIT_ORDER.index(suit)
        case ClaimOut():
            return CLAIM
    raise ValueError(f"not a move of the deal: {command!r}")


def window_of(view: View[SixtySixView]) -> int:
    """How far the leader's window has gone, as far as it matters: a step it no longer
    offers cannot come back in this window (S66-20)."""
    if view.phase is not Phase.LEAD:
        return WINDOW_OPEN
    if view.game.declared is not None:
        return DECLARED
    kinds = {type(a) for a in view.legal_actions}
    if ExchangeTrump in kinds:
        return WINDOW_OPEN
    return EXCHANGED if CloseStock in kinds else CLOSED


class Sampler:
    """Deals worlds for the seat of `view`; `ready` is False when the view and the tracker
    do not add up (the bot then falls back on its heuristic)."""

    def __init__(self, view: View[SixtySixView], tracker: Tracker, table: Table) -> None:
        assert view.seat is not None and view.stock is not None and view.trick is not None
        self.view, self.table, self.tracker = view, table, tracker
        seat, other, game = view.seat, 1 - view.seat, view.game
        hand = set(view.hand or ())
        table_cards = {c for p in view.trick.plays for c in p.cards or ()}
        own = tracker.own_tricks(view)
        given = {e.exchange_card for e in game.exchanges if e.seat == seat}
        played = (tracker.held - hand - table_cards - given) | tracker.other_leads
        theirs = (tracker.taken[other] | played) - own - table_cards
        shown = set(game.shown[other])
        owned = {e.trump_card for e in game.exchanges if e.seat == other}
        stock = view.stock
        bottom = stock.trump_card
        if bottom is None and stock.size and game.closing is not None:
            bottom = tracker.bottom  # turned down by closing (S66-19)
        if not stock.size and game.closing is None and tracker.bottom is not None:
            owned.add(tracker.bottom)  # S66-11: the loser of the last draw took it
        owned -= tracker.held | own | theirs | shown | table_cards
        seen = hand | table_cards | own | theirs | shown | owned | {bottom}
        self.pool = [c for c in DECKS[game.rules.deck].cards if c not in seen]
        self.hand, self.own, self.theirs, self.shown = hand, own, theirs, shown
        self.owned, self.bottom = sorted(owned, key=table.index.__getitem__), bottom
        self.needs = {
            OTHER_HAND: view.hand_sizes[other] - len(shown),
            OTHER_TRICKS: 2 * tricks_won(view)[other] - len(theirs),
            OWN_TRICKS: 2 * tricks_won(view)[seat] - len(own),
        }
        self.stock_hidden = stock.size - (bottom is not None)
        free = sum(self.needs.values()) + self.stock_hidden
        self.ready = min(self.needs.values()) >= 0 and self.stock_hidden >= 0
        self.ready = self.ready and free == len(self.pool) + len(self.owned)
        self.ready = (
            self.ready and len(self.owned) <= self.needs[OTHER_HAND] + self.needs[OTHER_TRICKS]
        )

    def __call__(self, rng: random.Random) -> World | None:
        if not self.ready:
            return None
        needs = dict(self.needs)
        held, tricks = set(self.shown), set(self.theirs)
        voids = self.tracker.voids
        for card in self.owned:  # in his hand or played to a trick the seat did not see
            in_hand = card.suit not in voids and needs[OTHER_HAND] > 0
            room = needs[OTHER_HAND] + needs[OTHER_TRICKS]
            if in_hand and (not needs[OTHER_TRICKS] or rng.random() < needs[OTHER_HAND] / room):
                held.add(card)
                needs[OTHER_HAND] -= 1
            else:
                tricks.add(card)
                needs[OTHER_TRICKS] -= 1
        dealt = deal_hidden(
            self.pool, needs, lambda place, c: place != OTHER_HAND or c.suit not in voids, rng
        )
        if dealt is None:
            return None
        held.update(dealt[OTHER_HAND])
        tricks.update(dealt[OTHER_TRICKS])
        own = self.own | set(dealt[OWN_TRICKS])
        stock = list(dealt[-1])
        rng.shuffle(stock)
        if self.bottom is not None:
            stock.append(self.bottom)
        return self._world(held, tricks, own, stock)

    def _world(
        self, held: set[Card], tricks: set[Card], own: set[Card], stock: list[Card]
    ) -> World:
        view, index = self.view, self.table.index
        assert view.seat is not None and view.trick is not None
        seat, game = view.seat, view.game
        hands = [0, 0]
        hands[seat] = _mask(index, self.hand)
        hands[1 - seat] = _mask(index, held)
        scores = [0, 0]
        scores[seat] = points(tuple(own))
        scores[1 - seat] = points(tuple(tricks))
        marriages = [sum(m.points for m in game.marriages if m.seat == s) for s in (0, 1)]
        plays = view.trick.plays
        lead = index[plays[0].cards[0]] if plays and plays[0].cards else -1
        done = sum(tricks_won(view))
        return World(
            hands=(hands[0], hands[1]),
            stock=tuple(index[c] for c in stock),
            leader=view.trick.leader,
            lead=lead,
            stage=_STAGES[view.phase],  # type: ignore[index]
            window=window_of(view),
            declared=-1 if game.declared is None else SUIT_ORDER.index(game.declared),
            points=(scores[0], scores[1]),
            tricks=tricks_won(view),
            marriages=(marriages[0], marriages[1]),
            closing=self._closing(scores, marriages),
            last_winner=view.trick.leader if done else -1,
        )

    def _closing(self, scores: list[int], marriages: list[int]) -> Closing | None:
        view = self.view
        closing = view.game.closing
        if closing is None:
            return None
        assert view.seat is not None
        o_pts = closing.opponent_points
        if o_pts is None and closing.closer != view.seat:
            o_pts = self.tracker.score_at_closing
            if o_pts is None:
                o_pts = own_score(view, self.tracker)
        if o_pts is None:  # his score now: an upper bound of his score at the closing
            other = 1 - view.seat
            o_pts = scores[other] + (marriages[other] if tricks_won(view)[other] else 0)
        return Closing(closing.closer, o_pts, closing.opponent_tricks, closing.before_draw)


def _mask(index: dict[Card, int], cards: set[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << index[card]
    return mask
