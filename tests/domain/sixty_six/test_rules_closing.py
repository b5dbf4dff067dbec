"""S66-19 and S66-20: closing the stock, and the turn structure around a trick (worked
examples 20, 21 and 29)."""

from __future__ import annotations

import pytest

from app.domain.cards import Suit
from app.domain.errors import IllegalAction
from app.domain.sixty_six import GAME, CloseStock, Draw, Options, Phase
from app.domain.sixty_six.clock import clock_default
from app.domain.sixty_six.events import CardDrawn, DealScored, StockClosed
from app.domain.sixty_six.state import GameState, Marriage
from tests.domain.sixty_six.helpers import act, dealt, legal_types, position, won

HARD = Options(strictness="hard")
SCHNAPSEN = Options(deck="schnapsen")
HANDS = ("AS KH QH 9S JS 10H", "9H JH 10D QD AD 10S")
STOCK = "KD JD 9D KS QC JC 10C KC QS 9C AH"


def play_out(state: GameState) -> tuple[GameState, list[object]]:
    """The clock's defaults to the end of the deal (it never closes, declares or claims)."""
    events: list[object] = []
    while state.phase not in (Phase.SHUFFLE, Phase.GAME_OVER):
        command = clock_default(state, GAME.to_act(state)[0], 0)
        assert command is not None
        state, new = act(state, command)
        events += new
    return state, events


def test_s66_19_the_closer_and_opponent_points_and_tricks_are_recorded() -> None:
    state = position(
        ("AS KH QH 9S JS 10H", "9H JH 10D QD AD 10S"),
        "C",
        stock="KD JD 9D AC",
        tricks=(won(1, "KS QS"), won(0, "AC 10C"), won(1, "10S JC")),
        marriages=(Marriage(1, Suit.DIAMONDS, 20),),
        leader=0,
    )
    state, events = act(state, "close 0")
    assert events == [StockClosed(0, 7 + 12 + 20, True, False)]  # oPts counts his marriage
    assert state.deal is not None
    assert state.deal.closing is not None
    view = GAME.view_for(state, 1)
    assert view.stock is not None
    assert (view.stock.size, view.stock.trump_card) == (4, None)  # the trump card turned down


def test_s66_19_after_closing_nobody_draws_and_play_is_strict() -> None:
    state, _ = act(dealt(HANDS, "AC", STOCK), "close 0")  # the forehand, before trick 1
    assert state.deal is not None
    state, events = act(state, "lead 0 10H")
    assert {a.card.code for a in GAME.legal_actions(state, 1)} == {"JH", "9H"}  # type: ignore[attr-defined]
    state, events = act(state, "play 1 JH")
    assert not any(isinstance(e, CardDrawn) for e in events)
    assert state.deal is not None
    assert len(state.deal.stock) == 12
    assert state.phase is Phase.LEAD  # no draw-or-close choice on a closed stock
    assert "exchange" not in legal_types(state, 0)


@pytest.mark.parametrize("options", [Options(), SCHNAPSEN])
def test_s66_19_the_forehand_may_close_before_the_first_trick(options: Options) -> None:
    if options.deck == "schnapsen":
        state = dealt(
            ("AS KH QH JS 10H", "JH 10D QD AD 10S"),
            "AC",
            "KD JD KS QC JC 10C KC QS AH",
            options=options,
        )
    else:
        state = dealt(HANDS, "AC", STOCK)
    assert "close" in legal_types(state, 0)


def test_s66_19_in_66_the_winner_may_close_before_the_draw_with_five_cards() -> None:
    state, _ = act(dealt(HANDS, "AC", STOCK), "lead 0 AS", "play 1 9H")
    assert state.phase is Phase.CLOSE_OR_DRAW
    state, events = act(state, "close 0")
    assert events == [StockClosed(0, 0, False, True)]
    assert state.deal is not None
    assert [len(hand) for hand in state.deal.hands] == [5, 5]


def test_s66_19_example_20_closing_before_the_draw_after_trick_4() -> None:
    tricks = (won(0, "AC 10C"), won(1, "KC QC"), won(0, "AD 10D"), won(1, "9S 9D"))
    state = position(
        ("AS KH QH JS 10H", "9H JH QD 10S KS"),
        "C",
        stock="KD JD QS AH 9C JC",  # 5 face down and the trump card
        tricks=tricks,
        leader=1,
        phase=Phase.CLOSE_OR_DRAW,
    )
    state, _ = act(state, "close 1")
    state, events = play_out(state)
    assert state.deal is not None
    assert len(state.deal.tricks) == 9
    assert len(state.deal.stock) == 6
    scored = events[-1]
    assert isinstance(scored, DealScored)
    assert sum(scored.points) == 120 - 22  # no last-trick bonus; 22 points stay in the stock


def test_s66_19_example_21_no_closing_with_one_face_down_card() -> None:
    state = position(
        ("AS KH QH JS 10H 9S", "9H JH QD 10S KS 9D"),
        "C",
        stock="KD 9C",
        tricks=(won(0, "AC 10C"),) * 5,
    )
    assert "close" not in legal_types(state, 0)
    assert "exchange" not in legal_types(state, 0)  # he holds no 9C: see below
    with pytest.raises(IllegalAction, match="too late to close"):
        GAME.decide(state, CloseStock(0))
    # After trick 6 the stock holds 2 cards: no close before the draw, the draw is made at once.
    state = position(
        ("AS KH QH JS 10H", "9H JH QD 10S KS 9D"),
        "C",
        stock="KD JC",
        phase=Phase.FOLLOW,
        trick="AD",
    )
    state, events = act(state, "play 1 9D")
    assert isinstance(events[-1], CardDrawn)
    assert events[-1].face_up
    assert state.phase is Phase.LEAD


def test_s66_19_example_21_the_leader_of_trick_6_may_exchange_in_soft_only() -> None:
    for options, offered in ((Options(), True), (HARD, False)):
        state = position(
            ("AS KH QH JS 10H 9C", "9H JH QD 10S KS 9D"),
            "C",
            stock="KD JC",
            tricks=(won(0, "AC 10C"),),
            options=options,
        )
        assert ("exchange" in legal_types(state, 0)) is offered


def test_s66_19_example_29_closing_in_schnapsen() -> None:
    hands = ("AS KH QH JS 10H", "JH 10D QD AD 10S")
    state = dealt(hands, "AC", "KD JD KS QC JC 10C KC QS AH", options=SCHNAPSEN)
    state, events = act(state, "lead 0 AS", "play 1 JH")
    assert state.phase is Phase.LEAD  # no draw-or-close choice: the draw was made at once
    assert [type(e).__name__ for e in events[-2:]] == ["CardDrawn", "CardDrawn"]
    assert state.deal is not None
    assert len(state.deal.stock) == 8
    assert "close" in legal_types(state, 0)
    with pytest.raises(IllegalAction):
        GAME.decide(state, Draw(0))
    # After the draw that follows trick 4 the stock holds 2: the leader of trick 5 cannot close.
    late = position(
        ("AS KH QH JS 10H", "JH 10D QD AD 10S"),
        "C",
        stock="KD AC",
        tricks=(won(0, "KC QC"),) * 4,
        options=SCHNAPSEN,
    )
    assert "close" not in legal_types(late, 0)


def test_s66_20_the_winner_in_66_chooses_close_draw_or_claim() -> None:
    state, _ = act(dealt(HANDS, "AC", STOCK), "lead 0 AS", "play 1 9H")
    assert legal_types(state, 0) == ["draw", "close", "claim_out"]
    assert clock_default(state, 0, 0) == Draw(0)


def test_s66_20_the_leaders_window_in_order_each_at_most_once() -> None:
    state = position(
        ("9C KH QH JS 10H 9S", "9H JH QD 10S KS 9D"),
        "C",
        stock="KD JD QS 10D AC",
        tricks=(won(0, "AD 10C"),),
    )
    assert legal_types(state, 0)[:4] == ["exchange", "close", "declare", "claim_out"]
    state, _ = act(state, "exchange 0")
    assert legal_types(state, 0)[:3] == ["close", "declare", "claim_out"]
    state, _ = act(state, "close 0")
    assert legal_types(state, 0)[:2] == ["claim_out", "lead"]  # 66: no marriage once closed
    state, _ = act(state, "lead 0 AC")
    assert set(legal_types(state, 1)) == {"play"}  # the follower only plays


def test_s66_20_after_a_declaration_only_the_claim_or_a_card_of_the_pair() -> None:
    state = position(
        ("9C KH QH JS 10H 9S", "9H JH QD 10S KS 9D"),
        "C",
        stock="KD JD QS 10D AC",
        tricks=(won(0, "AD 10C"),),
    )
    state, _ = act(state, "declare 0 H")
    assert legal_types(state, 0) == ["claim_out", "lead", "lead"]
    with pytest.raises(IllegalAction, match="S66-20"):
        GAME.decide(state, CloseStock(0))


def test_s66_20_otherwise_and_always_with_schnapsen_the_draw_is_automatic() -> None:
    hands = ("AS KH QH JS 10H", "JH 10D QD AD 10S")
    state = dealt(hands, "AC", "KD JD KS QC JC 10C KC QS AH", options=SCHNAPSEN)
    state, events = act(state, "lead 0 AS", "play 1 JH")
    assert state.phase is Phase.LEAD
    assert [type(e).__name__ for e in events[-2:]] == ["CardDrawn", "CardDrawn"]
    assert "draw" not in legal_types(state, 0)
