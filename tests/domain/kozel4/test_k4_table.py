"""K4-1 … K4-5: seats and teams, the deck, what beats what, the ladder, card points."""

from __future__ import annotations

import pytest

from app.domain.cards import Card, Suit, parse_cards
from app.domain.errors import InvalidOption
from app.domain.kozel4 import GAME
from app.domain.kozel4.deck import LADDER, LADDER_TRUMPS
from app.domain.kozel4.options import Options
from app.domain.multitrick.deck import DECK, TOTAL_POINTS, natural_ranking, points
from app.domain.multitrick.sets import beat_sets, lead_sets
from tests.domain.kozel4.helpers import C, cards

HEARTS = natural_ranking(Suit.HEARTS)


def test_k4_1_two_teams_of_two_partners_opposite() -> None:
    seating = GAME.seating(4, Options())
    assert seating.teams == ((0, 2), (1, 3))
    assert [seating.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert seating.next(3) == 0
    with pytest.raises(InvalidOption, match="K4-1"):
        GAME.parse_options({}, 3)


def test_k4_2_thirty_six_cards_six_to_ace_coded_rank_then_suit() -> None:
    assert len(DECK) == len(set(DECK)) == 36
    assert {card.rank.value for card in DECK} == {"A", "10", "K", "Q", "J", "9", "8", "7", "6"}
    assert all(Card.parse(str(card)) == card for card in DECK)
    assert [str(c) for c in parse_cards("AS 10H QC 9D 6C")] == ["AS", "10H", "QC", "9D", "6C"]
    # A set's one spelling: the suits C S H D, each from the ace down.
    assert [str(c) for c in cards("AS 10H QC 9D 6C")] == ["QC", "6C", "AS", "10H", "9D"]


def test_k4_3_a_card_beats_a_higher_one_of_its_suit_or_any_non_trump_if_trump() -> None:
    """Example 1, trump hearts."""
    beats = HEARTS.beats
    assert beats(C("9H"), C("7H"))
    assert beats(C("10C"), C("QC"))  # A > 10 > K > Q > J > 9 > 8 > 7 > 6
    assert beats(C("6H"), C("AS"))
    assert not beats(C("AS"), C("10D"))
    assert not beats(C("10D"), C("AS"))
    assert not beats(C("KC"), C("10C"))
    assert not beats(C("6H"), C("7H"))
    assert not beats(C("AS"), C("6H"))  # a non-trump never beats a trump
    order = cards("AS 10S KS QS JS 9S 8S 7S 6S")
    assert all(beats(high, low) for i, high in enumerate(order) for low in order[i + 1 :])


def test_k4_4_the_ladder_is_fifteen_permanent_trumps_topped_by_seven_of_clubs() -> None:
    """Example 13."""
    assert len(LADDER_TRUMPS) == 15
    assert LADDER_TRUMPS[0] == C("7C")
    assert LADDER_TRUMPS[-1] == C("6C")
    beats = LADDER.beats
    assert beats(C("7C"), C("QC"))
    assert beats(C("QC"), C("QS"))
    assert beats(C("QS"), C("JC"))
    assert beats(C("JD"), C("AC"))
    assert beats(C("10C"), C("KC"))
    assert beats(C("6C"), C("AS"))
    assert not beats(C("AS"), C("QS"))
    assert beats(C("AS"), C("10S"))
    assert beats(C("KS"), C("9S"))
    # A queen or jack of a plain suit is a trump, not a card of that suit.
    assert beats(C("QS"), C("QH"))
    assert not beats(C("AS"), C("JS"))
    assert cards("KS QS") not in lead_sets(cards("KS QS"), LADDER, rank_leads=False)
    assert cards("QS 6C") in lead_sets(cards("QS 6C"), LADDER, rank_leads=False)
    trumps = [card for card in DECK if LADDER.is_trump(card)]
    assert beat_sets(trumps, cards("AS"), LADDER) == tuple((c,) for c in sorted_deck(trumps))
    assert points(DECK) == TOTAL_POINTS  # card points are unchanged


def sorted_deck(some: list[Card]) -> list[Card]:
    return [card for card in DECK if card in some]


def test_k4_5_card_points_add_up_to_120() -> None:
    assert points(cards("AS 10S KS QS JS 9S 8S 7S 6S")) == 11 + 10 + 4 + 3 + 2
    assert points(DECK) == 120
