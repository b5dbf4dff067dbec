"""K-9 (the lone trump) and K-10 (no queens): the decision phase before the first lead."""

from __future__ import annotations

import pytest

from app.domain import kozel24 as k
from app.domain.errors import IllegalAction, NotYourTurn
from app.domain.kozel24.events import (
    CardsExchanged,
    DealScored,
    ExchangeAsked,
    LoneTrumpKept,
    NoQueensClaimed,
)
from tests.domain.helpers import SWEEP, card, deal, hand_of, plays_for

# Seat 1 was dealt one trump (K♣); its partner, seat 3, holds no trump; team 1 has no queen.
LONE = [
    "6C QC QS QH QD JC",
    "KC AS 10S KS 6S AH",
    "JS JH JD AC 10C 6D",
    "10H KH 6H AD 10D KD",
]
# Seat 0's lone trump is J♦; its partner holds trumps and plain cards; both teams hold queens.
LONE_WITH_CHOICE = [
    "JD AS 10S KS 6S AH",
    "QS QH QD JC JS JH",
    "6C QC 10H KH 6H AD",
    "AC 10C KC 10D KD 6D",
]
# Seat 0's lone trump is J♦; its partner holds only trumps.
PARTNER_ALL_TRUMPS = [
    "JD AS 10S KS 6S AH",
    "JS JH AC 10C KC 10H",
    "6C QC QS QH QD JC",
    "KH 6H AD 10D KD 6D",
]
# Seats 0 and 2 were each dealt one trump; team 0 holds no queen.
BOTH_LONE = [
    "JD AS 10S KS 6S AH",
    "6C QC QS QH QD JC",
    "JH 10H KH 6H AD 10D",
    "JS AC 10C KC KD 6D",
]


def opts(state: k.GameState, seat: int) -> list[k.SeatCommand]:
    return list(k.legal_actions(state, seat))


def test_k9_lone_trump_holder_may_exchange_or_keep() -> None:
    state = deal(LONE_WITH_CHOICE, dealer=3, deal_no=2)
    assert state.phase is k.Phase.DECISIONS
    assert k.to_act(state) == (0,)
    assert opts(state, 0) == [k.DecideExchange(0, True), k.DecideExchange(0, False)]
    for seat in (1, 2, 3):
        assert opts(state, seat) == []
        with pytest.raises(NotYourTurn):
            k.decide(state, k.DecideExchange(seat, True))
    with pytest.raises(IllegalAction):
        k.decide(state, k.PlayCard(0, card("AS")))  # no lead while an option is open


def test_k9_keep_opens_the_first_lead() -> None:
    state = deal(LONE_WITH_CHOICE, dealer=3, deal_no=2)
    state, events = k.apply(state, k.DecideExchange(0, False))
    assert events == [LoneTrumpKept(0)]
    assert state.phase is k.Phase.PLAY
    assert k.to_act(state) == (0,)
    assert hand_of(state, 0) == set(LONE_WITH_CHOICE[0].split())


def test_k9_partner_gives_a_non_trump_when_it_holds_one() -> None:
    state = deal(LONE_WITH_CHOICE, dealer=3, deal_no=2)
    state, events = k.apply(state, k.DecideExchange(0, True))
    assert events == [ExchangeAsked(0)]
    assert k.to_act(state) == (2,)
    gives = {str(a.card) for a in opts(state, 2) if isinstance(a, k.GiveCard)}
    assert gives == {"10H", "KH", "6H", "AD"}
    with pytest.raises(IllegalAction):
        k.decide(state, k.GiveCard(2, card("6C")))
    state, events = k.apply(state, k.GiveCard(2, card("KH")))
    assert events == [CardsExchanged(0, 2, card("JD"), card("KH"))]
    assert hand_of(state, 0) == {"KH", "AS", "10S", "KS", "6S", "AH"}
    assert hand_of(state, 2) == {"6C", "QC", "JD", "10H", "6H", "AD"}
    assert state.phase is k.Phase.PLAY


def test_k9_lone_trump_when_the_partner_holds_only_trumps() -> None:
    state = deal(PARTNER_ALL_TRUMPS, dealer=3, deal_no=2)
    state, _ = k.apply(state, k.DecideExchange(0, True))
    gives = {str(a.card) for a in opts(state, 2) if isinstance(a, k.GiveCard)}
    assert gives == set(PARTNER_ALL_TRUMPS[2].split())
    state, _ = k.apply(state, k.GiveCard(2, card("QS")))
    assert "QS" in hand_of(state, 0)
    assert "JD" in hand_of(state, 2)


def test_k9_both_partners_with_a_lone_trump_exchange_one_after_the_other() -> None:
    state = deal(BOTH_LONE, dealer=3, deal_no=2)
    assert set(k.to_act(state)) == {0, 2}
    state, _ = k.apply(state, k.DecideExchange(0, True))
    state, _ = k.apply(state, k.DecideExchange(2, True))
    # Each now owes the other a card; each passes the trump it was dealt.
    assert {str(a.card) for a in opts(state, 2) if isinstance(a, k.GiveCard)} == {
        "10H",
        "KH",
        "6H",
        "AD",
        "10D",
    }
    state, events = k.apply(state, k.GiveCard(2, card("10H")))
    assert events == [CardsExchanged(0, 2, card("JD"), card("10H"))]
    state, events = k.apply(state, k.GiveCard(0, card("AS")))
    assert events == [CardsExchanged(2, 0, card("JH"), card("AS"))]
    assert hand_of(state, 0) == {"JH", "10S", "KS", "6S", "AH", "10H"}
    assert hand_of(state, 2) == {"JD", "AS", "KH", "6H", "AD", "10D"}
    # Team 0 holds no queen: the claim is still open to both of them.
    assert state.phase is k.Phase.DECISIONS
    assert opts(state, 0) == [k.ClaimNoQueens(0), k.PlayOn(0)]
    assert opts(state, 0) == [k.ClaimNoQueens(0), k.PlayOn(0)]
    state, _ = k.apply(state, k.PlayOn(2))
    assert state.phase is k.Phase.PLAY
    assert len(state.exchanges) == 2


def test_k9_each_player_asks_at_most_once() -> None:
    state = deal(BOTH_LONE, dealer=3, deal_no=2)
    state, _ = k.apply(state, k.DecideExchange(0, True))
    with pytest.raises((IllegalAction, NotYourTurn)):
        k.decide(state, k.DecideExchange(0, True))
    state, _ = k.apply(state, k.GiveCard(2, card("10H")))
    # Seat 0 now holds no trump... and still cannot ask again.
    assert k.DecideExchange(0, True) not in opts(state, 0)


def test_k9_no_exchange_in_deal_1() -> None:
    state = deal(LONE_WITH_CHOICE, dealer=3, deal_no=1)
    assert state.phase is k.Phase.PLAY
    assert k.to_act(state) == (2,)  # the holder of A♦ leads
    assert opts(state, 0) == []


def test_k9_eligibility_is_judged_on_the_dealt_hand() -> None:
    """A seat that receives a lone trump in an exchange has no option of its own."""
    state = deal(LONE, dealer=3, deal_no=2)
    assert set(k.to_act(state)) == {1, 3}
    state, _ = k.apply(state, k.DecideExchange(1, True))
    state, _ = k.apply(state, k.GiveCard(3, card("10H")))
    assert hand_of(state, 3) & {"KC"}
    assert opts(state, 3) == [k.ClaimNoQueens(3), k.PlayOn(3)]


def test_k10_a_team_without_queens_may_claim_in_deal_2() -> None:
    state = deal(SWEEP, dealer=0, deal_no=2, written=(2, 6))
    assert set(k.to_act(state)) == {1, 3}
    assert opts(state, 1) == [k.ClaimNoQueens(1), k.PlayOn(1)]
    assert opts(state, 0) == []
    state, events = k.apply(state, k.ClaimNoQueens(3))
    assert events == [
        NoQueensClaimed(3),
        DealScored(2, (0, 0), None, 0, "no_queens", None, 1),
    ]
    assert state.written == (2, 6)
    assert state.phase is k.Phase.SHUFFLE
    assert state.next_dealer == 1  # K-8: the rotation advances


def test_k10_the_first_answer_decides_for_the_team() -> None:
    state = deal(SWEEP, dealer=0, deal_no=2)
    state, _ = k.apply(state, k.PlayOn(1))
    assert state.phase is k.Phase.PLAY
    assert opts(state, 3) == []
    with pytest.raises((IllegalAction, NotYourTurn)):
        k.decide(state, k.ClaimNoQueens(3))


def test_k10_no_claim_in_deal_1() -> None:
    state = deal(SWEEP, dealer=0, deal_no=1)
    assert state.phase is k.Phase.PLAY
    assert k.to_act(state) == (3,)
    assert plays_for(state, 3) == {"AD"}
    with pytest.raises((IllegalAction, NotYourTurn)):
        k.decide(state, k.ClaimNoQueens(1))


def test_k10_eggs_survive_a_void_deal() -> None:
    state = deal(SWEEP, dealer=0, deal_no=3, eggs_multiplier=2, eggs_played=True)
    state, _ = k.apply(state, k.ClaimNoQueens(1))
    assert state.eggs_multiplier == 2


def test_k9_k10_options_are_answered_in_any_order() -> None:
    state = deal(LONE, dealer=3, deal_no=2)
    state, _ = k.apply(state, k.PlayOn(3))
    assert k.to_act(state) == (1,)
    state, _ = k.apply(state, k.DecideExchange(1, False))
    assert state.phase is k.Phase.PLAY
    assert k.to_act(state) == (0,)
