"""C32-1 … C32-5: seats and teams, the deck, the trumps of each preset and of a named suit,
the card points; worked examples 1 to 3."""

from __future__ import annotations

import pytest

from app.domain.cards import Card, Suit
from app.domain.kozel32 import GAME
from app.domain.kozel32.deck import (
    DEAL_POINTS,
    DECK,
    card_points,
    lowest_trump,
    permanent_trumps,
    plain_suit,
    points,
    preset_ranking,
    ranking,
)
from app.domain.kozel32.options import Options
from tests.domain.kozel32.helpers import C, cards


def test_c32_1_four_seats_partners_opposite() -> None:
    seating = GAME.seating(4, Options())
    assert seating.teams == ((0, 2), (1, 3))
    assert [seating.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert seating.next(3) == 0
    assert seating.next(0, -1) == 3


def test_c32_2_the_deck_is_32_cards_ace_to_seven_with_wire_codes() -> None:
    assert len(DECK) == len(set(DECK)) == 32
    assert {str(c) for c in DECK} >= {"AS", "10H", "7C", "9D"}
    assert not any(card.rank.value == "6" for card in DECK)
    assert all(Card.parse(str(card)) == card for card in DECK)


def test_c32_3_shamok_preset_has_7c_on_top_and_a_club_tail() -> None:
    trumps = preset_ranking("shamok").classes[0]
    assert trumps == cards("7C QC QS QH QD JC JS JH JD AC 10C KC 9C 8C")
    assert lowest_trump("shamok") == C("8C")
    assert plain_suit(C("QS"), preset_ranking("shamok")) is None  # a queen is no spade
    assert plain_suit(C("7C"), preset_ranking("shamok")) is None  # nor is 7♣ a club
    plain = preset_ranking("shamok").classes[1:]
    assert plain == (
        cards("AS 10S KS 9S 8S 7S"),
        cards("AH 10H KH 9H 8H 7H"),
        cards("AD 10D KD 9D 8D 7D"),
    )


def test_c32_3_diamonds_preset_has_the_queens_and_jacks_over_diamonds() -> None:
    trumps = preset_ranking("diamonds").classes[0]
    assert trumps == cards("QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D")
    assert lowest_trump("diamonds") == C("7D")
    assert preset_ranking("diamonds").classes[1] == cards("AC 10C KC 9C 8C 7C")


def test_c32_3_a_plain_suit_ranks_ace_ten_king_nine_eight_seven() -> None:
    spades = preset_ranking("shamok")
    assert spades.beats(C("10S"), C("KS"))
    assert spades.beats(C("AS"), C("10S"))
    assert spades.beats(C("9S"), C("8S"))
    assert spades.beats(C("8C"), C("AS"))  # the lowest trump over a plain ace


def test_c32_4_card_points_add_to_120() -> None:
    assert [points(C(code)) for code in ("AS", "10S", "KS", "QS", "JS", "9S", "8S", "7S")] == [
        11,
        10,
        4,
        3,
        2,
        0,
        0,
        0,
    ]
    assert card_points(list(DECK)) == DEAL_POINTS == 120


def test_c32_5_a_named_suit_follows_the_permanent_trumps() -> None:
    hearts = ranking("shamok", Suit.HEARTS)
    assert hearts.classes[0] == cards("7C QC QS QH QD JC JS JH JD AH 10H KH 9H 8H 7H")
    assert len(hearts.classes[0]) == 15
    assert cards("AC 10C KC 9C 8C") in hearts.classes  # clubs become a plain suit of five
    assert len(ranking("shamok", Suit.CLUBS).classes[0]) == 14
    assert len(ranking("diamonds", Suit.HEARTS).classes[0]) == 14


def test_c32_5_no_trump_suit_leaves_the_permanent_trumps() -> None:
    assert ranking("shamok", None).classes[0] == permanent_trumps("shamok")
    assert len(ranking("shamok", None).classes[0]) == 9
    assert len(ranking("diamonds", None).classes[0]) == 8
    assert cards("AC 10C KC 9C 8C") in ranking("shamok", None).classes


@pytest.mark.parametrize("preset", ["shamok", "diamonds"])
def test_example_1_ten_beats_king_and_a_plain_ace_does_not_win(preset: str) -> None:
    trick = cards("KH 10H 7H AS")
    assert preset_ranking(preset).winner(trick) == 1
    assert card_points(trick) == 25


def test_example_2_eight_of_clubs_is_a_trump_only_in_shamok() -> None:
    trick = cards("AH 8C 10H KH")
    assert preset_ranking("shamok").winner(trick) == 1
    assert preset_ranking("diamonds").winner(trick) == 0
    assert card_points(trick) == 25


def test_example_3_the_shamok_wins_in_shamok_and_the_ace_of_diamonds_in_diamonds() -> None:
    trick = cards("9D AD 7C KD")  # led by seat 2: seats 2, 3, 0, 1
    assert preset_ranking("shamok").winner(trick) == 2  # seat 0, team 0
    assert preset_ranking("diamonds").winner(trick) == 1  # seat 3, team 1
    assert card_points(trick) == 15
