"""C32-21: the barrel; worked example 20."""

from __future__ import annotations

import pytest

from app.domain.kozel32 import GAME
from app.domain.kozel32.boasts.barrel import put_out_choices
from app.domain.kozel32.commands import ChooseCard
from app.domain.kozel32.deck import DECK, preset_ranking
from app.domain.kozel32.events import BatchKept, CardPutOut
from app.domain.kozel32.options import Boast
from app.domain.kozel32.state import Phase, TrickKind
from tests.domain.kozel32.helpers import C, actions, after_cut, apply, cards

TRUMPS = preset_ranking("shamok")


@pytest.mark.parametrize(
    ("new", "expected"),
    [("AS 9H QD", "9H"), ("AS QD JH", "AS"), ("QD JH 10C", "8C"), ("AS 9H 8S", "9H 8S")],
)
def test_example_20_what_may_lie_open_in_place_of_an_open_trump(new: str, expected: str) -> None:
    assert put_out_choices(cards(new), C("8C"), TRUMPS) == cards(expected)


def test_example_20_through_the_deal() -> None:
    # boaster seat 1: new cards AS 9H 8S, open 8C (a trump): he chooses 9H or 8S
    head = cards("AS 9H 8S 8C")
    deck = head + tuple(c for c in DECK if c not in head)
    state = after_cut(deck, dealer=0, boast=Boast.BARREL, boaster=1)
    assert GAME.to_act(state) == (1,)
    assert actions(state, 1) == (ChooseCard(1, C("9H")), ChooseCard(1, C("8S")))
    state, events = apply(state, ChooseCard(1, C("8S")))
    assert events[:2] == [CardPutOut(1, C("8S")), BatchKept(1)]
    assert state.deal is not None
    assert set(state.deal.hands[1][:3]) == set(cards("AS 9H 8C"))
    assert state.deal.tricks[0].plays[0].card == C("8S")
    assert all(C("8C") in GAME.revealed_to(state, s) for s in (0, 2, 3))


def test_example_20_an_open_plain_card_stays() -> None:
    head = cards("AS 9H 8S KH")
    deck = head + tuple(c for c in DECK if c not in head)
    state = after_cut(deck, dealer=0, boast=Boast.BARREL, boaster=1)
    assert state.deal is not None
    assert state.deal.trick[0].card == C("KH")


def test_c32_21_two_circles_leave_six_cards_and_the_last_winner_leads() -> None:
    state = after_cut(DECK, dealer=0, boast=Boast.BARREL, boaster=1)
    while state.phase is Phase.BOASTING:
        seat = GAME.to_act(state)[0]
        state, _ = apply(state, actions(state, seat)[0])
    assert state.deal is not None
    assert [t.kind for t in state.deal.tricks] == [TrickKind.DEAL_TIME] * 2
    assert state.deal.tricks[0].leader == 1
    assert [len(h) for h in state.deal.hands] == [6, 6, 6, 6]
    assert GAME.to_act(state) == (state.deal.tricks[-1].winner,)
