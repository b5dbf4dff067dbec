"""K-1 to K-4: seats and teams, the deck and its codes, the trump order, card points."""

from __future__ import annotations

import pytest

from app.domain.cards import Card, Rank, Suit, parse_cards
from app.domain.errors import MalformedCard
from app.domain.kozel24 import deck
from app.domain.seats import next_seat, partner, previous_seat, seats_of, team_of
from tests.domain.helpers import card, cards


def test_k1_seats_clockwise_and_partners_opposite() -> None:
    assert [next_seat(s) for s in range(4)] == [1, 2, 3, 0]
    assert [previous_seat(s) for s in range(4)] == [3, 0, 1, 2]
    assert [partner(s) for s in range(4)] == [2, 3, 0, 1]
    assert [team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert seats_of(0) == (0, 2)
    assert seats_of(1) == (1, 3)


def test_k2_deck_has_24_distinct_cards_of_six_ranks() -> None:
    assert len(set(deck.CARDS)) == 24
    ranks = {c.rank.value for c in deck.CARDS}
    assert ranks == {"A", "10", "K", "Q", "J", "6"}
    assert {c.suit for c in deck.CARDS} == set(Suit)


@pytest.mark.parametrize("code", ["AS", "10H", "QC", "6D", "JS", "KD", "7C", "9H"])
def test_k2_card_codes_round_trip(code: str) -> None:
    parsed = Card.parse(code)
    assert str(parsed) == code
    assert Card.parse(str(parsed)) == parsed


def test_k2_every_card_round_trips() -> None:
    for c in deck.CARDS:
        assert Card.parse(str(c)) is c or Card.parse(str(c)) == c


@pytest.mark.parametrize("code", ["", "A", "1H", "10", "AX", "as", " AS", "AS ", "11H", "QQ", "0S"])
def test_k2_bad_codes_raise_malformed_card(code: str) -> None:
    with pytest.raises(MalformedCard) as error:
        Card.parse(code)
    assert error.value.code == "invalid_card"


def test_k2_non_string_is_malformed() -> None:
    with pytest.raises(MalformedCard):
        Card.parse(12)  # type: ignore[arg-type]


def test_k2_cards_compare_by_value() -> None:
    assert Card(Rank.ACE, Suit.SPADES) == Card.parse("AS")
    assert hash(Card(Rank.ACE, Suit.SPADES)) == hash(Card.parse("AS"))
    assert Card.parse("AS") != Card.parse("AH")
    assert parse_cards("AS 10H") == (Card.parse("AS"), Card.parse("10H"))


def test_k3_twelve_trumps_in_order() -> None:
    trumps = [c for c in deck.CARDS if deck.is_trump(c)]
    assert trumps == list(cards("6C QC QS QH QD JC JS JH JD AC 10C KC"))


def test_k3_queens_jacks_and_clubs_are_trumps_not_suit_cards() -> None:
    for code in ["QS", "JS", "QH", "JD", "AC", "6C", "KC"]:
        assert deck.is_trump(card(code)), code
    for code in ["AS", "10S", "KS", "6S", "AH", "6D"]:
        assert not deck.is_trump(card(code)), code


def test_k3_plain_suit_order() -> None:
    for suit in "SHD":
        order = [deck.INDEX[card(rank + suit)] for rank in ["A", "10", "K", "6"]]
        assert order == sorted(order), suit


def test_k4_card_points_sum_to_120() -> None:
    assert deck.points_of(cards("AS 10S KS QS JS 6S")) == 11 + 10 + 4 + 3 + 2 + 0
    assert sum(deck.POINTS) == 120
    assert deck.DEAL_POINTS == 120


def test_card_index_of_unknown_card_is_none() -> None:
    assert deck.index_of(card("7S")) is None
    assert deck.index_of(card("AS")) == deck.INDEX[card("AS")]


def test_masks_round_trip() -> None:
    hand = cards("6C QS AS 10H KD 6D")
    assert set(deck.cards_of(deck.mask_of(hand))) == set(hand)
    assert deck.cards_of(deck.FULL_MASK) == deck.CARDS
