"""The heuristic bot of the 32-card Kozel: sensible choices from the seat's view alone.

It declares the boast that measured best (`BOAST_GAIN`) when the table enables one that pays,
else answers «сдавай»; demands a redeal with a weak hand; offers its last trump, and accepts
a partner's only with several trumps of its own, giving back its cheapest non-trumps; takes
tricks worth taking and feeds its partner's, catches Q♣ with the шамок (`cardplay`); in a
boast it names its longest suit, lays its cheapest card and discards its loose points.
"""

from __future__ import annotations

import random
from collections import Counter

from app.bots.kozel32.cardplay import choose_card, read_table
from app.domain.cards import Card, Rank
from app.domain.commands import Command
from app.domain.kozel32.commands import (
    AcceptLastTrump,
    ChooseCard,
    ChooseLeader,
    Cut,
    DealPlain,
    DeclareBoast,
    DemandRedeal,
    Discard,
    GiveCards,
    KeepLastTrump,
    NameRounds,
    NameTrump,
    OfferLastTrump,
    PassRedeal,
    PlayBlind,
    PlayCard,
    RefuseLastTrump,
)
from app.domain.kozel32.deck import PRESET_SUIT, points, ranking
from app.domain.kozel32.options import Boast
from app.domain.kozel32.views import Kozel32View
from app.domain.ranking import Ranking
from app.domain.view import View

BOAST_GAIN: dict[Boast, tuple[float, float, float]] = {
    Boast.PANTS: (0.059, -0.010, 0.128),
    Boast.DOUBLE_PANTS: (0.035, -0.031, 0.101),
    Boast.MIRROR: (0.214, 0.144, 0.283),
    Boast.STAR: (0.144, 0.087, 0.200),
    Boast.MERRY: (0.359, 0.289, 0.428),
    Boast.SAD: (0.105, 0.036, 0.175),
    Boast.SMALL_COFFINS: (0.545, 0.478, 0.612),
    Boast.BIG_COFFINS: (0.345, 0.268, 0.422),
    Boast.BARREL: (0.260, 0.191, 0.330),
}
"""C32-8: each boast's gain for the leading team over «сдавай», in pairs per кон (mean, 95 %
interval), measured on 2026-12-03 by `python -m bench.kozel32_boasts boasts --kons 3000`: 3,000
duplicate deals 2 (after a random deal 1) of heuristic bots in every seat, at the default table
(`shamok`, the boaster names the trump), the bot's last-trump rule then offering only trumps
below the queens. It is what a boast is worth to a bot that plays it as this one does, at that
table, not a law of the game; nothing of the board is in it."""

ACCEPT_MIN_TRUMPS = 3
"""C32-13: the partner accepts an offer when he holds at least this many trumps. Measured on
2026-12-03 by `python -m bench.kozel32_boasts exchange --a any:3 --b never:never --pairs
4000` (duplicate deals 1, the rule of one team against never offering, the rest of the bot
the same): offering every lone trump and accepting with 3 or more, +0.030 pairs per deal
(+0.023 .. +0.038); accepting with 1, 2 or 4 or more: +0.030, +0.030, +0.024; offering only
trumps below the queens (keeping the шамок and the queens): +0.010 (+0.005 .. +0.016), and
0.020 (+0.015 .. +0.025) below offering them all; keeping the шамок alone: 0.002 below."""


class HeuristicBot:
    level = "heuristic"

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(self, view: View[Kozel32View]) -> Command:
        actions = view.legal_actions
        assert actions, "the bot is asked only when it has something to do"
        first = actions[0]
        match first:
            case DealPlain() | DeclareBoast():
                return self.boast_answer(actions)
            case DemandRedeal() | PassRedeal():  # C32-11: a weak hand always demands
                return next(a for a in actions if isinstance(a, DemandRedeal))
            case OfferLastTrump() | KeepLastTrump():
                return self.offer_answer(view, actions)
            case AcceptLastTrump() | RefuseLastTrump():
                return self.accept_answer(view, actions)
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

    def boast_answer(self, actions: tuple[Command, ...]) -> Command:
        """C32-8: the enabled boast whose measured gain (`BOAST_GAIN`) is highest, if its
        confidence interval is above zero; else «сдавай»."""
        paying = [
            a
            for a in actions
            if isinstance(a, DeclareBoast) and a.name in BOAST_GAIN and BOAST_GAIN[a.name][1] > 0
        ]
        if paying:
            return max(paying, key=lambda a: BOAST_GAIN[a.name][0])
        return next(a for a in actions if isinstance(a, DealPlain))

    def offer_answer(self, view: View[Kozel32View], actions: tuple[Command, ...]) -> Command:
        """C32-13: always offer: a lone trump does more in a partner's long trumps (who
        refuses when his are short, `accept_answer`) than alone, even the шамок or a queen
        (keeping those measured worse, `ACCEPT_MIN_TRUMPS`)."""
        return next(a for a in actions if isinstance(a, OfferLastTrump))

    def accept_answer(self, view: View[Kozel32View], actions: tuple[Command, ...]) -> Command:
        """C32-13: accept when the trumps gather in a hand that has several already."""
        trumps = _trumps(view)
        count = sum(trumps.is_trump(c) for c in view.hand or ())
        kind = AcceptLastTrump if count >= ACCEPT_MIN_TRUMPS else RefuseLastTrump
        return next(a for a in actions if isinstance(a, kind))


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
