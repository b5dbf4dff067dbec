"""C32-18: the star; worked example 18."""

from __future__ import annotations

from app.domain.cards import Suit
from app.domain.kozel32 import GAME
from app.domain.kozel32.commands import Cut, DeclareBoast, NameRounds, NameTrump
from app.domain.kozel32.events import PlayStarted
from app.domain.kozel32.options import Boast
from app.domain.kozel32.state import Phase, State, TrickKind
from tests.domain.kozel32.helpers import actions, after_cut, apply, before_kon, cards, shuffle

ROUND_2 = "KH 9C AH 10S"  # to seats 1, 2, 3, 0


def star(**options: object) -> State:
    deck = (*cards("7S 8S 9S 7H"), *cards(ROUND_2))
    from app.domain.kozel32.deck import DECK

    rest = tuple(c for c in DECK if c not in deck)
    return after_cut(
        deck + rest, dealer=0, boast=Boast.STAR, boaster=1, star_rounds=(2, 5, 6), **options
    )


def test_c32_18_the_boaster_names_the_open_rounds_before_the_cut() -> None:
    state = shuffle(before_kon(2, leading_side=1, dealer=0))
    state, _ = apply(state, DeclareBoast(1, Boast.STAR))
    assert state.phase is Phase.BOASTING
    assert len(actions(state, 1)) == 56
    state, _ = apply(state, NameRounds(1, (6, 2, 5)))  # any order
    assert state.kon is not None
    assert state.kon.star_rounds == (2, 5, 6)
    assert state.phase is Phase.CUT
    assert len(actions(shuffle(before_kon(2, star_open_rounds=4)), 0)) == 10
    state, _ = apply(state, Cut(3, 7))
    assert [t.kind for t in state.deal.tricks] == [TrickKind.DEAL_TIME] * 3


def test_example_18_an_open_round_is_a_deal_time_trick_with_permanent_trumps_only() -> None:
    state = star()
    assert state.deal is not None
    first = state.deal.tricks[0]
    assert [str(p.card) for p in first.plays] == ROUND_2.split()
    assert (first.leader, first.winner, first.points) == (1, 3, 25)
    assert [len(hand) for hand in state.deal.hands] == [5, 5, 5, 5]
    assert GAME.to_act(state) == (1,)
    assert actions(state, 1) == tuple(NameTrump(1, suit) for suit in Suit)
    last_winner = state.deal.tricks[-1].winner
    state, events = apply(state, NameTrump(1, Suit.HEARTS))
    assert events[-1] == PlayStarted(last_winner, None)


def test_example_18_without_naming_the_presets_trumps_count() -> None:
    state = star(boaster_names_trump=False)
    assert state.deal is not None
    assert state.deal.tricks[0].winner == 2
    assert state.phase is Phase.PLAY
