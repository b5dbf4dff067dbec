"""KZ-1 to KZ-5: four players each for himself, the 32 cards and their points, the three
tiers (jacks, trumps, plain cards) and who takes a trick; the worked examples 1 to 8 and 19."""

from __future__ import annotations

import itertools

import pytest

from app.domain.cards import Suit
from app.domain.errors import InvalidOption
from app.domain.kozly import GAME, Options
from app.domain.kozly.deck import DEAL_POINTS, DECK, card_points, ranking
from tests.domain.kozly.helpers import card, cards, play, position


def test_kz_1_four_seats_each_his_own_side() -> None:
    seating = GAME.seating(4, Options())
    assert seating.sides == 4
    assert seating.teams is None
    assert [seating.side_of(s) for s in range(4)] == [0, 1, 2, 3]
    assert seating.next(3) == 0  # "to the left of 3" is 0: play passes clockwise
    assert GAME.info.seat_counts == (4,)
    for seats in (2, 3, 5):
        with pytest.raises(InvalidOption, match="exactly 4"):
            GAME.parse_options({}, seats)
        with pytest.raises(InvalidOption, match="exactly 4"):
            GAME.start_game(Options(), seats, 0)


def test_kz_2_the_deck_holds_32_cards_without_sixes() -> None:
    assert len(DECK) == len(set(DECK)) == 32
    assert {c.code for c in DECK} == {
        rank + suit for rank in ("A", "10", "K", "Q", "J", "9", "8", "7") for suit in "CSHD"
    }
    assert all(str(c) == c.code for c in DECK)


def test_kz_3_card_points_add_up_to_120() -> None:
    assert card_points(cards("AS 10S KS QS JS 9S 8S 7S")) == 11 + 10 + 4 + 3 + 2
    assert card_points(DECK) == DEAL_POINTS == 120
    assert card_points(cards("JC JS JH JD")) == 8  # the strongest cards are worth 2


def test_kz_4_jacks_over_trumps_over_plain_cards() -> None:
    hearts = ranking(Suit.HEARTS)
    order = cards("JC JS JH JD AH 10H KH QH 9H 8H 7H")
    for higher, lower in itertools.pairwise(order):
        assert hearts.beats(higher, lower), (higher, lower)
        assert not hearts.beats(lower, higher)
    assert hearts.beats(card("JD"), card("AH"))  # the lowest jack over the trump ace
    assert hearts.beats(card("7H"), card("AS"))  # the lowest trump over a plain ace
    assert not hearts.is_trump(card("JH"))  # the jack of the trump suit is a jack
    assert not hearts.follows(card("JS"), card("AS"))  # a jack is no card of its suit
    plain = cards("AS 10S KS QS 9S 8S 7S")
    assert [hearts.power(c) for c in plain] == sorted(
        (hearts.power(c) for c in plain), reverse=True
    )


@pytest.mark.parametrize(
    ("trump", "leader", "played", "winner", "points"),
    [
        ("H", 1, "AS 7H JD KS", 3, 17),  # example 1: a jack beats the trump 7H
        ("H", 0, "10C AC 9H QC", 2, 24),  # example 2: the only trump
        ("H", 0, "KD AD 8S 10D", 1, 25),  # example 3: 8S neither follows nor trumps
        ("H", 2, "JH JS AH JC", 1, 17),  # example 4: JC over all
        ("C", 0, "AH JH 10H KH", 1, 27),  # example 6: JH is a jack, not a heart
        ("H", 3, "JD AH 10H 7S", 3, 23),  # example 7: only a higher jack beats a led jack
        ("S", 0, "7S AS JD 10S", 2, 23),  # example 8: any jack beats every trump
        ("S", 2, "AS 7S JD KS", 0, 17),  # example 19: JS turned, the trumps are the other spades
    ],
)
def test_kz_5_the_highest_jack_else_trump_else_card_of_the_led_suit_takes_the_trick(
    trump: str, leader: int, played: str, winner: int, points: int
) -> None:
    trump_card = {"H": "9H", "C": "9C", "S": "JS"}[trump]
    hands = ["", "", "", ""]
    for i, code in enumerate(played.split()):
        hands[(leader + i) % 4] = code
    hands[(leader + 3) % 4] += " 8D"  # the trump card's holder may be anyone: not in play here
    state = position(hands, trump_card, leader=leader)
    state, events = play(state, played)
    taken = events[-1].payload()
    assert (taken["winner"], taken["points"]) == (winner, points)
    assert GAME.to_act(state) == (winner,)  # the winner leads next (KZ-14)


def test_kz_5_example_5_the_jack_of_the_trump_suit_beats_the_trump_ace() -> None:
    state = position(["AD 7C", "JD 7S", "7H 8H", "9S 9C"], "9D", leader=0)
    state, events = play(state, "AD JD 7H 9S")
    assert events[-1].payload() == {"winner": 1, "points": 13}


def test_kz_5_a_plain_card_of_another_suit_never_wins() -> None:
    state = position(["9C", "AS", "AD", "10H"], "7H", leader=0)
    state, events = play(state, "9C AS AD 10H")
    assert events[-1].payload()["winner"] == 3  # 10H is trump (hearts)
    state = position(["9C", "AS", "AD", "10S"], "7H", leader=0)
    _, events = play(state, "9C AS AD 10S")
    assert events[-1].payload()["winner"] == 0  # nobody followed clubs or trumped


def test_kz_5_the_winner_takes_the_four_cards() -> None:
    state = position(["AS 7C", "7H 8C", "JD 9C", "KS 10C"], "9H", leader=1)
    state, _ = play(state, "7H JD KS AS")
    deal = state.deal
    assert deal is not None
    assert set(deal.taken(2)) == set(cards("AS 7H JD KS"))  # JD
    assert deal.points() == (0, 0, 17, 0)
