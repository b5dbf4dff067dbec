"""B-15 … B-17: the combinations, the bura, the claims that take the lead. Trump is diamonds
and there are 2 players unless stated otherwise."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.domain.bura import GAME
from app.domain.bura.combinations import Combination, claimable, is_bura
from app.domain.bura.commands import Beat, Claim, Declare, Discard, Lead
from app.domain.bura.events import BuraShown, CombinationClaimed
from app.domain.bura.options import Options
from app.domain.cards import Suit
from app.domain.errors import IllegalAction
from app.domain.multitrick.events import DealScored
from app.domain.view import Face
from tests.domain.bura.helpers import C, cards, play, position

STOCK = "6H 7H 8H 9H JH QH KH 6C 7C 8C 9C 10C 10S 9S 8S 7S 6S"
ACE_LEADS = Options(ace_leads=True)


def leads_of(state, seat):  # type: ignore[no-untyped-def]
    return {a.cards for a in GAME.legal_actions(state, seat) if isinstance(a, Lead)}


def claims_of(state, seat):  # type: ignore[no-untyped-def]
    return {a.cards for a in GAME.legal_actions(state, seat) if isinstance(a, Claim)}


def test_b_15_combinations_of_a_four_card_hand() -> None:
    def found(hand: str, **options: bool) -> set[tuple[Combination, str]]:
        combos = claimable(cards(hand), Suit.DIAMONDS, Options(**options))
        return {(c, " ".join(map(str, shown))) for c, shown in combos}

    assert found("AS AH AD AC") == {
        (Combination.FOUR_ENDS, "AC AS AH AD"),
        (Combination.MOSCOW, "AC AS AH"),
        (Combination.MOSCOW, "AC AS AD"),
        (Combination.MOSCOW, "AC AH AD"),
        (Combination.MOSCOW, "AS AH AD"),
    }
    assert found("10S 10H 10D 10C") == set()
    assert found("10S 10H 10D 10C", four_ends_tens=True) == {
        (Combination.FOUR_ENDS, "10C 10S 10H 10D")
    }
    assert found("7C 8C JC KC") == {(Combination.MOLODKA, "KC JC 8C 7C")}
    assert found("7D 8D JD KD") == set()  # four trumps are a bura, never claimed
    assert is_bura(cards("7D 8D JD KD"), Suit.DIAMONDS)
    assert found("AS AH AC 7S") == {(Combination.MOSCOW, "AC AS AH")}
    assert found("AS AH AC 7S", moscow_trump_ace=True) == set()
    assert found("AS AH AC") == set()  # only a hand of exactly four cards
    assert Combination.FOUR_ENDS.rank > Combination.MOLODKA.rank > Combination.MOSCOW.rank


def with_pile(state, seat: int, pile: str):  # type: ignore[no-untyped-def]
    board = state.running.board
    piles = tuple(cards(pile) if s == seat else p for s, p in enumerate(board.piles))
    taken = tuple(1 if s == seat else t for s, t in enumerate(board.tricks_taken))
    board = replace(board, piles=piles, tricks_taken=taken)
    return replace(state, deal=replace(state.running, board=board))


@pytest.mark.parametrize(
    ("pile", "points", "penalty"), [("10S 10H 10C KH KC JH", 40, 2), ("AS 10H KH", 25, 4)]
)
def test_b_16_a_bura_after_a_draw_ends_the_deal_example_8(
    pile: str, points: int, penalty: int
) -> None:
    state = position(["6C KS 7S 6S", "9C QD 9D 6D"], stock="AD 8S 10D", trump="7D")
    state = with_pile(state, 0, pile)
    assert state.running.board.pile_points((0,)) == points
    state, events = play(state, Lead(0, cards("6C")), Beat(1, cards("9C")))
    assert BuraShown(1, cards("6D 9D QD AD")) in events
    scored = events[-1]
    assert isinstance(scored, DealScored)
    assert scored.reason == "bura"
    assert scored.penalties == (penalty, 0)
    assert not GAME.deal_running(state)


def test_b_16_a_dealt_bura_gives_six() -> None:
    from app.domain.bura.decide import _buras

    state = position(["6C KS 7S 6S", "6D 9D QD AD"], stock="8S 10H", trump="7D")
    events = _buras(state, state.running.board, C("7D"))
    assert events[-1].penalties == (6, 0)  # type: ignore[attr-defined]


def test_b_16_bura_scores_and_two_buras_example_9() -> None:
    from app.domain.bura.decide import _buras  # the check itself, on literal hands

    hands = ["AS KS QS JS", "6D 7D 8D 10D", "9D JD QD KD"]

    board_state = position(hands, stock="6H 7H 8H", trump="AD", leader=0)
    events = _buras(board_state, board_state.running.board, C("AD"))
    assert [e.seat for e in events if isinstance(e, BuraShown)] == [1, 2]  # type: ignore[attr-defined]
    scored = events[-1]
    assert isinstance(scored, DealScored)
    assert scored.reason == "bura"
    assert scored.penalties == (6, 0, 6)  # seat 1 holds 10D: 10 ranks above K


def test_b_17_a_moscow_claim_takes_the_lead_example_3() -> None:
    hands = ["6D 7D 9D KS", "AS AH AC 7S"]
    state = position(hands, stock=STOCK)
    assert claims_of(state, 0) == set()  # seat 0 has the lead
    assert claims_of(state, 1) == {cards("AS AH AC")}
    state, [claimed] = play(state, Claim(1, cards("AS AH AC")))
    assert claimed == CombinationClaimed(1, Combination.MOSCOW, cards("AS AH AC"))
    assert GAME.to_act(state) == (1,)
    assert leads_of(state, 1) == {cards(c) for c in ("AC", "AS", "AH", "7S", "AS 7S")}
    view = GAME.view_for(state, 0)
    assert view.game.claim is not None
    assert view.game.claim.cards == cards("AS AH AC")  # shown as proof, still in hand
    assert set(cards("AS AH AC")) <= GAME.revealed_to(state, 0)
    aces = position(hands, stock=STOCK, options=ACE_LEADS)
    aces, _ = play(aces, Claim(1, cards("AS AH AC")))
    assert cards("AS AH AC") in leads_of(aces, 1)
    aces, _ = play(aces, Lead(1, cards("AS AH AC")))
    beats = {a.cards for a in GAME.legal_actions(aces, 0) if isinstance(a, Beat)}
    assert beats == {cards("6D 7D 9D")}
    clubs = position(hands, trump="8C", stock=STOCK, options=ACE_LEADS)
    clubs, _ = play(clubs, Claim(1, cards("AS AH AC")), Lead(1, cards("AS AH AC")))
    assert all(isinstance(a, Discard | Declare) for a in GAME.legal_actions(clubs, 0))
    has_lead = position(["AS AH AC 7S", "6D 7D 9D KS"], stock=STOCK, options=ACE_LEADS)
    assert claims_of(has_lead, 0) == set()
    assert cards("AS AH AC") not in leads_of(has_lead, 0)


def test_b_17_four_ends_with_ace_leads_three_players_example_4() -> None:
    hands = ["10S 10H KS 9D", "AS AH AD AC", "10D KD QD 6S"]
    state = position(hands, stock=STOCK, options=ACE_LEADS)
    state, _ = play(state, Claim(1, cards("AS AH AD AC")))
    assert leads_of(state, 1) == {cards(c) for c in ("AC", "AS", "AH", "AD", "AS AH AD AC")}
    state, _ = play(
        state,
        Lead(1, cards("AS AH AD AC")),
        Discard(2, cards("10D KD QD 6S")),
        Discard(0, cards("10S 10H KS 9D")),
    )
    assert state.running.board.pile_points((1,)) == 44 + 17 + 24
    plain = position(hands, stock=STOCK)
    plain, _ = play(plain, Claim(1, cards("AS AH AD AC")))
    assert leads_of(plain, 1) == {cards(c) for c in ("AC", "AS", "AH", "AD")}


def test_b_17_a_molodka_claim_and_late_claims_example_5() -> None:
    hands = ["10H AC 6D 9S", "7C 8C JC KC"]
    state = position(hands, stock=STOCK)
    state, _ = play(state, Claim(1, cards("7C 8C JC KC")), Lead(1, cards("7C 8C JC KC")))
    assert {type(a) for a in GAME.legal_actions(state, 0)} == {Discard, Declare}
    state, _ = play(state, Discard(0, cards("10H AC 6D 9S")))
    assert state.running.board.pile_points((1,)) == 27
    led, _ = play(position(hands, stock=STOCK), Lead(0, cards("10H")))
    assert claims_of(led, 1) == set()
    with pytest.raises(IllegalAction, match=r"before the trick's lead \(B-17\)"):
        GAME.decide(led, Claim(1, cards("7C 8C JC KC")))
    late = position(hands, stock=STOCK, options=Options(late_claims=True))
    late, _ = play(late, Lead(0, cards("10H")), Claim(1, cards("7C 8C JC KC")))
    assert C("10H") in late.running.board.hands[0]
    assert GAME.to_act(late) == (1,)


def test_b_17_priority_by_rank_example_6() -> None:
    state = position(["6S 7S 8S 9S", "AH AD AC 6H"], stock=STOCK)
    assert claims_of(state, 0) == set()
    state, _ = play(state, Claim(1, cards("AH AD AC")))
    assert claims_of(state, 0) == {cards("6S 7S 8S 9S")}
    state, _ = play(state, Claim(0, cards("6S 7S 8S 9S")))
    assert GAME.to_act(state) == (0,)
    assert claims_of(state, 1) == set()
    four = position(["6S 7S 8S 9S", "AS AH AD AC"], stock=STOCK)
    four, _ = play(four, Claim(1, cards("AS AH AD AC")))
    with pytest.raises(IllegalAction, match=r"четыре конца stands.*B-17"):
        GAME.decide(four, Claim(0, cards("6S 7S 8S 9S")))


def test_b_17_priority_by_distance_three_players_example_7() -> None:
    hands = ["KH QH JS 10S", "AS AH AC 7S", "6C 7C 8C 9C"]
    state = position(hands, stock=STOCK)
    state, _ = play(state, Claim(2, cards("6C 7C 8C 9C")))
    with pytest.raises(IllegalAction, match="B-17"):
        GAME.decide(state, Claim(1, cards("AS AH AC")))
    molodka = ["KH QH JS 10S", "6S 7S 8S 9S", "6C 7C 8C 9C"]
    state = position(molodka, stock=STOCK)
    state, _ = play(state, Claim(2, cards("6C 7C 8C 9C")), Claim(1, cards("6S 7S 8S 9S")))
    assert GAME.to_act(state) == (1,)
    assert claims_of(state, 2) == set()
    late = position(molodka, stock=STOCK, options=Options(late_claims=True))
    late, _ = play(late, Lead(0, cards("KH")), Claim(2, cards("6C 7C 8C 9C")))
    assert C("KH") in late.running.board.hands[0]


def test_b_17_claims_after_a_return_three_players_example_18() -> None:
    hands = ["6H 7H 8H 9H", "KS QS JS 10S", "6C 7C 8C 9C"]
    late = Options(late_claims=True)
    state = position(hands, stock=STOCK, options=late)
    assert claims_of(state, 0) == set()
    state, _ = play(state, Lead(0, cards("6H")), Discard(1, cards("KS")))
    assert claims_of(state, 1) == set()
    state, _ = play(state, Claim(2, cards("6C 7C 8C 9C")))
    board = state.running.board
    assert C("6H") in board.hands[0]
    assert C("KS") in board.hands[1]
    assert C("KS") not in GAME.revealed_to(state, 0)  # the discard stays hidden
    assert claims_of(state, 1) == {cards("KS QS JS 10S")}
    assert claims_of(state, 0) == {cards("6H 7H 8H 9H")}
    state, _ = play(state, Claim(0, cards("6H 7H 8H 9H")))
    assert claims_of(state, 1) == set()
    assert cards("6H 7H 8H 9H") in leads_of(state, 0)
    strict = position(hands, stock=STOCK)
    assert claims_of(strict, 1) == {cards("KS QS JS 10S")}
    strict, _ = play(strict, Lead(0, cards("6H")))
    assert claims_of(strict, 1) == set()
    assert claims_of(strict, 2) == set()


def test_b_17_moscow_from_four_aces_example_19() -> None:
    hands = ["6S 7S 9C KH", "AS AH AD AC"]
    state = position(hands, stock=STOCK)
    assert len(claims_of(state, 1)) == 5  # the четыре конца, or a Москва of any three
    trump_ace = position(hands, stock=STOCK, options=Options(moscow_trump_ace=True))
    moscows = {c for c in claims_of(trump_ace, 1) if len(c) == 3}
    assert len(moscows) == 3
    assert all(C("AD") in c for c in moscows)
    with pytest.raises(IllegalAction, match="B-15"):
        GAME.decide(trump_ace, Claim(1, cards("AS AH AC")))
    state, _ = play(state, Claim(1, cards("AS AH AC")))
    assert leads_of(state, 1) == {cards(c) for c in ("AC", "AS", "AH", "AD")}
    aces = position(hands, stock=STOCK, options=ACE_LEADS)
    aces, _ = play(aces, Claim(1, cards("AS AH AC")))
    assert cards("AS AH AC") in leads_of(aces, 1)
    assert cards("AS AH AD AC") not in leads_of(aces, 1)


def test_b_17_a_claim_is_shown_face_up_and_never_made_for_a_player() -> None:
    state = position(["6S 7S 9C KH", "AS AH AD AC"], stock=STOCK)
    assert GAME.clock_default(state, 1, 0) is None
    assert GAME.to_act(state) == (0,)
    state, _ = play(state, Claim(1, cards("AS AH AD AC")))
    assert GAME.clock_default(state, 1, 0) == Lead(1, cards("AC"))
    trick = GAME.view_for(state, 0).trick
    assert trick is not None
    assert trick.plays == ()
    assert Face.UP
