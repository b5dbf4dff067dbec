"""What the view tells of the cards beside where they lie (K4-3, K4-4, K4-8, K4-10 … K4-12,
K4-20): the deal's trumps and the hand in their order, how many cards a lead, an answer or a
give-back takes and why a card is refused, and every team's place at the end."""

from __future__ import annotations

import pytest

from app.domain.commands import Resign
from app.domain.errors import IllegalAction
from app.domain.kozel4 import GAME
from app.domain.kozel4.commands import GiveBack, Lead, Offer
from app.domain.kozel4.deck import LADDER_TRUMPS
from app.domain.kozel4.options import Options
from app.domain.multitrick.deck import DECK
from app.domain.view import Face
from tests.domain.kozel4.helpers import cards, play, position
from tests.domain.trump_order import check_trumps_and_hand

HANDS = ["KS 9S 8S QH", "AS 6H 7D 6D", "7H 8H QS AD", "10D JC 9D 8D"]


def codes(found: object) -> list[str]:
    return [str(card) for card in found or ()]  # type: ignore[attr-defined]


def test_k4_3_k4_8_the_shown_cards_suit_is_trump_and_leads_the_hand() -> None:
    state = position(HANDS, trump="QH", stock="QD JD 10H 9H")
    ranking = state.running.ranking
    for seat in range(4):
        view = GAME.view_for(state, seat)
        assert codes(view.trumps) == ["AH", "10H", "KH", "QH", "JH", "9H", "8H", "7H", "6H"]
        check_trumps_and_hand(view, DECK, ranking.beats)  # K4-12 beats with `beats`
    assert codes(GAME.view_for(state, 1).hand) == ["6H", "AS", "7D", "6D"]


def test_k4_4_the_ladders_trumps_with_seven_of_clubs_on_top() -> None:
    state = position(HANDS, trump=None, stock="QD JD 10H 9H", options=Options(ladder=True))
    view = GAME.view_for(state, 3)
    assert view.trumps == LADDER_TRUMPS
    assert codes(view.hand) == ["JC", "10D", "9D", "8D"]
    check_trumps_and_hand(view, DECK, state.running.ranking.beats)


def test_k4_12_an_answer_says_how_many_cards_it_takes() -> None:
    state = position(HANDS, trump="QH", stock="QD JD 10H 9H")
    lead = GAME.view_for(state, 0).pick
    assert lead is not None
    assert (lead.moves, lead.least, lead.most, lead.discard) == (("lead",), 1, 3, None)
    state, _ = play(state, Lead(0, cards("KS 9S 8S")))
    answer = GAME.view_for(state, 1).pick
    assert answer is not None
    assert (answer.moves, answer.least, answer.most) == (("beat", "discard"), 3, 3)
    assert (answer.discard, codes(answer.beat)) == (Face.DOWN, ["KS", "9S", "8S"])
    assert (answer.rule.code, answer.rule.rules) == ("respond", ("K4-12",))
    assert answer.rule.en == (
        "answer with 3 cards: beat K♠ 9♠ 8♠ card by card, or discard 3 cards face down"
    )
    assert answer.rule.ru == (
        "нужно 3 карты: побейте К♠ 9♠ 8♠ карта за картой или сбросьте 3 карты рубашкой вверх"  # noqa: RUF001
    )
    assert GAME.view_for(state, 2).pick is None  # not its turn
    assert GAME.view_for(state, 1).refused == ()  # any three cards may be discarded


def test_k4_10_a_give_back_refuses_the_trumps_while_plain_cards_remain() -> None:
    hands = ["QD 9S 8S 7S", "AS 6H 7D 6D", "7H 8H QS AD", "10D JC 9D 8D"]
    state = position(hands, trump="KD", stock="JD KD 10H 9H", options=Options(handoff=True))
    state, _ = play(state, Offer(0))  # Q♦, seat 0's one trump, to seat 2
    view = GAME.view_for(state, 2)
    assert view.pick is not None
    assert (view.pick.moves, view.pick.least, view.pick.most) == (("give_back",), 1, 1)
    assert codes(r.card for r in view.refused) == ["AD"]
    (refusal,) = view.refused
    assert (refusal.reason.code, refusal.reason.rules) == ("give_plain", ("K4-10",))
    with pytest.raises(IllegalAction) as caught:
        GAME.decide(state, GiveBack(2, cards("AD")))
    assert caught.value.reason == refusal.reason


def test_k4_21_a_resignation_ends_with_every_teams_place() -> None:
    state, _ = play(position(HANDS, trump="QH", stock="QD JD 10H 9H"), Resign(2))
    result = GAME.view_for(state, None).result
    assert result is not None
    assert (result.winner, result.loser, result.places, result.reason) == (1, 0, (2, 1), "resigned")
    assert (GAME.view_for(state, 2).hand, GAME.view_for(state, 2).trumps) == ((), ())
