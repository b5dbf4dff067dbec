"""What the view tells of the cards beside where they lie (B-3, B-7, B-9, B-10, B-14, B-16,
B-15, B-20, B-21): the deal's trumps and the hand in their order, how many cards an answer takes,
who ended a deal and the bura hands it showed, and every player's place at the end."""

from __future__ import annotations

from app.domain.bura import GAME
from app.domain.bura.combinations import Combination
from app.domain.bura.commands import Beat, Claim, Declare, Lead
from app.domain.bura.options import Options
from app.domain.multitrick.deck import DECK
from app.domain.multitrick.record import ShownHand
from app.domain.view import Face
from tests.domain.bura.helpers import cards, play, position
from tests.domain.bura.test_b_combinations import with_pile
from tests.domain.trump_order import check_trumps_and_hand


def codes(found: object) -> list[str]:
    return [str(card) for card in found or ()]  # type: ignore[attr-defined]


def test_b_3_b_7_the_turned_cards_suit_is_trump_and_leads_the_hand() -> None:
    state = position(["6C KS 7D 6S", "9C QD 9D AH"], stock="AD 8S 10D", trump="7D")
    for seat in (0, 1):
        view = GAME.view_for(state, seat)
        assert codes(view.trumps) == ["AD", "10D", "KD", "QD", "JD", "9D", "8D", "7D", "6D"]
        check_trumps_and_hand(view, DECK, state.running.ranking.beats)
    assert codes(GAME.view_for(state, 1).hand) == ["QD", "9D", "9C", "AH"]


def test_b_10_an_answer_says_how_many_cards_and_how_a_discard_lies() -> None:
    hands = ["KS 9S 8C 7C", "AS 6D 7D QS"]
    state, _ = play(position(hands, stock="6H 7H 8H"), Lead(0, cards("KS 9S")))
    pick = GAME.view_for(state, 1).pick
    assert pick is not None
    assert (pick.least, pick.most, pick.discard, codes(pick.beat)) == (
        2,
        2,
        Face.DOWN,
        ["KS", "9S"],
    )
    assert pick.rule.rules == ("B-10",)
    opened = position(hands, stock="6H 7H 8H", options=Options(open_discards=True))
    opened, _ = play(opened, Lead(0, cards("KS 9S")))
    shown = GAME.view_for(opened, 1).pick
    assert shown is not None
    assert shown.discard is Face.UP
    assert "face up" in shown.rule.en


def test_b_16_the_summary_names_the_bura_holder_and_shows_the_bura() -> None:
    state = position(["6C KS 7S 6S", "9C QD 9D 6D"], stock="AD 8S 10D", trump="7D")
    state = with_pile(state, 0, "AS 10H KH")
    state, _ = play(state, Lead(0, cards("6C")), Beat(1, cards("9C")))  # seat 1 draws A♦
    summary = GAME.view_for(state, 0).last_deal
    assert summary is not None
    assert (summary.reason, summary.ended_by, summary.penalties) == ("bura", 1, (4, 0))
    assert summary.shown == (ShownHand(1, cards("6D 9D QD AD")),)


def test_b_20_a_false_declaration_names_the_declarer_and_writes_six_on_him() -> None:
    state = position(["6C 7C", "8C 9C"], trump="7D", stock="6S 7S")
    state, _ = play(state, Declare(0))
    summary = GAME.view_for(state, 1).last_deal
    assert summary is not None
    assert (summary.reason, summary.ended_by, summary.penalties) == ("false_declaration", 0, (6, 0))
    assert summary.shown == ()


def test_b_21_every_player_has_a_place_the_winners_first_by_fewer_penalties() -> None:
    hands = ["6C 7C", "8C 9C", "6S 7S"]
    state = position(hands, trump="7D", stock="8S 9S", penalties=(8, 0, 5))
    state, _ = play(state, Declare(0))  # false: 6 more on seat 0, at 14 a goat
    result = GAME.view_for(state, None).result
    assert result is not None
    assert (result.winner, result.loser, result.scores) == (1, 0, (14, 0, 5))
    assert result.places == (3, 1, 2)
    assert (result.reason, result.titles) == ("target", ("goat",))


def test_b_15_the_view_names_the_combination_of_each_claim_it_offers() -> None:
    state = position(["6S 7S 9C KH", "AS AH AD AC"], stock="6H 7H 8H 9H JH QH KH", trump="7D")
    offered = GAME.view_for(state, 1).game.claimable
    named = [(o.combination, set(codes(o.cards))) for o in offered]
    assert (Combination.FOUR_ENDS, {"AC", "AS", "AH", "AD"}) in named
    assert sum(c is Combination.MOSCOW for c, _ in named) == 4  # any three of the aces
    claims = {a.cards for a in GAME.legal_actions(state, 1) if isinstance(a, Claim)}
    assert {o.cards for o in offered} == claims  # one per legal claim, the same cards
    assert all(o.seat == 1 for o in offered)
    assert GAME.view_for(state, 0).game.claimable == ()  # the leader has no claim (B-17)
    assert GAME.view_for(state, None).game.claimable == ()
    molodka = position(["6S 7S 9C KH", "7C 8C JC KC"], stock="6H 7H 8H 9H", trump="7D")
    [offer] = GAME.view_for(molodka, 1).game.claimable
    assert offer.combination is Combination.MOLODKA
