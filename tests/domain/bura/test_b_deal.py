"""B-5 … B-8: the dealer, the deal and the stock, the trump card under the stock, the first
leader."""

from __future__ import annotations

import pytest

from app.domain.bura import GAME
from app.domain.bura.commands import Beat, Lead
from app.domain.bura.events import BuraShown, TrumpTurned
from app.domain.bura.options import Options
from app.domain.bura.state import GameState
from app.domain.commands import ShuffleDeck
from app.domain.multitrick.board import Draw
from app.domain.multitrick.deck import shuffled
from app.domain.multitrick.events import CardsDrawn, DealScored, HandsDealt
from tests.domain.bura.helpers import C, cards, play, position
from tests.domain.multitrick.positions import play_out_deal as shared_play_out_deal
from tests.domain.multitrick.positions import started as shared_started


def started(seats: int, first_dealer: int = 0, options: Options | None = None) -> GameState:
    state: GameState = shared_started(GAME, options or Options(), seats, first_dealer)
    return state


def play_out_deal(state: GameState, seed: int = 0) -> GameState:
    done: GameState = shared_play_out_deal(GAME, state, seed)
    return done


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_b_5_the_deal_passes_clockwise(seats: int) -> None:
    state = started(seats, first_dealer=seats - 1)
    dealers = []
    for n in range(3):
        state, events = play(state, ShuffleDeck(bytes([n + 7])))
        dealers.append(events[0].dealer)  # type: ignore[attr-defined]
        state = play_out_deal(state, n)
    assert dealers == [seats - 1, 0, 1]


@pytest.mark.parametrize(("seats", "stock"), [(2, 28), (3, 24), (4, 20)])
def test_b_6_four_cards_each_from_the_dealers_left_and_the_stock(seats: int, stock: int) -> None:
    state = started(seats, first_dealer=1)
    state, events = play(state, ShuffleDeck(b"six"))
    deck = shuffled(b"six")
    dealt = next(e for e in events if isinstance(e, HandsDealt))
    first = 2 % seats
    assert dealt.hands[first] == deck[0 : 4 * seats : seats]
    assert dealt.hands[1] == deck[seats - 1 : 4 * seats : seats]  # the dealer gets the last
    assert len(dealt.stock) == stock
    assert "cut" not in GAME.commands.types


def test_b_7_the_top_card_is_turned_under_the_stock_and_drawn_last() -> None:
    state = started(2)
    state, events = play(state, ShuffleDeck(b"seven"))
    stock = next(e for e in events if isinstance(e, HandsDealt)).stock
    assert events[2] == TrumpTurned(stock[0])
    board = state.running.board
    assert board.stock == (*stock[1:], stock[0])
    for viewer in (0, 1, None):
        view = GAME.view_for(state, viewer)
        assert view.stock is not None
        assert view.stock.trump_card == stock[0]
        assert view.game.trump is stock[0].suit


def test_b_8_first_leaders_example_15() -> None:
    state = started(2, first_dealer=0)
    state, _ = play(state, ShuffleDeck(b"a"))
    assert GAME.to_act(state) == (1,)
    state = play_out_deal(state)
    taker = state.running.board.last_trick.owner  # type: ignore[union-attr]
    state, _ = play(state, ShuffleDeck(b"b"))
    assert state.series.dealer == 1
    assert GAME.to_act(state) == (taker,)


def test_b_8_after_a_deal_without_a_trick_the_player_after_the_dealer_leads() -> None:
    bura = next(seed for n in range(5000) if _dealt_bura(seed := n.to_bytes(4, "big")))
    state = started(2, first_dealer=1)
    state, events = play(state, ShuffleDeck(bura))
    assert any(isinstance(e, BuraShown) for e in events)
    assert isinstance(events[-1], DealScored)
    state, _ = play(state, ShuffleDeck(b"next"))
    assert state.series.dealer == 0
    assert GAME.to_act(state) == (1,)


def _dealt_bura(seed: bytes) -> bool:
    deck = shuffled(seed)
    trump = deck[8].suit
    return any(all(c.suit is trump for c in deck[s:8:2]) for s in (0, 1))


def test_b_7_who_draws_the_trump_card_is_public_example_10() -> None:
    state = position(["6S 7S 9H 9C", "AS KS 10H JC"], trump="8D", stock="QS")
    state, events = play(state, Lead(0, cards("6S 7S")), Beat(1, cards("AS KS")))
    drawn = events[-1]
    assert isinstance(drawn, CardsDrawn)
    assert drawn.draws == (Draw(1, C("QS")), Draw(0, C("8D")))
    assert drawn.payload_for(1) == {
        "draws": [{"seat": 1, "card": "QS"}, {"seat": 0, "card": "8D"}],
        "open_card": "8D",
    }
    assert state.running.board.hand_sizes == (3, 3)
    assert state.running.trump_drawn_by == 0
    view = GAME.view_for(state, 1)
    assert view.stock is not None
    assert view.stock.size == 0
    assert view.stock.trump_card is None
    assert view.game.trump_drawn_by == 0
    assert view.game.trump_card == C("8D")
    assert C("8D") in GAME.revealed_to(state, 1)
