"""The heuristic Kozly bot: card counting from the views it is shown, safe wins, cheap
discards.

Nobody must follow suit (KZ-6), so a card on the table is beaten only by a higher jack, a
trump (over a plain card) or a higher card of the led suit (KZ-5), and a card is "safe" when
every card that could still beat it has been seen or is in the bot's own hand. The bot
remembers the cards it has seen in this deal's views (the trick on the table and the last
trick), and:

- takes a trick with a safe card when the points on it are worth more than the strength it
  spends; as the last to play, with any winning card on the same measure;
- throws its cheapest card otherwise (fewest points, weakest), keeping jacks and trumps;
- leads a safe card with points, to cash them, else its cheapest card.
"""

from __future__ import annotations

import random
from typing import Any

from app.domain.cards import Card, Rank
from app.domain.commands import Command
from app.domain.kozly import PlayCard
from app.domain.kozly.deck import DECK, card_points, points, ranking
from app.domain.kozly.views import KozlyView
from app.domain.ranking import Ranking
from app.domain.view import TrickView, View

JACK_STRENGTH = {"JC": 9, "JS": 7, "JH": 5, "JD": 4}
"""What a jack is worth kept for a later trick, in card points (a guess)."""


class HeuristicBot:
    level = "heuristic"

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._deal_no: int | None = None
        self._seen: set[Card] = set()

    def choose(self, view: View[Any]) -> Command:
        plays = [a for a in view.legal_actions if isinstance(a, PlayCard)]
        if not plays:
            return self._rng.choice(view.legal_actions)  # the cut: any position will do
        self._remember(view)
        game: KozlyView = view.game
        assert game.trump_suit is not None
        order = ranking(game.trump_suit)
        table = _cards(view.trick)
        hand = [play.card for play in plays]
        unknown = set(DECK) - set(hand) - self._seen - set(table)
        card = _choose(order, hand, table, unknown)
        return next(play for play in plays if play.card == card)

    def _remember(self, view: View[Any]) -> None:
        if view.deal_no != self._deal_no:
            self._deal_no, self._seen = view.deal_no, set()
        self._seen.update(_cards(view.trick), _cards(view.last_trick))


def _cards(trick: TrickView | None) -> list[Card]:
    if trick is None:
        return []
    return [card for play in trick.plays for card in play.cards or ()]


def _strength(order: Ranking, card: Card) -> int:
    """What keeping `card` for later is worth: a jack much, a trump some, a plain card
    nothing."""
    if card.rank is Rank.JACK:
        return JACK_STRENGTH[card.code]
    if order.is_trump(card):
        return 1 + order.power(card) // 2
    return 0


def _wins(order: Ranking, table: list[Card], card: Card) -> bool:
    return order.winner([*table, card]) == len(table)


def _safe(order: Ranking, table: list[Card], card: Card, unknown: set[Card]) -> bool:
    """No card still out could take the trick from `card` (a later player's)."""
    if len(table) == 3:
        return True
    return not any(order.winner([*table, card, other]) == len(table) + 1 for other in unknown)


def _cheapest(order: Ranking, hand: list[Card]) -> Card:
    return min(hand, key=lambda c: (points(c) + _strength(order, c), order.power(c)))


def _choose(order: Ranking, hand: list[Card], table: list[Card], unknown: set[Card]) -> Card:
    if not table:
        cash = [c for c in hand if points(c) >= 10 and _safe(order, [], c, unknown)]
        return max(cash, key=points) if cash else _cheapest(order, hand)
    pot = card_points(table)
    takers = [c for c in hand if _wins(order, table, c) and _safe(order, table, c, unknown)]
    if takers:
        best = max(takers, key=lambda c: pot + points(c) - _strength(order, c))
        if pot + points(best) - _strength(order, best) > 0:
            return best
    return _cheapest(order, hand)
