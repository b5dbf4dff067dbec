"""C32-10 … C32-13: the pre-play phase of a plain deal — redeal demands, the four-queens
check, the last trump; worked examples 13, 14, 21 and 26."""

from __future__ import annotations

import pytest

from app.domain.commands import ShuffleDeck
from app.domain.errors import IllegalAction, NotYourTurn
from app.domain.kozel32 import GAME
from app.domain.kozel32.commands import (
    AcceptLastTrump,
    ChooseLeader,
    DemandRedeal,
    GiveCards,
    KeepLastTrump,
    OfferLastTrump,
    PassRedeal,
    RefuseLastTrump,
)
from app.domain.kozel32.events import CardsExchanged, DealScored, DealVoided, RedealDemanded
from app.domain.kozel32.pre_play import may_demand
from app.domain.kozel32.state import DealResult, Phase, VoidReason
from tests.domain.kozel32.cards_seen import cards_in
from tests.domain.kozel32.helpers import (
    C,
    actions,
    apply,
    cards,
    decline_all,
    plain_deal,
    types,
)

WEAK = "9S 8S 7S 9H 8H 7H 9D 8D"  # 0 points
STRONG = [
    "AS 10S KS AH 10H KH AD 10D",
    "QC QS QH QD JC JS JH JD",
    "7C AC 10C KC 9C 8C KD 7D",
]


@pytest.mark.parametrize(
    ("hand", "qualifies"),
    [
        ("9C 9S 9H 9D AS AH 10D KD", True),
        ("JS JH QD KH 9S 8S 7H 8D", True),
        ("AS 9S 8S 7S 8H 7H 9D 8D", True),
        ("QS QD KH KS 9S 8H 7H 8D", False),
    ],
)
def test_example_13_four_nines_or_12_points_or_fewer_may_demand(hand: str, qualifies: bool) -> None:
    assert may_demand(cards(hand)) is qualifies


def test_c32_10_demands_come_first_then_last_trumps_then_the_first_leader() -> None:
    # seat 0 may demand; seat 1 holds one trump (8C)
    state = plain_deal(
        [WEAK, "8C AS 10S KS AH 10H KH AD", "QC QS QH QD JC JS JH JD", "7C AC 10C KC 9C 10D KD 7D"]
    )
    assert state.phase is Phase.PRE_PLAY
    assert GAME.to_act(state) == (0,)
    assert actions(state, 0) == (DemandRedeal(0), PassRedeal(0))
    assert actions(state, 1) == ()  # step 2 waits for step 1
    state, _ = apply(state, PassRedeal(0))
    assert GAME.to_act(state) == (1,)
    assert actions(state, 1) == (OfferLastTrump(1), KeepLastTrump(1))
    state, _ = apply(state, KeepLastTrump(1))
    assert set(actions(state, 0)) == {ChooseLeader(0, 0), ChooseLeader(0, 2)}


def test_c32_10_private_options_are_shown_only_to_their_holder() -> None:
    state = plain_deal(
        [WEAK, "8C AS 10S KS AH 10H KH AD", "QC QS QH QD JC JS JH JD", "7C AC 10C KC 9C 10D KD 7D"]
    )
    assert GAME.view_for(state, 0).to_act == (0,)
    assert GAME.view_for(state, 1).to_act == ()
    assert GAME.view_for(state, None).to_act == ()
    _, events = apply(state, PassRedeal(0))
    assert events[0].payload_for(0) is not None
    assert events[0].payload_for(1) is None


def test_c32_11_a_demand_shows_the_hand_and_the_same_dealer_redeals() -> None:
    state = plain_deal([WEAK, *STRONG], dealer=3)
    state, events = apply(state, DemandRedeal(0))
    demanded, voided = events
    assert isinstance(demanded, RedealDemanded)
    assert demanded.payload_for(1) == {"seat": 0, "hand": WEAK.split()}
    assert voided == DealVoided(VoidReason.REDEAL_DEMAND)
    assert GAME.is_chance_node(state)
    shown = GAME.view_for(state, 2).game.shown_hand
    assert shown is not None
    assert shown.cards == cards(WEAK)
    state, events = apply(state, ShuffleDeck(b"redeal"))
    assert events[0].dealer == 3
    assert state.kon is not None
    assert state.kon.demands == 1
    assert GAME.view_for(state, 2).game.shown_hand is None


def test_c32_11_the_first_demand_ends_the_step_for_everyone() -> None:
    state = plain_deal([WEAK, *STRONG[:2], "9C 9S 9H 9D 8C 7C KD 7D"])
    assert GAME.to_act(state) == (0, 3)
    state, _ = apply(state, DemandRedeal(3))
    assert GAME.is_chance_node(state)
    with pytest.raises(NotYourTurn):
        GAME.decide(state, DemandRedeal(0))


def test_example_14_the_third_demand_is_a_misdeal_for_the_dealers_team() -> None:
    state = plain_deal([WEAK, *STRONG], dealer=3, eggs_pending=1)
    from dataclasses import replace

    assert state.kon is not None
    state = replace(state, kon=replace(state.kon, demands=2))
    state, events = apply(state, DemandRedeal(0))
    scored = events[-1]
    assert isinstance(scored, DealScored)
    assert scored.result is DealResult.MISDEAL
    assert scored.winner == 0  # seat 3 dealt: team 1 loses it
    assert scored.gains == (2, 0)  # 1 pair and the pending egg pair
    assert state.leading_side == 0
    assert state.next_dealer == 0


def test_c32_12_four_queens_in_one_team_void_the_deal_without_showing_a_card() -> None:
    hands = [
        "QC QS AS 10S KS AH 10H KH",
        "7C AC 10C KC 9C 8C KD 7D",
        "QH QD JC JS JH JD AD 10D",
        WEAK,
    ]
    state = plain_deal(hands, four_queens_redeal=True)
    assert GAME.is_chance_node(state)
    assert state.kon is not None
    assert state.kon.voided[-1].reason is VoidReason.FOUR_QUEENS
    assert state.kon.demands == 0  # no demand counted
    void = DealVoided(VoidReason.FOUR_QUEENS)
    assert cards_in(void.payload_for(1)) == set()
    assert plain_deal(hands).phase is Phase.PRE_PLAY  # off by default


def test_c32_13_the_partner_answers_and_both_sets_pass_at_once() -> None:
    state = plain_deal(
        [
            "9C AS 10S KS AH 10H KH AD",  # seat 0: one trump, 9♣
            "QC QS QH QD JC JS JH JD",
            "7S 8S 9S 7H AC 10C KD 7D",
            "7C 10D KC 9D 8C 9H 8H 8D",
        ]
    )
    assert GAME.to_act(state) == (0,)
    state, events = apply(state, OfferLastTrump(0))
    assert events[0].payload_for(2) == {"seat": 0, "partner": 2, "count": 1}
    assert events[0].payload_for(1) is None
    assert GAME.view_for(state, 2).to_act == (2,)
    assert actions(state, 0) == ()  # one exchange at a time in a team
    state, _ = apply(state, AcceptLastTrump(2))
    gives = actions(state, 2)
    assert {g.cards for g in gives} == {
        (C("7S"),),
        (C("8S"),),
        (C("9S"),),
        (C("7H"),),
        (C("KD"),),
        (C("7D"),),
    }
    state, events = apply(state, GiveCards(2, (C("7S"),)))
    exchanged = events[0]
    assert exchanged == CardsExchanged(0, 2, (C("9C"),), (C("7S"),))
    assert exchanged.payload_for(1) == {"from_seat": 0, "to_seat": 2, "count": 1}
    assert state.deal is not None
    assert C("9C") in state.deal.hands[2]
    assert C("7S") in state.deal.hands[0]
    assert not any(GAME.revealed_to(state, 1))
    assert C("9C") in GAME.revealed_to(state, 0)
    view = GAME.view_for(state, 3)
    assert view.game.exchanges[0].trumps is None
    assert view.game.exchanges[0].count == 1


def test_c32_12_a_void_for_four_queens_keeps_its_cards_until_the_game_is_over() -> None:
    """C32-12 shows no card of the voided deal and names no team: its seed and hands, in the
    кон's events and record, would. The кон is sealed until the game is over; a void on a
    demand (C32-11, the demander's hand shown) or for Q♠ in the talon (C32-35) is not."""
    sealed = GAME.sealed_by(DealVoided(VoidReason.FOUR_QUEENS))
    assert sealed is not None
    assert sealed.rule == "C32-12"
    assert GAME.sealed_by(DealVoided(VoidReason.REDEAL_DEMAND)) is None
    assert GAME.sealed_by(DealVoided(VoidReason.QUEEN_OF_SPADES_IN_TALON)) is None


def test_c32_13_a_kon_with_an_exchange_keeps_its_cards_until_the_game_is_over() -> None:
    """C32-13: the others never learn the cards of an exchange; the кон's seed, deck and hands
    would tell them, so the exchange seals the кон until the game is over. An offer refused
    passes no card and seals nothing."""
    hands = [
        "9C AS 10S KS AH 10H KH AD",
        "QC QS QH QD JC JS JH JD",
        "7S 8S 9S 7H AC 10C KD 7D",
        "7C 10D KC 9D 8C 9H 8H 8D",
    ]
    _, refused = apply(plain_deal(hands), OfferLastTrump(0), RefuseLastTrump(2))
    assert [GAME.sealed_by(event) for event in refused] == [None] * len(refused)
    _, passed = apply(
        plain_deal(hands), OfferLastTrump(0), AcceptLastTrump(2), GiveCards(2, (C("7S"),))
    )
    sealing = [(type(e), s.rule) for e in passed if (s := GAME.sealed_by(e)) is not None]
    assert sealing == [(CardsExchanged, "C32-13")]


def test_example_21_the_partner_may_refuse_and_nothing_passes() -> None:
    state = plain_deal(
        [
            "9C AS 10S KS AH 10H KH AD",
            "QC QS QH QD JC JS JH JD",
            "7S 8S 9S 7H AC 10C KD 7D",
            "7C 10D KC 9D 8C 9H 8H 8D",
        ]
    )
    state, events = apply(state, OfferLastTrump(0), RefuseLastTrump(2))
    assert "cards_exchanged" not in types(events)
    assert state.deal is not None
    assert C("9C") in state.deal.hands[0]
    assert OfferLastTrump(0) not in actions(state, 0)  # he offers at most once


def test_example_21_a_partner_of_eight_trumps_gives_a_trump() -> None:
    state = plain_deal(
        [
            "9C AS 10S KS AH 10H KH AD",
            "7S 8S 9S 7H 10D KD 9D 7D",
            "QC QS QH QD JC JS JH JD",
            "7C AC 10C KC 8C 9H 8H 8D",
        ]
    )
    state = apply(state, OfferLastTrump(0), AcceptLastTrump(2))[0]
    assert len(actions(state, 2)) == 8


def test_example_26_both_partners_qualify_and_the_second_option_is_judged_again() -> None:
    hands = [
        "9C AS 10S KS AH 10H KH 7H",  # seat 0: 9♣ only
        "JC JS JH JD 7C AC 10C KC",
        "QC 7S 8S 9S AD 10D 9D 7D",  # seat 2: Q♣ only
        "QS QH QD 8C 9H 8H 8D KD",
    ]
    state = plain_deal(hands)
    assert GAME.to_act(state) == (0, 2)
    state, _ = apply(state, OfferLastTrump(0))
    assert actions(state, 2) == (AcceptLastTrump(2), RefuseLastTrump(2))  # answer first
    state, _ = apply(state, AcceptLastTrump(2), GiveCards(2, (C("7S"),)))
    assert OfferLastTrump(2) not in actions(state, 2)  # two trumps now: lapsed (max 1)
    state = plain_deal(hands, last_trump_max=2)
    state, _ = apply(state, OfferLastTrump(0), AcceptLastTrump(2), GiveCards(2, (C("7S"),)))
    assert actions(state, 2) == (OfferLastTrump(2), KeepLastTrump(2))
    state, events = apply(state, OfferLastTrump(2), AcceptLastTrump(0))
    state, events = apply(state, GiveCards(0, (C("AS"), C("10S"))))
    assert events[0] == CardsExchanged(2, 0, (C("QC"), C("9C")), (C("AS"), C("10S")))
    assert state.deal is not None
    assert {C("QC"), C("9C")} <= set(state.deal.hands[0])


def test_c32_13_the_give_must_be_non_trumps_while_he_holds_any() -> None:
    state = plain_deal(
        [
            "9C AS 10S KS AH 10H KH AD",
            "QC QS QH QD JC JS JH JD",
            "7S 8S 9S 7H AC 10C KD 7D",
            "7C 10D KC 9D 8C 9H 8H 8D",
        ]
    )
    state = apply(state, OfferLastTrump(0), AcceptLastTrump(2))[0]
    with pytest.raises(IllegalAction, match="C32-13"):
        GAME.decide(state, GiveCards(2, (C("AC"),)))


def test_c32_13_no_exchange_in_a_boast_deal_nor_with_a_blind() -> None:
    hands = [
        "JC JS JH JD 7C AC 10C KC",
        "9C AS 10S KS AH 10H KH AD",  # seat 1: one trump, partner the blind
        "QC QS QH QD 8C 9H 8H 8D",
        "7S 8S 9S 7H 10D KD 9D 7D",
    ]
    state = decline_all(plain_deal(hands, players=3))
    assert actions(state, 1) == ()
