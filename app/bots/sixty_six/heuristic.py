"""The heuristic Sixty-six bot: it counts its own score from what its views showed it and
claims only on a count it is sure of; it exchanges whenever it may, declares its marriages
(the trump one first), closes when the cards in hand should carry it to 66, takes the high
cards the opponent leads, throws its cheapest card otherwise, and under strict play heads
cheaply and leads its sure winners.
"""

from __future__ import annotations

import random

from app.bots.sixty_six.knowledge import Knowledge, Memory, read, value
from app.bots.sixty_six.tracker import tricks_won
from app.domain.cards import Card, Rank
from app.domain.commands import Command
from app.domain.sixty_six import (
    ClaimOut,
    CloseStock,
    CutDeck,
    DeclareMarriage,
    Draw,
    ExchangeTrump,
    LeadCard,
    Phase,
    PlayCard,
    SixtySixView,
)
from app.domain.sixty_six.deck import DECKS, MARRIAGE
from app.domain.view import View

OUT = 66
CLOSE_MARGIN = 4
"""How far above 66 the expected score must be before the bot closes."""
EXPECTED_CATCH = 3
"""The points a won trick is expected to bring besides the winning card."""


class HeuristicBot:
    level = "heuristic"

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._memory = Memory()

    def choose(self, view: View[SixtySixView]) -> Command:
        actions = view.legal_actions
        if len(actions) == 1:
            read(view, self._memory)
            return actions[0]
        if isinstance(actions[0], CutDeck):
            return self._rng.choice(actions)
        knowing = read(view, self._memory)
        claim = _first(actions, ClaimOut)
        if claim is not None and knowing.exact and knowing.score >= OUT:
            return claim
        if view.phase is Phase.CLOSE_OR_DRAW:
            close = _first(actions, CloseStock)
            if close is not None and _should_close(view, knowing):
                return close
            draw = _first(actions, Draw)
            assert draw is not None
            return draw
        if view.phase is Phase.LEAD:
            return _lead_window(view, knowing, actions)
        return _follow(view, knowing, actions)


def _first(actions: tuple[Command, ...], kind: type[Command]) -> Command | None:
    return next((a for a in actions if isinstance(a, kind)), None)


def _ranking_power(view: View[SixtySixView], card: Card) -> int:
    trump = view.game.trump
    assert trump is not None
    return DECKS[view.game.rules.deck].ranking(trump).power(card)


def _beats(view: View[SixtySixView], mine: Card, led: Card) -> bool:
    trump = view.game.trump
    assert trump is not None
    return DECKS[view.game.rules.deck].ranking(trump).beats(mine, led)


def _sure_winners(view: View[SixtySixView], knowing: Knowledge) -> list[Card]:
    """Cards that no unseen card can beat when led under strict play: the top remaining
    trumps, and plain cards topping their suit while the trumps out are few."""
    trump = view.game.trump
    out_trumps = [c for c in knowing.unseen if c.suit is trump]
    sure = []
    for card in knowing.hand:
        higher = [c for c in knowing.unseen if c.suit is card.suit and _beats(view, c, card)]
        if higher:
            continue
        if card.suit is trump or len(out_trumps) <= 1:
            sure.append(card)
    return sure


def _should_close(view: View[SixtySixView], knowing: Knowledge) -> bool:
    """Close when the score, the sure winners' points and the marriages still to show should
    pass 66 with a margin (and the count is exact: a failed closing costs 2 or 3)."""
    if not knowing.exact:
        return False
    expected = knowing.score
    for card in _sure_winners(view, knowing):
        expected += value(card) + EXPECTED_CATCH
    if view.game.rules.marriages_when_closed and tricks_won(view)[knowing.seat]:
        for suit, (king, queen) in MARRIAGE.items():
            if king in knowing.hand and queen in knowing.hand:
                expected += 40 if suit is view.game.trump else 20
    return expected >= OUT + CLOSE_MARGIN


def _lead_window(
    view: View[SixtySixView], knowing: Knowledge, actions: tuple[Command, ...]
) -> Command:
    exchange = _first(actions, ExchangeTrump)
    if exchange is not None:
        return exchange  # the face-up card is never worse than the exchange card
    declares = [a for a in actions if isinstance(a, DeclareMarriage)]
    if declares:
        trump = [d for d in declares if d.suit is view.game.trump]
        return (trump or declares)[0]
    close = _first(actions, CloseStock)
    if close is not None and _should_close(view, knowing):
        return close
    leads = [a for a in actions if isinstance(a, LeadCard)]
    return _lead(view, knowing, leads)


def _lead(view: View[SixtySixView], knowing: Knowledge, leads: list[LeadCard]) -> LeadCard:
    cards = [a.card for a in leads]
    by_card = {a.card: a for a in leads}
    trump = view.game.trump
    if view.game.declared is not None:
        # After a declaration: keep the king, unless it must go (hard).
        return by_card[min(cards, key=lambda c: _ranking_power(view, c))]
    strict = view.stock is None or view.stock.size == 0 or view.game.closing is not None
    if strict:
        sure = [c for c in _sure_winners(view, knowing) if c in by_card]
        if sure:
            # Draw the trumps first, then cash the plain winners.
            best = max(sure, key=lambda c: (c.suit is trump, value(c)))
            return by_card[best]
    # A cheap card of a plain suit, keeping the marriage cards and the tens.
    pairs = {
        c for king, queen in MARRIAGE.values() if {king, queen} <= set(cards) for c in (king, queen)
    }

    def cost(card: Card) -> tuple[int, int, int, int]:
        return (card.suit is trump, card in pairs, card.rank is Rank.TEN, value(card))

    return by_card[min(cards, key=cost)]


def _follow(view: View[SixtySixView], knowing: Knowledge, actions: tuple[Command, ...]) -> Command:
    plays = [a for a in actions if isinstance(a, PlayCard)]
    by_card = {a.card: a for a in plays}
    trick = view.trick
    assert trick is not None and trick.plays and trick.plays[0].cards
    led = trick.plays[0].cards[0]
    trump = view.game.trump
    winners = [c for c in by_card if _beats(view, c, led)]
    losers = [c for c in by_card if c not in winners]
    at_stake = value(led)

    def cheapest(cards: list[Card]) -> Card:
        return min(cards, key=lambda c: (c.suit is trump, value(c), _ranking_power(view, c)))

    if winners:
        cheap = cheapest(winners)
        reaches = knowing.score + at_stake + value(cheap) >= OUT
        same_suit = [c for c in winners if c.suit is led.suit]
        if at_stake >= 10 or reaches or not losers:
            return by_card[cheap]
        if same_suit:
            # Winning in suit costs no trump and brings the card's own points home.
            return by_card[max(same_suit, key=value)]
    pairs = {
        c
        for king, queen in MARRIAGE.values()
        if {king, queen} <= set(by_card)
        for c in (king, queen)
    }
    pool = [c for c in (losers or list(by_card)) if c not in pairs] or losers or list(by_card)
    return by_card[cheapest(pool)]
