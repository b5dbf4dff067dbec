"""S66-14: the trump exchange (worked examples 18 and 19)."""

from __future__ import annotations

import pytest

from app.domain.errors import IllegalAction
from app.domain.sixty_six import GAME, ExchangeTrump, Options, Phase
from app.domain.sixty_six.events import CardDrawn, TrumpExchanged
from app.domain.sixty_six.state import Closing, GameState
from tests.domain.sixty_six.helpers import DEFAULT, act, card, dealt, legal_types, position, won

HARD = Options(strictness="hard")
SCHNAPSEN = Options(deck="schnapsen")
SCHNAPSEN_HARD = Options(deck="schnapsen", strictness="hard")


def after_a_trick(options: Options = DEFAULT, stock: str = "KD QD JD 9D KS AC") -> GameState:
    """Seat 0 is on lead after winning a trick, holding 9C; the face-up card is AC."""
    return position(
        ("9C 10H KH 9S QS", "AH JH 10D 9H JS"),
        "C",
        stock=stock,
        tricks=(won(0, "AS 10S"),),
        options=options,
    )


def test_s66_14_example_18_the_swap() -> None:
    state = after_a_trick()
    assert "exchange" in legal_types(state, 0)
    state, events = act(state, "exchange 0")
    assert events == [TrumpExchanged(0, card("9C"), card("AC"))]
    assert state.deal is not None
    assert card("AC") in state.deal.hands[0]
    assert card("9C") not in state.deal.hands[0]
    view = GAME.view_for(state, 1)
    assert view.stock is not None
    assert view.stock.trump_card == card("9C")
    assert view.game.exchanges[0].trump_card == card("AC")  # the swap is public


def test_s66_14_example_18_the_loser_of_the_last_draw_receives_the_exchange_card() -> None:
    # One face-down card left: the last draw follows this trick at once (S66-11).
    _, events = act(after_a_trick(stock="KD AC"), "exchange 0", "lead 0 10H", "play 1 AH")
    assert events[-2:] == [CardDrawn(1, card("KD"), False), CardDrawn(0, card("9C"), True)]


def test_s66_14_example_18_no_exchange_before_the_first_trick_in_66() -> None:
    for options in (Options(), HARD):
        state = dealt(
            ("9C 10H KH 9S QS JS", "AH JH 10D 9H AS 10S"),
            "AC",
            "KD QD JD 9D KS QC JC 10C KC AD QH",
            options=options,
        )
        assert "exchange" not in legal_types(state, 0)
        with pytest.raises(IllegalAction, match="once you have won a trick"):
            GAME.decide(state, ExchangeTrump(0))


def test_s66_14_example_19_schnapsen_soft_exchanges_before_trick_1_hard_does_not() -> None:
    hands = ("JC 10H KH QS KS", "AH JH 10D AS 10S")
    stock = "KD QD JD QC KC 10C QH JS AD"
    assert "exchange" in legal_types(dealt(hands, "AC", stock, options=SCHNAPSEN), 0)
    hard = dealt(hands, "AC", stock, options=SCHNAPSEN_HARD)
    assert "exchange" not in legal_types(hard, 0)
    with pytest.raises(IllegalAction, match=r"S66-14, S66-29"):
        GAME.decide(hard, ExchangeTrump(0))


def test_s66_14_only_the_holder_of_the_exchange_card_on_lead_before_leading() -> None:
    state = after_a_trick()
    state, _ = act(state, "lead 0 10H")
    assert state.phase is Phase.FOLLOW
    assert legal_types(state, 1) == ["play"] * 5  # never mid-trick, never the follower
    without = position(
        ("10C 10H KH 9S QS", "AH JH 9C 9H JS"), "C", stock="KD QD AC", tricks=(won(0, "AS 10S"),)
    )
    assert "exchange" not in legal_types(without, 0)
    with pytest.raises(IllegalAction, match="exchange card 9♣"):
        GAME.decide(without, ExchangeTrump(0))


def test_s66_14_not_once_the_stock_is_closed_or_exhausted() -> None:
    closed = position(
        ("9C 10H KH 9S QS", "AH JH 10D 9H JS"),
        "C",
        stock="KD QD JD AC",
        tricks=(won(0, "AS 10S"),),
        closing=Closing(0, 0, False, False),
    )
    assert "exchange" not in legal_types(closed, 0)
    state, _ = act(after_a_trick(), "close 0")  # the exchange comes before the close (S66-20)
    assert "exchange" not in legal_types(state, 0)


def test_s66_14_hard_needs_two_face_down_cards_soft_does_not() -> None:
    assert "exchange" in legal_types(after_a_trick(stock="KD AC"), 0)
    assert "exchange" not in legal_types(after_a_trick(HARD, stock="KD AC"), 0)
    assert "exchange" in legal_types(after_a_trick(HARD, stock="JD KD AC"), 0)
