"""K4-11 … K4-17: leading, beating or discarding, taking the trick, the молодка, drawing, the
end of the stock, what players see. Trump is hearts unless stated otherwise."""

from __future__ import annotations

import pytest

from app.domain.cards import parse_cards
from app.domain.errors import IllegalAction, NotYourTurn
from app.domain.kozel4 import GAME
from app.domain.kozel4.commands import Beat, Claim, Discard, Lead
from app.domain.kozel4.events import MolodkaClaimed
from app.domain.kozel4.options import Options
from app.domain.multitrick.board import Draw
from app.domain.multitrick.events import CardsDiscarded, CardsDrawn, CardsLed, TrickTaken
from app.domain.view import Face, StockView
from tests.domain.kozel4.helpers import C, cards, play, position

STOCK = "QH JH 10H 9H 8D 7D 6D AC KC QC JC 10C 9C 8C AD KD QD JD 10D 9D"


def beats_of(state, seat):  # type: ignore[no-untyped-def]
    return {a.cards for a in GAME.legal_actions(state, seat) if isinstance(a, Beat)}


def discards_of(state, seat):  # type: ignore[no-untyped-def]
    return {a.cards for a in GAME.legal_actions(state, seat) if isinstance(a, Discard)}


def test_k4_11_a_lead_is_any_set_of_one_suit_example_6() -> None:
    state = position(["QS JS 6S KH", "7C 8C 9C 6D", "AS 10S 8S 7S", "6C JD 9D 6H"])
    leads = {a.cards for a in GAME.legal_actions(state, 0) if isinstance(a, Lead)}
    assert cards("QS JS 6S") in leads
    assert len(leads) == 7 + 1  # the 7 non-empty sets of three spades, and KH
    state2, [led] = play(state, Lead(0, parse_cards("6S QS JS")))  # any order: one set
    assert led == CardsLed(0, cards("QS JS 6S"))
    with pytest.raises(IllegalAction, match=r"one suit.*K4-11"):
        GAME.decide(state, Lead(0, cards("QS KH")))
    assert state2.running.board.trick.size == 3


def test_k4_11_rank_leads_allow_two_or_more_cards_of_one_rank() -> None:
    hands = ["KS KH 9S 6C", "7C 8C 9C 6D", "AS 10S 8S 7S", "JC JD 9D 6H"]
    with pytest.raises(IllegalAction):
        GAME.decide(position(hands), Lead(0, cards("KS KH")))
    state = position(hands, options=Options(rank_leads=True))
    assert Lead(0, cards("KS KH")) in GAME.legal_actions(state, 0)
    state, _ = play(state, Lead(0, cards("KS KH")))
    assert state.running.board.trick.size == 2
    # Example 6: top set 10S 10D, hand AS 6H 7C 9D: the only beat is {AS, 6H}.
    state = position(
        ["10S 10D 7H 8H", "AS 6H 7C 9D", "KS QS JS 8S", "JC JD 9H 6D"],
        options=Options(rank_leads=True),
    )
    state, _ = play(state, Lead(0, cards("10S 10D")))
    assert beats_of(state, 1) == {cards("AS 6H")}


def test_k4_12_a_beat_pairs_each_card_with_a_top_card_it_beats_example_2() -> None:
    state = position(["KS 9S 8C 7C", "AS 10S 6H 7D", "QS JS 8S 7S", "JC JD 9D 6D"], stock=STOCK)
    state, _ = play(state, Lead(0, cards("KS 9S")))
    assert beats_of(state, 1) == {cards(c) for c in ("AS 10S", "AS 6H", "10S 6H")}
    assert len(discards_of(state, 1)) == 6  # any two of the four
    with pytest.raises(IllegalAction, match=r"does not beat the top set K♠ 9♠.*K4-12"):
        GAME.decide(state, Beat(1, cards("AS 7D")))  # never turned into a discard
    with pytest.raises(IllegalAction, match="exactly 2"):
        GAME.decide(state, Discard(1, cards("7D")))
    with pytest.raises(NotYourTurn):
        GAME.decide(state, Discard(2, cards("QS JS")))


def test_k4_12_each_response_is_measured_against_the_top_set_example_3() -> None:
    hands = ["KS 9S 8C 7C", "AS 6H 7D 6D", "7H 8H QS AD", "10D JC 9D 8D"]
    state = position(hands, stock=STOCK)
    state, _ = play(state, Lead(0, cards("KS 9S")), Beat(1, cards("AS 6H")))
    assert beats_of(state, 2) == {cards("7H 8H")}
    assert cards("QS 7H") in discards_of(state, 2)
    with pytest.raises(IllegalAction, match="top set A♠ 6♥"):
        GAME.decide(state, Beat(2, cards("7H QS")))


def test_k4_12_passing_although_able_to_beat_example_5() -> None:
    hands = ["AD 7C 8C 9C", "6S 7D 8D 9D", "KH 10S 6C 6D", "7S JC QC KC"]
    state = position(hands, stock=STOCK)
    state, _ = play(state, Lead(0, cards("AD")), Discard(1, cards("6S")))
    assert cards("KH") in beats_of(state, 2)
    state, events = play(state, Discard(2, cards("10S")), Discard(3, cards("7S")))
    assert TrickTaken(0) in events
    assert state.running.board.piles[0] == cards("AD 6S 10S 7S")
    assert state.running.board.pile_points((0, 2)) == 21


def test_k4_12_a_player_may_beat_his_partners_set() -> None:
    hands = ["KS 9S 8C 7C", "6C 7D 8D 9D", "AS 10S QH JH", "10D JC 9C 8S"]
    state = position(hands, stock=STOCK)
    state, _ = play(state, Lead(0, cards("KS 9S")), Discard(1, cards("6C 7D")))
    assert cards("AS 10S") in beats_of(state, 2)


def test_k4_13_the_owner_of_the_top_set_takes_all_cards_example_4() -> None:
    hands = ["KS 9S 8C 7C", "AS 6H 7D 6D", "7H 8H QS AD", "10D JC 9D 8D"]
    state = position(hands, stock=STOCK)
    state, events = play(
        state,
        Lead(0, cards("KS 9S")),
        Beat(1, cards("AS 6H")),
        Beat(2, cards("7H 8H")),
        Discard(3, cards("10D JC")),
    )
    assert events[1] == TrickTaken(2)
    board = state.running.board
    assert board.pile_points((2,)) == 27
    assert board.pile_points((0, 2)) == 27
    assert len(board.piles[2]) == 8
    drawn = next(e for e in events if isinstance(e, CardsDrawn))
    assert drawn.draws[0].seat == 2  # the winner draws first
    assert GAME.to_act(state) == (2,)  # and leads next


def test_k4_12_the_view_names_which_card_of_a_beat_covers_which_example_4() -> None:
    """The view's `covers`: for each beat, every card paired with one card of the set it
    beat, each beating it (K4-3); for the last trick too, until the next lead."""
    hands = ["KS 9S 8C 7C", "AS 6H 7D 6D", "7H 8H QS AD", "10D JC 9D 8D"]
    state = position(hands, stock=STOCK)
    state, _ = play(state, Lead(0, cards("KS 9S")), Beat(1, cards("AS 6H")))
    ranking = state.running.ranking
    assert GAME.view_for(state, 3).game.covers == GAME.view_for(state, None).game.covers
    state, _ = play(state, Beat(2, cards("7H 8H")))
    covers = GAME.view_for(state, 3).game.covers
    tops = {1: cards("KS 9S"), 2: cards("AS 6H")}
    for seat, top in tops.items():
        mine = [c for c in covers if c.seat == seat]
        assert sorted(str(c.covers) for c in mine) == sorted(map(str, top))
        assert all(ranking.beats(c.card, c.covers) for c in mine)
    assert {c.card for c in covers if c.seat == 2} == set(cards("7H 8H"))
    assert next(c.card for c in covers if c.covers == C("6H")) in cards("7H 8H")
    state, _ = play(state, Discard(3, cards("10D JC")))
    view = GAME.view_for(state, 0)
    assert view.last_trick is not None
    assert view.game.covers == covers  # the taken trick stays on view with its pairing
    state, _ = play(state, Lead(2, state.running.board.hands[2][:1]))
    assert GAME.view_for(state, 0).game.covers == ()


MOLODKA_HANDS = ["AS 10S QS 8H", "10D KC QC 9C", "6C JD 9D 6D", "7S 9S JS KS"]


def test_k4_14_a_molodka_claim_returns_the_played_cards_example_7() -> None:
    state = position(MOLODKA_HANDS, stock=STOCK, dealer=1)
    state, _ = play(state, Lead(1, cards("10D")), Discard(2, cards("6C")))
    assert Claim(3, cards("7S 9S JS KS")) in GAME.legal_actions(state, 3)
    assert GAME.to_act(state) == (3,)
    state, events = play(state, Claim(3, parse_cards("7S KS JS 9S")))
    assert events == [MolodkaClaimed(3, cards("KS JS 9S 7S")), CardsLed(3, cards("KS JS 9S 7S"))]
    board = state.running.board
    assert C("10D") in board.hands[1]
    assert C("6C") in board.hands[2]
    assert GAME.to_act(state) == (0,)  # the others respond clockwise from the claimant
    # K4-17: the returned face-down card stays hidden.
    assert all("6C" not in str(e.payload_for(0)) for e in events)
    assert C("6C") not in GAME.revealed_to(state, 0)
    assert C("10D") in GAME.revealed_to(state, 0)
    # Seat 0 may beat with all four: AS→KS, 10S→JS, QS→9S, 8H→7S.
    assert cards("AS 10S QS 8H") in beats_of(state, 0)
    state, _ = play(state, Beat(0, cards("AS 10S QS 8H")))
    assert GAME.to_act(state) == (1,)  # the former leader responds too


def test_k4_14_claim_priority_by_distance_from_the_original_leader_example_8() -> None:
    hands = ["6C 7C 8C 9C", "6S 7S 8S 9S", "6D 7D 8D 9D", "6H 7H 8H 9H"]
    state = position(hands, stock=STOCK, dealer=1)
    # Seat 3 claims first; seat 2 (nearer) overrides; seat 0 is then refused.
    after, _ = play(state, Claim(3, cards("6H 7H 8H 9H")), Claim(2, cards("6D 7D 8D 9D")))
    assert set(after.running.board.hands[3]) == set(cards("6H 7H 8H 9H"))
    assert after.running.claimant == 2
    with pytest.raises(IllegalAction, match=r"nearer the original leader, seat 1.*K4-14"):
        GAME.decide(after, Claim(0, cards("6C 7C 8C 9C")))
    assert Claim(1, cards("6S 7S 8S 9S")) in GAME.legal_actions(after, 1)  # d = 0
    # A molodka led in turn is a claim at d = 0: every other claim is refused.
    led, events = play(state, Lead(1, cards("6S 7S 8S 9S")))
    assert isinstance(events[0], MolodkaClaimed)
    assert all(not isinstance(a, Claim) for s in range(4) for a in GAME.legal_actions(led, s))
    # Four claims in one trick.
    state, _ = play(
        state,
        Lead(1, cards("6S")),
        Claim(0, cards("6C 7C 8C 9C")),
        Claim(3, cards("6H 7H 8H 9H")),
        Claim(2, cards("6D 7D 8D 9D")),
        Claim(1, cards("6S 7S 8S 9S")),
    )
    assert state.running.board.trick.plays[0].cards == cards("6S 7S 8S 9S")
    assert GAME.to_act(state) == (2,)
    assert not any(isinstance(a, Claim) for s in range(4) for a in GAME.legal_actions(state, s))


def test_k4_14_no_claim_once_played_and_four_of_a_rank_is_no_molodka() -> None:
    hands = ["6C 7C 8C 9C", "AS AH AD AC", "6D 7D 8D 9D", "6H 7H 8H 9H"]
    state = position(hands, stock=STOCK, options=Options(rank_leads=True))
    assert not any(isinstance(a, Claim) for a in GAME.legal_actions(state, 1))
    state, _ = play(state, Lead(0, cards("6C")), Discard(1, cards("AS")))
    assert not any(isinstance(a, Claim) for a in GAME.legal_actions(state, 1))
    with pytest.raises(IllegalAction, match="K4-14"):
        GAME.decide(state, Claim(1, cards("AH AD AC")))
    # The leader and his lead of the molodka are one move: both are offered.
    start = position(hands, stock=STOCK)
    actions = GAME.legal_actions(start, 0)
    assert Claim(0, cards("6C 7C 8C 9C")) in actions
    assert Lead(0, cards("6C 7C 8C 9C")) in actions


def test_k4_15_drawing_goes_round_from_the_winner_example_9() -> None:
    stock = "QD QH KH AC JD QC 10H AS 10D 10S KS QS JS 9S JH 8H 7H 6H AD 9D"
    hands = ["AH 6C 7C 8C", "6D 7D 8D 9C", "6S 7S 8S KD", "10C JC KC 9H"]
    state = position(hands, stock=stock, dealer=2)
    state, events = play(
        state,
        Lead(2, cards("6S 7S 8S")),
        Discard(3, cards("10C JC KC")),
        Discard(0, cards("6C 7C 8C")),
        Discard(1, cards("6D 7D 8D")),
    )
    drawn = next(e for e in events if isinstance(e, CardsDrawn))
    assert [d.seat for d in drawn.draws] == [2, 3, 0, 1] * 3
    assert len(state.running.board.stock) == 8
    state, events = play(
        state,
        Lead(2, cards("KD QD JD")),
        Discard(3, cards("9H QH QC")),
        Beat(0, cards("AH KH 10H")),
        Discard(1, cards("9C AC AS")),
    )
    drawn = next(e for e in events if isinstance(e, CardsDrawn))
    assert [d.seat for d in drawn.draws] == [0, 1, 2, 3] * 2
    board = state.running.board
    assert board.stock == ()
    assert board.hand_sizes == (3, 3, 3, 3)
    leads = [a for a in GAME.legal_actions(state, 0) if isinstance(a, Lead)]
    assert leads
    assert max(len(a.cards) for a in leads) <= 3
    assert not any(isinstance(a, Claim) for s in range(4) for a in GAME.legal_actions(state, s))


def test_k4_16_the_deal_ends_after_the_trick_that_empties_every_hand() -> None:
    state = position(["6C", "7C", "8C", "9C"], dealer=0)
    state, events = play(
        state, Lead(0, cards("6C")), Discard(1, cards("7C")), Discard(2, cards("8C"))
    )
    assert GAME.deal_running(state)
    state, events = play(state, Discard(3, cards("9C")))
    assert not GAME.deal_running(state)
    assert events[0].TYPE == "cards_discarded"
    assert events[1] == TrickTaken(0)
    assert events[2].TYPE == "deal_scored"
    assert state.series.next_leader == 0  # the last-trick winner of K4-9


def test_k4_17_a_discard_shows_its_count_and_the_last_trick_stays_until_the_next_lead() -> None:
    hands = ["KS 9S 8C 7C", "AS 6H 7D 6D", "7H 8H QS AD", "10D JC 9D 8D"]
    state = position(hands, stock=STOCK)
    state, events = play(state, Lead(0, cards("KS 9S")), Discard(1, cards("7D 6D")))
    discard = events[0]
    assert isinstance(discard, CardsDiscarded)
    assert discard.payload_for(2) == {"seat": 1, "count": 2, "face_up": False}
    assert discard.payload_for(1) == discard.payload()
    for viewer in (0, 2, 3, None):
        play_view = GAME.view_for(state, viewer).trick.plays[1]  # type: ignore[union-attr]
        assert (play_view.cards, play_view.count, play_view.face) == (None, 2, Face.DOWN)
    own = GAME.view_for(state, 1).trick.plays[1]  # type: ignore[union-attr]
    assert set(own.cards or ()) == set(cards("7D 6D"))
    state, _ = play(state, Discard(2, cards("QS AD")), Discard(3, cards("10D JC")))
    view = GAME.view_for(state, 3)
    assert view.trick is not None
    assert not view.trick.plays
    assert view.last_trick is not None
    assert view.last_trick.winner == 0
    assert view.last_trick.points is None  # team totals stay hidden during the deal
    assert "points" not in str(GAME.view_for(state, 3).game)
    state, _ = play(state, Lead(0, state.running.board.hands[0][:1]))
    assert GAME.view_for(state, 3).last_trick is None


def test_k4_17_who_drew_the_shown_card_is_not_shown() -> None:
    hands = ["6C 7C 8C 9C", "6S 7S 8S 9S", "6D 7D 8D 10C", "6H 7H 8H 10S"]
    state = position(hands, trump="QH", stock="JH QH KH AH")
    state, events = play(
        state,
        Lead(0, cards("6C")),
        Discard(1, cards("6S")),
        Discard(2, cards("6D")),
        Discard(3, cards("6H")),
    )
    drawn = events[-1]
    assert isinstance(drawn, CardsDrawn)
    assert drawn.draws[1] == Draw(1, C("QH"))
    assert drawn.payload_for(0) == {
        "draws": [{"seat": s, "card": "JH" if s == 0 else None} for s in range(4)],
        "open_card": None,
    }
    assert GAME.view_for(state, 2).stock == StockView(0, C("QH"))
