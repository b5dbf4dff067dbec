"""The heuristic bot of the 32-card Kozel: sensible choices from the seat's view alone.

It answers «сдавай», demands a redeal with a weak hand, keeps its last trump, takes tricks
worth taking and feeds its partner's, catches Q♣ with the шамок (`cardplay`); in a boast it
names its longest suit, lays its cheapest card and discards its loose points.
"""

from __future__ import annotations

import random
from collections import Counter

from app.bots.kozel32.cardplay import choose_card, read_table
from app.domain.cards import Card, Rank
from app.domain.commands import Command
from app.domain.kozel32.commands import (
    ChooseCard,
    ChooseLeader,
    Cut,
    DealPlain,
    DemandRedeal,
    Discard,
    GiveCards,
    KeepLastTrump,
    NameRounds,
    NameTrump,
    PlayBlind,
    PlayCard,
    RefuseLastTrump,
)
from app.domain.kozel32.deck import PRESET_SUIT, points, ranking
from app.domain.kozel32.views import Kozel32View
from app.domain.ranking import Ranking
from app.domain.view import View


class HeuristicBot:
    level = "heuristic"

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(self, view: View[Kozel32View]) -> Command:
        actions = view.legal_actions
        assert actions, "the bot is asked only when it has something to do"
        for answer in (DealPlain, DemandRedeal, KeepLastTrump, RefuseLastTrump):
            found = [a for a in actions if isinstance(a, answer)]
            if found:
                return found[0]
        first = actions[0]
        match first:
            case PlayCard():
                legal = [a.card for a in actions if isinstance(a, PlayCard)]
                card = choose_card(read_table(view), legal)
                return next(a for a in actions if isinstance(a, PlayCard) and a.card == card)
            case Cut() | PlayBlind() | NameRounds():
                return self._rng.choice(actions)
            case GiveCards():
                return min(
                    actions, key=lambda a: _value(view, a.cards) if isinstance(a, GiveCards) else 0
                )
            case Discard():
                return max(
                    actions, key=lambda a: _loose(view, a.cards) if isinstance(a, Discard) else 0
                )
            case ChooseCard():
                return min(
                    actions, key=lambda a: points(a.card) if isinstance(a, ChooseCard) else 0
                )
            case NameTrump():
                return _name_trump(view, actions)
            case ChooseLeader():
                return _leader(view, actions)
        return first


def _trumps(view: View[Kozel32View]) -> Ranking:
    return ranking(view.game.trump_preset, view.game.trump_suit)


def _value(view: View[Kozel32View], cards: tuple[Card, ...]) -> tuple[int, int]:
    trumps = _trumps(view)
    return (sum(trumps.is_trump(c) for c in cards), sum(points(c) for c in cards))


def _loose(view: View[Kozel32View], cards: tuple[Card, ...]) -> int:
    """Points that are safe in the discards rather than at risk in play: not aces, not
    trumps."""
    trumps = ranking(view.game.trump_preset, None)
    return sum(
        points(c) for c in cards if c.rank is not Rank.ACE and not trumps.is_trump(c)
    ) - 20 * sum(trumps.is_trump(c) or c.rank is Rank.ACE for c in cards)


def _name_trump(view: View[Kozel32View], actions: tuple[Command, ...]) -> Command:
    """The suit it holds most of (the permanent trumps aside), else the preset's."""
    permanent = ranking(view.game.trump_preset, None)
    counts = Counter(c.suit for c in view.hand or () if not permanent.is_trump(c))
    preset = PRESET_SUIT[view.game.trump_preset]
    names = [a for a in actions if isinstance(a, NameTrump) and a.suit is not None]
    return max(names, key=lambda a: (counts[a.suit], a.suit == preset))  # type: ignore[index]


def _leader(view: View[Kozel32View], actions: tuple[Command, ...]) -> Command:
    """Itself with three trumps or an ace to lead, else its partner."""
    trumps = _trumps(view)
    hand = view.hand or ()
    strong = sum(trumps.is_trump(c) for c in hand) >= 3 or any(
        c.rank is Rank.ACE and not trumps.is_trump(c) for c in hand
    )
    mine = [a for a in actions if isinstance(a, ChooseLeader) and (a.leader == a.seat) == strong]
    return mine[0] if mine else actions[0]
