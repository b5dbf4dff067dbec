"""What the view tells of the cards beside where they lie (C32-3, C32-5, C32-13, C32-23,
C32-24, C32-35): the deal's trumps and the hand in their order, why a card is refused, how
many cards a give takes, who boasted, and every side's place at the end."""

from __future__ import annotations

import pytest

from app.domain.cards import Card, Suit
from app.domain.commands import Resign
from app.domain.errors import IllegalAction
from app.domain.kozel32 import GAME, table
from app.domain.kozel32.commands import AcceptLastTrump, GiveCards, OfferLastTrump, PlayCard
from app.domain.kozel32.deck import DECK
from app.domain.kozel32.options import Boast
from app.domain.kozel32.state import State
from tests.domain.kozel32.helpers import C, apply, in_play, plain_deal
from tests.domain.trump_order import check_trumps_and_hand


def _beats(state: State) -> object:
    """C32-25 as the engine takes a trick (`tricks.trick_taken`)."""
    ranking = table.trumps_of(state)
    return lambda card, led: ranking.winner([led, card]) == 1


def codes(cards: tuple[Card, ...] | None) -> list[str]:
    return [str(card) for card in cards or ()]


@pytest.mark.parametrize(
    ("preset", "suit", "first"),
    [
        ("shamok", Suit.CLUBS, ["7C", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AC"]),
        ("diamonds", Suit.DIAMONDS, ["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD"]),
        ("shamok", Suit.HEARTS, ["7C", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AH"]),
        ("shamok", None, ["7C", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD"]),
    ],
)
def test_c32_3_c32_5_the_view_names_the_deals_trumps_strongest_first(
    preset: str, suit: Suit | None, first: list[str]
) -> None:
    hands = ["AC JC 7C QD JD AD 10D 9S", "QC AS KH 9C 8D", "7H 8H", "7D 8S"]
    state = in_play(hands, trump=suit, trump_preset=preset)
    for seat in range(4):
        view = GAME.view_for(state, seat)
        assert codes(view.trumps)[: len(first)] == first
        check_trumps_and_hand(view, DECK, _beats(state))  # type: ignore[arg-type]


def test_c32_5_seven_of_clubs_the_top_trump_leads_the_hand_and_queens_are_no_diamonds() -> None:
    """The issue's hand: 7♣ sorts first, Q♦ and J♦ among the trumps, not the diamonds."""
    state = in_play(["AC JC 7C QD JD AD 10D 9S", "QC AS", "7H", "7D"])
    view = GAME.view_for(state, 0)
    assert codes(view.hand) == ["7C", "QD", "JC", "JD", "AC", "9S", "AD", "10D"]


def test_c32_23_a_diamond_led_refuses_the_queen_and_jack_of_diamonds_and_says_why() -> None:
    state = in_play(["9S", "QD JD AD 10S", "7H", "7D"], trick="KD", leader=0)
    view = GAME.view_for(state, 1)
    refused = {str(r.card): r.reason for r in view.refused}
    assert set(refused) == {"QD", "JD", "10S"}
    for code, reason in refused.items():
        assert (reason.code, reason.rules) == ("follow_suit", ("C32-23",))
        assert reason.en == "K♦ was led: follow with a plain card of diamonds"
        assert reason.ru == "зашли с К♦: ходите в масть, простой картой бубен"  # noqa: RUF001
        with pytest.raises(IllegalAction) as caught:
            GAME.decide(state, PlayCard(1, C(code)))
        assert caught.value.reason == reason


def test_c32_23_a_trump_led_asks_a_trump_in_both_languages() -> None:
    state = in_play(["9S", "8C AS KH", "7H", "7D"], trick="QC", leader=0)
    reasons = {r.reason for r in GAME.view_for(state, 1).refused}
    assert {(r.code, r.en, r.ru) for r in reasons} == {
        (
            "follow_trump",
            "a trump was led (Q♣): play a trump",
            "зашли с козыря (Д♣): кладите козырь",  # noqa: RUF001
        )
    }


def test_c32_24_the_unled_ace_is_refused_with_its_rule() -> None:
    state = in_play(
        ["9S", "10H", "AS AD 8C JH", "7D"],
        trick="AH 10H",
        suits_led=frozenset({Suit.DIAMONDS}),
        unled_ace_ban=True,
    )
    (refusal,) = GAME.view_for(state, 2).refused
    assert (str(refusal.card), refusal.reason.code, refusal.reason.rules) == (
        "AS",
        "unled_ace",
        ("C32-24",),
    )


def test_c32_32_the_end_names_every_sides_place() -> None:
    state = in_play(["9S", "QC AS KH 9C 8D", "7H", "7D"])
    over, _ = apply(state, Resign(1))
    result = GAME.view_for(over, None).result
    assert result is not None
    assert (result.winner, result.loser, result.places, result.reason) == (0, 1, (1, 2), "resigned")
    view = GAME.view_for(over, 0)
    assert (codes(view.hand), view.trumps, view.trick) == ([], (), None)


def test_c32_13_the_give_says_how_many_cards_and_refuses_the_trumps() -> None:
    state = plain_deal(
        [
            "9C AS 10S KS AH 10H KH AD",
            "QC QS QH QD JC JS JH JD",
            "7S 8S 9S 7H AC 10C KD 7D",
            "7C 10D KC 9D 8C 9H 8H 8D",
        ]
    )
    state = apply(state, OfferLastTrump(0), AcceptLastTrump(2))[0]
    view = GAME.view_for(state, 2)
    assert view.pick is not None
    assert (view.pick.moves, view.pick.least, view.pick.most) == (("give",), 1, 1)
    assert view.pick.discard is None
    assert view.pick.rule.code == "give_plain"
    assert {str(r.card) for r in view.refused} == {"AC", "10C"}  # C32-5: clubs are trumps
    assert {r.reason for r in view.refused} == {view.pick.rule}
    with pytest.raises(IllegalAction) as caught:
        GAME.decide(state, GiveCards(2, (C("AC"),)))
    assert caught.value.reason == view.pick.rule


def test_c32_8_the_summary_of_a_kon_names_its_boaster() -> None:
    state = in_play(["AS", "7S", "8S", "9S"], boast=Boast.PANTS, boaster=0, trick="")
    over = state
    for command in (PlayCard(0, C("AS")), PlayCard(1, C("7S"))):
        over, _ = apply(over, command)
    over, _ = apply(over, PlayCard(2, C("8S")), PlayCard(3, C("9S")))
    summary = GAME.view_for(over, None).last_deal
    assert summary is not None
    assert (summary.boast, summary.boaster, summary.soloist) == (Boast.PANTS, 0, None)
