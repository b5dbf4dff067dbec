"""C32-19: merry and sad; worked examples 28 and 29."""

from __future__ import annotations

import pytest

from app.domain.kozel32 import GAME
from app.domain.kozel32.commands import NameTrump, PlayCard
from app.domain.kozel32.deck import DECK
from app.domain.kozel32.options import Boast
from app.domain.kozel32.state import Phase, State
from tests.domain.kozel32.helpers import actions, after_cut, apply, cards

PART_1 = "7S 8S 9S  AS 10S KS  7H 8H 9H  AH 10H KH"
PART_2 = "QC QS JC  7D 8D 9D  AD 10D KD  AC 10C KC"


def deal(boast: Boast, **options: object) -> State:
    head = cards(PART_1) + cards(PART_2)
    return after_cut(
        head + tuple(c for c in DECK if c not in head), dealer=3, boast=boast, boaster=0, **options
    )


def play_part(state: State) -> tuple[State, list[int]]:
    """Play out a part, each seat its first legal card; the leaders of its tricks."""
    leaders = []
    assert state.deal is not None
    part = state.deal.part
    while state.phase is Phase.PLAY and state.deal.part == part:
        deal = state.deal
        seat = GAME.to_act(state)[0]
        if not deal.trick:
            leaders.append(seat)
        state, _ = apply(state, actions(state, seat)[0])
    return state, leaders


def test_c32_19_parts_are_dealt_three_at_once_from_the_boaster() -> None:
    state = deal(Boast.MERRY)
    assert state.deal is not None
    assert state.deal.hands == (
        cards("7S 8S 9S"),
        cards("AS 10S KS"),
        cards("7H 8H 9H"),
        cards("AH 10H KH"),
    )
    assert GAME.to_act(state) == (0,)
    assert len(actions(state, 0)) == 4  # part 1: a suit, no «бескозырка»


def test_example_28_no_trump_suit_at_part_2_with_queens_and_jacks_only() -> None:
    state = deal(Boast.MERRY)
    state, _ = apply(state, NameTrump(0, C_SUIT))
    state, _ = play_part(state)
    assert state.deal is not None
    assert state.deal.part == 2
    assert state.deal.hands[0] == cards("QC QS JC")
    assert NameTrump(0, None) in actions(state, 0)
    state, _ = apply(state, NameTrump(0, None))
    from app.domain.kozel32.table import trumps_of

    assert not trumps_of(state).is_trump(cards("AC")[0])  # clubs are plain now
    state, _ = play_part(state)
    assert state.deal is not None
    assert state.deal.part == 3
    assert state.deal.trump is None  # part 3 keeps part 2's choice
    assert state.phase is Phase.PLAY


@pytest.mark.parametrize(
    ("boast", "leads", "expected"),
    [
        (Boast.MERRY, "every_trick", [0, 0, 0]),
        (Boast.SAD, "every_trick", [1, 1, 1]),
    ],
)
def test_example_29_merry_and_sad_keep_their_leader(
    boast: Boast, leads: str, expected: list[int]
) -> None:
    state = deal(boast, merry_sad_leads=leads, boaster_names_trump=False)
    state, leaders = play_part(state)
    assert leaders == expected


def test_example_29_with_first_trick_the_winner_leads_inside_a_part() -> None:
    state = deal(Boast.MERRY, merry_sad_leads="first_trick", boaster_names_trump=False)
    state, _ = apply(state, PlayCard(0, cards("7S")[0]), PlayCard(1, cards("AS")[0]))
    for seat in (2, 3):
        state, _ = apply(state, actions(state, seat)[0])
    assert GAME.to_act(state) == (1,)  # seat 1 won trick 1 and leads trick 2


def test_c32_19_in_sad_the_boaster_plays_last() -> None:
    state = deal(Boast.SAD, boaster_names_trump=False)
    assert GAME.to_act(state) == (1,)
    for seat in (1, 2, 3):
        state, _ = apply(state, actions(state, seat)[0])
    assert GAME.to_act(state) == (0,)


C_SUIT = cards("AC")[0].suit
