"""S66-15 … S66-18: marriages, when they may be declared, when their points count, and going
out on a declaration (worked examples 8, 22, 24 and 25)."""

from __future__ import annotations

import pytest

from app.domain.cards import Suit
from app.domain.errors import IllegalAction
from app.domain.sixty_six import GAME, DealEnd, DeclareMarriage, Options, Phase
from app.domain.sixty_six.events import DealScored, MarriageDeclared, OutClaimed
from app.domain.sixty_six.state import Closing, GameState, Marriage
from tests.domain.sixty_six.helpers import (
    DEFAULT,
    act,
    counted,
    dealt,
    legal_cards,
    legal_types,
    position,
    won,
)

HARD = Options(strictness="hard")


def on_lead(options: Options = DEFAULT, **kwargs: object) -> GameState:
    """Seat 0 on lead after a won trick, holding the K and Q of hearts and of clubs (trump)."""
    return position(
        ("KH QH KC QC 9S", "AH JH 10D 9H JS"),
        "C",
        stock=kwargs.pop("stock", "KD QD JD AC"),  # type: ignore[arg-type]
        tricks=(won(0, "AS 10S"),),
        options=options,
        **kwargs,  # type: ignore[arg-type]
    )


def declares(state: GameState, seat: int = 0) -> set[str]:
    return {a.suit.value for a in GAME.legal_actions(state, seat) if isinstance(a, DeclareMarriage)}


def test_s66_15_twenty_or_forty_in_trumps() -> None:
    state = on_lead()
    assert declares(state) == {"C", "H"}
    _, events = act(state, "declare 0 H")
    assert events == [MarriageDeclared(0, Suit.HEARTS, 20)]
    _, events = act(state, "declare 0 C")
    assert events == [MarriageDeclared(0, Suit.CLUBS, 40)]


def test_s66_15_soft_leads_either_card_hard_the_king_and_one_per_lead() -> None:
    state, _ = act(on_lead(), "declare 0 H")
    assert legal_types(state, 0) == ["claim_out", "lead", "lead"]  # no second marriage
    assert legal_cards(state, 0) == {"KH", "QH"}
    with pytest.raises(IllegalAction, match="one marriage per lead"):
        GAME.decide(state, DeclareMarriage(0, Suit.CLUBS))
    hard, _ = act(on_lead(HARD), "declare 0 H")
    assert legal_cards(hard, 0) == {"KH"}


def test_s66_15_only_the_leader_declares_holding_both_cards() -> None:
    state, _ = act(on_lead(), "lead 0 9S")
    assert state.phase is Phase.FOLLOW
    follower = position(("9S AS", "KH QH"), "C", stock="KD QD JD AC", trick="", leader=0)
    assert declares(follower, 1) == set()
    with pytest.raises(IllegalAction, match="you do not hold K♠ and Q♠"):
        GAME.decide(on_lead(), DeclareMarriage(0, Suit.SPADES))


def test_s66_16_not_once_the_stock_is_closed_or_exhausted_by_default_in_66() -> None:
    closed = on_lead(closing=Closing(0, 0, False, False))
    assert declares(closed) == set()
    with pytest.raises(IllegalAction, match="S66-16"):
        GAME.decide(closed, DeclareMarriage(0, Suit.HEARTS))
    assert declares(on_lead(stock="")) == set()


def test_s66_16_marriages_when_closed_lifts_the_stock_condition() -> None:
    options = Options(marriages_when_closed=True)
    assert declares(on_lead(options, closing=Closing(0, 0, False, False))) == {"C", "H"}
    assert declares(on_lead(options, stock="")) == {"C", "H"}


def test_s66_16_soft_declares_on_the_first_lead_hard_only_after_a_trick() -> None:
    hands = ("KH QH 9S JS 10H QS", "AH JH 10D 9H AS 10S")
    stock = "KD QD JD 9D KS QC JC 10C KC AD 9C"
    assert declares(dealt(hands, "AC", stock)) == {"H"}
    hard = dealt(hands, "AC", stock, options=HARD)
    assert declares(hard) == set()
    with pytest.raises(IllegalAction, match=r"S66-16, S66-29"):
        GAME.decide(hard, DeclareMarriage(0, Suit.HEARTS))


def test_s66_16_example_25_closing_and_marriages() -> None:
    # 66: N wins trick 1 and closes before the draw, holding KH QH.
    hands = ("AS KH QH 9S JS 10H", "9H JH 10D QD AD 10S")
    stock = "KD JD 9D KS QC JC 10C KC QS 9C AH"
    for when_closed, expected in ((True, {"H"}), (False, set()), (None, set())):
        options = Options(marriages_when_closed=when_closed)
        state, _ = act(dealt(hands, "AC", stock, options=options), "lead 0 AS", "play 1 9H")
        state, _ = act(state, "close 0")
        assert declares(state) == expected, when_closed
    # Unset with schnapsen: N wins trick 1, the draw is made, N closes on his lead: he may.
    s_hands = ("AS KH QH JS 10H", "JH 10D QD AD 10S")
    s_stock = "KD JD KS QC JC 10C KC QS AH"
    state = dealt(s_hands, "AC", s_stock, options=Options(deck="schnapsen"))
    state, _ = act(state, "lead 0 AS", "play 1 JH", "close 0")
    assert declares(state) == {"H"}


def test_s66_17_example_8_pending_marriage_points() -> None:
    n = "KH QH 10S 9D JD 9S"
    d = "AH KS QD 10D JS 9H"
    stock = "AC 10C KC QC 9C AS QS 10H JH AD KD"
    state, _ = act(dealt((n, d), "JC", stock), "declare 0 H", "lead 0 QH", "play 1 AH")
    assert counted(state, 0) == 0  # the 20 are pending: N has no trick
    assert counted(state, 1) == 14
    state, _ = act(state, "draw 1", "lead 1 KS", "play 0 10S")
    assert counted(state, 0) == 14 + 20


def test_s66_17_a_marriage_never_counts_without_a_trick() -> None:
    state = position(
        ("10S", "AS"),
        "C",
        tricks=(won(1, "KH 10H"), won(1, "QH AH")),
        marriages=(Marriage(0, Suit.HEARTS, 20),),
        leader=1,
    )
    state, events = act(state, "lead 1 AS", "play 0 10S")  # seat 0 never wins a trick
    scored = events[-1]
    assert isinstance(scored, DealScored)
    assert scored.points == (0, 14 + 14 + 21 + 10)
    assert (scored.winner, scored.game_points) == (1, 3)


def test_s66_18_example_22_declare_and_go_out() -> None:
    tricks = (won(1, "AD 10D"), won(1, "AS 10S"), won(1, "KS JD"), won(1, "JH 9D"))
    state = position(
        ("AH 10H QS JS 9S", "KC QC 9H JC 10C"), "C", stock="KD QD 9C AC", tricks=tricks, leader=1
    )
    assert counted(state, 1) == 50
    state, _ = act(state, "declare 1 C")
    assert counted(state, 1) == 90
    assert legal_types(state, 1) == ["claim_out", "lead", "lead"]  # else one of the pair
    state, events = act(state, "claim_out 1")
    assert events[0] == OutClaimed(1, False)
    scored = events[1]
    assert isinstance(scored, DealScored)
    assert (scored.winner, scored.game_points, scored.reason) == (1, 3, DealEnd.CLAIM)


def test_s66_18_example_24_claim_windows_before_trick_1() -> None:
    hands = ("KH QH 9S JS 10H QS", "AH JH 10D 9H AS 10S")
    stock = "KD QD JD 9D KS QC JC 10C KC AD 9C"
    state = dealt(hands, "AC", stock)
    assert "claim_out" not in legal_types(state, 0)
    state, _ = act(state, "declare 0 H")
    assert "claim_out" in legal_types(state, 0)
    _, events = act(state, "claim_out 0")
    scored = events[-1]
    assert isinstance(scored, DealScored)
    # False: the 20 are pending and N has no trick; D has none either -> 3.
    assert (scored.winner, scored.game_points, scored.reason) == (1, 3, DealEnd.FALSE_CLAIM)
    auto = dealt(hands, "AC", stock, options=Options(auto_out=True))
    auto, _ = act(auto, "declare 0 H")
    assert "claim_out" not in legal_types(auto, 0)


def test_s66_18_example_24_with_auto_out_the_server_ends_the_deal_after_the_declare() -> None:
    tricks = (won(1, "AD 10D"), won(1, "AS 10S"), won(1, "KS JD"), won(1, "JH 9D"))
    state = position(
        ("AH 10H QS JS 9S", "KC QC 9H JC 10C"),
        "C",
        stock="KD QD 9C AC",
        tricks=tricks,
        leader=1,
        options=Options(auto_out=True),
    )
    assert "claim_out" not in legal_types(state, 1)
    state, events = act(state, "declare 1 C")
    assert events[1] == OutClaimed(1, True)
    assert state.phase is Phase.SHUFFLE
