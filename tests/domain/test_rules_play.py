"""K-11 (following), K-12 (winning a trick), K-13 (the caught queen of clubs), and the worked
examples 1-5 and 7 of the rules file."""

from __future__ import annotations

import itertools

import pytest

from app.domain import kozel24 as k
from app.domain.errors import IllegalAction, NotYourTurn
from app.domain.kozel24 import deck
from app.domain.kozel24.events import CardPlayed, DealScored, QueenCaught, TrickTaken
from app.domain.kozel24.state import GameState
from app.domain.values import updated
from tests.domain.helpers import (
    CATCH,
    MIXED,
    MIXED_PLAYS,
    MIXED_POINTS,
    MIXED_WINNERS,
    card,
    cards,
    deal,
    play,
    plays_for,
)


def trick_result(leader: int, codes: str) -> tuple[int, int]:
    played = tuple(deck.INDEX[c] for c in cards(codes))
    winner = (leader + deck.winning_position(played)) % 4
    return winner, sum(deck.POINTS[i] for i in played)


def facing(hand: str, led: str, seat: int = 1) -> GameState:
    """`seat` holds `hand` and must answer `led`, led by the seat before it."""
    state = deal(MIXED, dealer=3, deal_no=2)
    hands = list(state.hands)
    hands[seat] = deck.mask_of(cards(hand))
    led_card = deck.INDEX[card(led)]
    return k.with_turn(
        updated(state, hands=tuple(hands), leader=(seat - 1) % 4, trick_cards=(led_card,))
    )


def test_k11_example_4_follow_the_plain_suit() -> None:
    assert plays_for(facing("AS QS KH", "6S"), 1) == {"AS"}


def test_k11_example_5_follow_trumps_with_a_trump() -> None:
    assert plays_for(facing("AS QS KH", "KC"), 1) == {"QS"}


def test_k11_without_the_led_class_any_card_may_be_played() -> None:
    assert plays_for(facing("AS 10S KH", "AD"), 1) == {"AS", "10S", "KH"}
    assert plays_for(facing("AS 10S KH", "JD"), 1) == {"AS", "10S", "KH"}


def test_k11_a_queen_or_jack_of_a_suit_does_not_follow_that_suit() -> None:
    assert plays_for(facing("QH JH 6S", "AH"), 1) == {"QH", "JH", "6S"}


def test_k11_illegal_cards_are_refused() -> None:
    state = facing("AS QS KH", "6S")
    for code in ["QS", "KH", "10S", "7S"]:
        with pytest.raises(IllegalAction) as error:
            k.decide(state, k.PlayCard(1, card(code)))
        assert error.value.code == "illegal_move"
    with pytest.raises(NotYourTurn):
        k.decide(state, k.PlayCard(2, card("QS")))


def test_k12_example_1_highest_of_the_led_suit() -> None:
    assert trick_result(0, "KH 10H 6H AS") == (1, 25)


def test_k12_example_2_the_top_trump_wins() -> None:
    assert trick_result(0, "AH 6C 10H KH") == (1, 25)


def test_k12_example_3_queen_of_spades_is_a_trump() -> None:
    assert trick_result(1, "QS AS KC JD")[0] == 1


def test_k12_the_whole_trump_order_decides() -> None:
    trumps = cards("6C QC QS QH QD JC JS JH JD AC 10C KC")
    for higher, lower in itertools.pairwise(trumps):
        assert trick_result(0, f"{lower} {higher} AS AH")[0] == 1
        assert trick_result(0, f"{higher} {lower} AS AH")[0] == 0


def test_k12_winner_takes_the_trick_and_leads() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    state, events = play(state, MIXED_PLAYS[0])
    assert events[-1] == TrickTaken(3, 19)
    assert k.to_act(state) == (3,)
    assert state.points == (0, 19)
    assert state.tricks_taken == (0, 1)


def test_k11_k12_a_hand_checked_deal() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    assert state.phase is k.Phase.PLAY
    for trick, winner, points in zip(MIXED_PLAYS, MIXED_WINNERS, MIXED_POINTS, strict=True):
        state, events = play(state, trick)
        taken = [e for e in events if isinstance(e, TrickTaken)]
        assert taken == [TrickTaken(winner, points)], trick
    assert state.tricks_taken == (1, 5)
    assert state.last_deal is not None
    assert state.last_deal.points == (7, 113)


def test_k13_six_of_clubs_catches_the_queen_of_clubs() -> None:
    state = deal(CATCH, dealer=1, written=(2, 0))
    state, events = play(state, "AD 6C QC KH")
    assert QueenCaught(queen_seat=1, six_seat=0) in events
    scored = events[-1]
    assert scored == DealScored(1, (18, 0), 1, 4, "queen_caught", None, 1)
    assert state.written == (2, 4)
    assert state.phase is k.Phase.SHUFFLE
    assert state.last_deal is not None
    assert state.last_deal.queen_caught_by == 0


def test_k13_catch_counts_no_card_points_and_applies_in_deal_1() -> None:
    state = deal(CATCH, dealer=1, deal_no=1)
    state, _ = play(state, "AD 6C QC KH")
    assert state.last_deal is not None
    assert state.last_deal.reason == "queen_caught"
    assert state.last_deal.written_on == 1


def test_k13_example_7_partners_do_not_catch() -> None:
    partners = [CATCH[0], CATCH[2], CATCH[1], CATCH[3]]  # Q♣ now with seat 2, 6♣'s partner
    state = deal(partners, dealer=1)
    state, events = play(state, "AD 6C AS QC")
    assert not any(isinstance(e, QueenCaught | DealScored) for e in events)
    assert events[-1] == TrickTaken(0, 11 + 0 + 11 + 3)
    assert state.phase is k.Phase.PLAY


def test_k13_catch_in_a_later_trick_when_the_queen_must_follow() -> None:
    # Seat 1 leads 6♣ (trumps); seat 2 must follow with its only trump, Q♣.
    hands = [
        "AS 10S KS 6S AH 10H",
        "6C QS QH QD JC JS",
        "QC KH 6H AD 10D KD",
        "JH JD AC 10C KC 6D",
    ]
    state = deal(hands, dealer=0, deal_no=2)
    # Team 0 has Q♣; team 1 has queens too. Seat 2 holds a lone trump: keep it.
    state, _ = k.apply(state, k.DecideExchange(2, False))
    assert plays_for(state, 1) == set(hands[1].split())
    state, _ = play(state, "6C")
    assert plays_for(state, 2) == {"QC"}
    state, events = play(state, "QC JH AS")
    assert events[-1] == DealScored(2, (0, 16), 0, 4, "queen_caught", None, 1)
    assert CardPlayed(2, card("QC")) in events
