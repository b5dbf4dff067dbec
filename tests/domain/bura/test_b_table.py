"""B-1 … B-4: players and seats, the deck, what beats what, card points."""

from __future__ import annotations

import pytest

from app.domain.bura import GAME
from app.domain.bura.options import Options
from app.domain.cards import Card, Suit
from app.domain.errors import InvalidOption
from app.domain.multitrick.deck import DECK, natural_ranking, points
from tests.domain.bura.helpers import C, cards

DIAMONDS = natural_ranking(Suit.DIAMONDS)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_b_1_two_to_four_players_each_for_himself(seats: int) -> None:
    seating = GAME.seating(seats, Options())
    assert seating.teams is None
    assert seating.sides == seats
    assert seating.next(seats - 1) == 0
    assert GAME.parse_options({}, seats) == Options()


@pytest.mark.parametrize("seats", [1, 5])
def test_b_1_no_other_table_size(seats: int) -> None:
    with pytest.raises(InvalidOption, match="B-1"):
        GAME.parse_options({}, seats)
    with pytest.raises(InvalidOption):
        GAME.start_game(Options(), seats, 0)


def test_b_2_thirty_six_cards_with_the_codes_of_k_2() -> None:
    assert len(set(DECK)) == 36
    assert all(Card.parse(str(card)) == card for card in DECK)


def test_b_3_the_beats_relation_example_1() -> None:
    beats = DIAMONDS.beats
    assert beats(C("9D"), C("AS"))
    assert beats(C("10S"), C("KS"))
    assert beats(C("AS"), C("10S"))
    assert not beats(C("KS"), C("10S"))
    assert not beats(C("6D"), C("7D"))
    assert not beats(C("AH"), C("10C"))
    assert not beats(C("10C"), C("AH"))


def test_b_4_card_points() -> None:
    assert points(cards("AS 10S KS QS JS 9S 8S 7S 6S")) == 30
    assert points(DECK) == 120
