"""C32-20: small and big coffins; worked example 19."""

from __future__ import annotations

import pytest

from app.domain.kozel32 import GAME
from app.domain.kozel32.commands import NameTrump
from app.domain.kozel32.deck import DECK
from app.domain.kozel32.events import CoffinDealt, TrickTaken
from app.domain.kozel32.options import Boast
from app.domain.kozel32.state import Phase, State, TrickKind
from tests.domain.cardscan import whereabouts
from tests.domain.kozel32.cards_seen import cards_in
from tests.domain.kozel32.helpers import actions, after_cut, apply, cards


def small(pair: str, **options: object) -> State:
    """Small coffins, boaster seat 1 (team 1), whose first coffin's face-up pair is `pair`."""
    head = (*cards("7S 8S 9S 7H 8H 9H 7D 8D 9D AS"), *cards(pair))
    deck = head + tuple(c for c in DECK if c not in head)
    return after_cut(deck, dealer=0, boast=Boast.SMALL_COFFINS, boaster=1, **options)


@pytest.mark.parametrize(
    ("pair", "options", "winner_team"),
    [
        ("KS AH", {}, 1),
        ("KS JD", {}, 0),
        ("KS 8C", {}, 1),
        ("KS 8C", {"boaster_names_trump": False}, 0),
        ("KS 8C", {"boaster_names_trump": False, "trump_preset": "diamonds"}, 1),
    ],
)
def test_example_19_the_face_up_pair_decides_the_coffin(
    pair: str, options: dict[str, object], winner_team: int
) -> None:
    state = small(pair, **options)
    assert state.deal is not None
    coffin = state.deal.tricks[0]
    assert coffin.kind is TrickKind.COFFIN
    assert len(coffin.plays) == 12
    assert coffin.winner % 2 == winner_team


def test_c32_20_small_coffins_leave_two_cards_each_and_the_boaster_leads() -> None:
    state = small("KS AH")
    assert state.deal is not None
    assert [len(h) for h in state.deal.hands] == [2, 2, 2, 2]
    assert len(state.deal.tricks) == 2
    state, _ = apply(state, NameTrump(1, cards("AH")[0].suit))
    assert state.phase is Phase.PLAY
    assert GAME.to_act(state) == (1,)


def test_c32_20_big_coffins_are_one_coffin_of_24() -> None:
    state = after_cut(DECK, dealer=0, boast=Boast.BIG_COFFINS, boaster=2)
    assert state.deal is not None
    assert [len(t.plays) for t in state.deal.tricks] == [24]
    assert [len(h) for h in state.deal.hands] == [2, 2, 2, 2]


def test_c32_20_a_coffins_face_down_cards_are_seen_by_nobody_until_the_kon_ends() -> None:
    state = small("KS AH")
    hidden = set(map(str, cards("7S 8S 9S 7H 8H 9H 7D 8D 9D AS")))
    for viewer in (0, 1, 2, 3, None):
        assert not cards_in(whereabouts(GAME.view_for(state, viewer))) & hidden
    dealt = CoffinDealt(state.deal.tricks[0].plays)
    assert cards_in(dealt.payload_for(1)) == {"KS", "AH"}
    taken = TrickTaken(TrickKind.COFFIN, 1, state.deal.tricks[0].plays, 1, 40)
    assert (taken.payload_for(2) or {})["points"] is None
    state, _ = apply(state, NameTrump(1, cards("AH")[0].suit))
    while state.phase is Phase.PLAY:
        seat = GAME.to_act(state)[0]
        state, _events = apply(state, actions(state, seat)[0])
    assert state.last_deal is not None
    assert hidden <= cards_in(GAME.view_for(state, 0).game.tricks)
