"""The heuristic's answers before the play (C32-8, C32-13), on engine positions: the boast its
measured table (`BOAST_GAIN`) picks, «сдавай» otherwise; a lone trump offered, low or high; an
offer accepted by a partner with several trumps, refused by one without; the cheapest
non-trump given back."""

from __future__ import annotations

import random

import pytest

from app.bots.kozel32 import heuristic
from app.bots.kozel32.heuristic import ACCEPT_MIN_TRUMPS, BOAST_GAIN, HeuristicBot
from app.domain.commands import Command
from app.domain.kozel32 import GAME
from app.domain.kozel32.commands import (
    AcceptLastTrump,
    DealPlain,
    DeclareBoast,
    GiveCards,
    KeepLastTrump,
    OfferLastTrump,
    RefuseLastTrump,
)
from app.domain.kozel32.options import ALL_BOASTS, Boast
from app.domain.kozel32.state import Phase, State
from tests.domain.kozel32.helpers import actions, apply, before_kon, cards, plain_deal, shuffle


def _choice(state: State, seat: int) -> Command:
    command = HeuristicBot(random.Random(0)).choose(GAME.view_for(state, seat))
    assert command in actions(state, seat)
    return command


def _question(boasts: frozenset[str] | list[str]) -> State:
    state = shuffle(before_kon(2, leading_side=1, dealer=0, boasts=sorted(boasts)))
    assert state.phase is Phase.BOAST
    return state


def _paying(enabled: frozenset[str] | list[str]) -> Boast | None:
    """What the rule says: the enabled boast of highest measured gain whose interval is above
    zero."""
    paying = [b for b in Boast if b.value in enabled and BOAST_GAIN.get(b, (0, 0, 0))[1] > 0]
    return max(paying, key=lambda b: BOAST_GAIN[b][0]) if paying else None


def test_the_measured_table_names_only_boasts_with_an_interval() -> None:
    for boast, (mean, low, high) in BOAST_GAIN.items():
        assert isinstance(boast, Boast)
        assert low <= mean <= high


def test_the_heuristic_declares_the_boast_its_table_picks_when_enabled() -> None:
    best = _paying(ALL_BOASTS)
    state = _question(ALL_BOASTS)
    expected = DealPlain(1) if best is None else DeclareBoast(1, best)
    assert _choice(state, 1) == expected
    if best is not None:
        assert _choice(_question([best.value]), 3) == DeclareBoast(3, best)
        others = ALL_BOASTS - {best.value}
        after = _paying(others)
        expected = DealPlain(3) if after is None else DeclareBoast(3, after)
        assert _choice(_question(others), 3) == expected


def test_the_heuristic_picks_the_highest_paying_gain(monkeypatch: pytest.MonkeyPatch) -> None:
    table = {
        Boast.PANTS: (0.30, -0.02, 0.62),  # the highest mean, but not sure to pay
        Boast.STAR: (0.20, 0.05, 0.35),
        Boast.MIRROR: (0.10, 0.02, 0.18),
        Boast.SAD: (-0.40, -0.60, -0.20),
    }
    monkeypatch.setattr(heuristic, "BOAST_GAIN", table)
    assert _choice(_question(ALL_BOASTS), 1) == DeclareBoast(1, Boast.STAR)
    assert _choice(_question(["mirror", "pants", "sad"]), 1) == DeclareBoast(1, Boast.MIRROR)
    assert _choice(_question(["pants", "sad", "barrel"]), 3) == DealPlain(3)


def test_the_heuristic_deals_plain_when_no_boast_pays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(heuristic, "BOAST_GAIN", dict.fromkeys(Boast, (-0.1, -0.2, 0.0)))
    assert _choice(_question(ALL_BOASTS), 1) == DealPlain(1)


def test_the_heuristic_deals_plain_when_only_unpaying_boasts_are_enabled() -> None:
    unpaying = [b.value for b in Boast if BOAST_GAIN.get(b, (0, 0, 0))[1] <= 0]
    if not unpaying:
        pytest.skip("every boast pays")
    assert _choice(_question(unpaying), 1) == DealPlain(1)


LOW = [
    "9C AS 10S KS AH 10H KH AD",  # seat 0: one trump, 9♣
    "QC QS QH QD JC JS JH 7C",
    "7S 8S 9S JD AC 10C KD 7D",  # seat 2: three trumps, J♦ A♣ 10♣
    "10D KC 9D 8C 9H 8H 8D 7H",
]


def test_the_heuristic_offers_a_lone_low_trump_and_its_partner_with_trumps_accepts() -> None:
    state = plain_deal(LOW)
    assert GAME.to_act(state) == (0,)
    assert actions(state, 0) == (OfferLastTrump(0), KeepLastTrump(0))
    assert _choice(state, 0) == OfferLastTrump(0)
    state = apply(state, OfferLastTrump(0))[0]
    assert ACCEPT_MIN_TRUMPS <= 3
    assert _choice(state, 2) == AcceptLastTrump(2)
    state = apply(state, AcceptLastTrump(2))[0]
    give = _choice(state, 2)
    assert isinstance(give, GiveCards)
    (card,) = give.cards
    assert card in cards("7S 8S 9S 7D")  # a non-trump of no points


@pytest.mark.parametrize("high", ["7C", "QD"])
def test_the_heuristic_offers_the_shamok_or_a_queen_too(high: str) -> None:
    """Keeping a high lone trump measured worse than offering it (`ACCEPT_MIN_TRUMPS`)."""
    hands = [hand.split() for hand in LOW]
    holder = next(i for i, hand in enumerate(hands) if high in hand)
    hands[holder][hands[holder].index(high)] = "9C"
    hands[0][0] = high
    state = plain_deal([" ".join(hand) for hand in hands])
    assert 0 in GAME.to_act(state)
    assert actions(state, 0) == (OfferLastTrump(0), KeepLastTrump(0))
    assert _choice(state, 0) == OfferLastTrump(0)
    state = apply(state, OfferLastTrump(0))[0]
    assert _choice(state, 2) == AcceptLastTrump(2)  # the high trump joins three


def test_a_partner_with_few_trumps_refuses() -> None:
    state = plain_deal(
        [
            "9C AS 10S KS 8H 10H KH AD",  # seat 0: 9♣ alone
            "QC QS QH QD JC JS JH 7C",
            "7S 8S 9S AH 7H KD JD 7D",  # seat 2: J♦ alone (it may offer too)
            "AC 10C 10D KC 9D 8C 9H 8D",
        ]
    )
    assert GAME.to_act(state) == (0, 2)
    state = apply(state, OfferLastTrump(0))[0]
    assert actions(state, 2) == (AcceptLastTrump(2), RefuseLastTrump(2))
    assert _choice(state, 2) == RefuseLastTrump(2)
