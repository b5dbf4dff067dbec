"""B-9 … B-14: leading, beating or discarding, taking the trick, drawing, the end of the
stock, what players see. Trump is diamonds and there are 2 players unless stated otherwise."""

from __future__ import annotations

import pytest

from app.domain.bura import GAME
from app.domain.bura.commands import Beat, Discard, Lead
from app.domain.bura.options import Options
from app.domain.errors import IllegalAction, NotYourTurn
from app.domain.multitrick.events import CardsDiscarded, CardsDrawn, DealScored, TrickTaken
from app.domain.view import Face
from tests.domain.bura.helpers import C, cards, play, position

STOCK = "6H 7H 8H 9H JH QH KH 6C 7C 8C 9C 10C JC QC KC AC 10S 9S 8S 7S 6S 7D 9D JD QD KD AD"


def beats_of(state, seat):  # type: ignore[no-untyped-def]
    return {a.cards for a in GAME.legal_actions(state, seat) if isinstance(a, Beat)}


def discards_of(state, seat):  # type: ignore[no-untyped-def]
    return {a.cards for a in GAME.legal_actions(state, seat) if isinstance(a, Discard)}


def leads_of(state, seat):  # type: ignore[no-untyped-def]
    return {a.cards for a in GAME.legal_actions(state, seat) if isinstance(a, Lead)}


def test_b_9_a_lead_is_any_set_of_one_suit_example_16() -> None:
    state = position(["AS AH AC 6D", "KS QS JS 9S"], stock=STOCK)
    assert leads_of(state, 0) == {cards(c) for c in ("AS", "AH", "AC", "6D")}
    for mixed in ("AS AH", "AS AH AC"):
        with pytest.raises(IllegalAction, match="B-9"):
            GAME.decide(state, Lead(0, cards(mixed)))
    ranked = position(["AS AH AC 6D", "KS QS JS 9S"], stock=STOCK, options=Options(rank_leads=True))
    assert cards("AS AH") in leads_of(ranked, 0)
    assert cards("AS AH AC") in leads_of(ranked, 0)
    trumps = position(["6D 9D AS KS", "10S QS JS 9S"], stock=STOCK)
    assert cards("6D 9D") in leads_of(trumps, 0)


def test_b_10_two_card_lead_example_2() -> None:
    state = position(["KS 9S 8C 7C", "AS 6D 7D QS"], stock=STOCK)
    state, _ = play(state, Lead(0, cards("KS 9S")))
    assert len(beats_of(state, 1)) == 6  # QS takes 9S, AS, 6D, 7D take either
    state = position(["KS 9S 8C 7C", "QS JS 8S 6H"], stock=STOCK)
    state, _ = play(state, Lead(0, cards("KS 9S")))
    assert beats_of(state, 1) == set()
    assert len(discards_of(state, 1)) == 6
    with pytest.raises(IllegalAction, match="does not beat the top set K♠ 9♠"):
        GAME.decide(state, Beat(1, cards("QS JS")))


def test_b_10_three_players_beat_the_top_set_example_12() -> None:
    state = position(["KH 7S 8S 9S", "AH 6C 7C 8C", "10H 6D 9C JS"], stock=STOCK[:-12])
    state, _ = play(state, Lead(0, cards("KH")), Beat(1, cards("AH")))
    assert beats_of(state, 2) == {cards("6D")}
    assert len(discards_of(state, 2)) == 4
    state, events = play(state, Beat(2, cards("6D")))
    assert TrickTaken(2) in events
    assert state.running.board.pile_points((2,)) == 15


def test_b_10_open_discards_go_face_up() -> None:
    hands = ["KS 9S 8C 7C", "AS 6D 7D QS"]
    state = position(hands, stock=STOCK, options=Options(open_discards=True))
    state, _ = play(state, Lead(0, cards("KS 9S")))
    _, events = play(state, Discard(1, cards("7D QS")))
    discarded = events[0]
    assert isinstance(discarded, CardsDiscarded)
    assert discarded.face_up
    assert discarded.payload_for(0) == discarded.payload()
    closed = position(hands, stock=STOCK)
    closed, _ = play(closed, Lead(0, cards("KS 9S")))
    closed, events = play(closed, Discard(1, cards("7D QS")))
    assert events[0].payload_for(0) == {"seat": 1, "count": 2, "face_up": False}


def test_b_11_the_owner_of_the_top_set_takes_all_and_leads() -> None:
    state = position(["KS 9S 8C 7C", "AS 6D 7D QS"], stock=STOCK)
    state, events = play(state, Lead(0, cards("KS 9S")), Beat(1, cards("AS 6D")))
    assert events[1] == TrickTaken(1)
    assert state.running.board.pile_points((1,)) == 4 + 11
    assert GAME.to_act(state) == (1,)
    drawn = events[2]
    assert isinstance(drawn, CardsDrawn)
    assert [d.seat for d in drawn.draws] == [1, 0, 1, 0]


def test_b_12_a_short_stock_is_shared_equally() -> None:
    stock = "6H 7H 8H 9H JH QH KH 6C 7C 8C 9C 10C JC QC KC AC 10S 9S 8S 7S"  # 20 + trump
    hands = ["AS KS 7D 9D", "6S 8S JS QS", "6D JD QD KD"]
    state = position(hands, stock=stock, leader=0)
    assert len(state.running.board.stock) == 21
    state, events = play(
        state, Lead(0, cards("AS KS")), Discard(1, cards("6S 8S")), Discard(2, cards("6D JD"))
    )
    drawn = events[-1]
    assert isinstance(drawn, CardsDrawn)
    assert [d.seat for d in drawn.draws] == [0, 1, 2, 0, 1, 2]


def test_b_13_the_deal_ends_when_the_stock_and_the_hands_are_empty() -> None:
    state = position(["6C 7C", "8C 9C"], trump="6D", stock="7D")  # 7D, then the trump card
    state, events = play(state, Lead(0, cards("6C 7C")), Discard(1, cards("8C 9C")))
    assert isinstance(events[-1], CardsDrawn)
    assert state.running.board.hand_sizes == (1, 1)
    state, _ = play(state, Lead(0, state.running.board.hands[0]))
    state, events = play(state, Discard(1, state.running.board.hands[1]))
    assert isinstance(events[-1], DealScored)
    assert not GAME.deal_running(state)


def test_b_14_discards_piles_and_the_turned_card_in_the_views() -> None:
    state = position(["KS 9S 8C 7C", "AS 6D 7D QS", "10H JH 6C 9C"], stock=STOCK[:-12])
    state, _ = play(state, Lead(0, cards("KS 9S")), Discard(1, cards("7D QS")))
    for viewer in (0, 2, None):
        seen = GAME.view_for(state, viewer).trick.plays[1]  # type: ignore[union-attr]
        assert (seen.cards, seen.count, seen.face) == (None, 2, Face.DOWN)
    assert GAME.view_for(state, 1).trick.plays[1].cards == cards("7D QS")  # type: ignore[union-attr]
    view = GAME.view_for(state, 2)
    assert view.stock is not None
    assert view.stock.trump_card == C("8D")
    assert "points" not in str(view.game)
    with pytest.raises(NotYourTurn):
        GAME.decide(state, Discard(0, cards("8C 7C")))
