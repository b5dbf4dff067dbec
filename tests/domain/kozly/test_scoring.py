"""KZ-16 to KZ-18: the count, void rounds and carried totals, the marks; the worked examples
12 to 17 and 23."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.domain.kozly import GAME, Options
from app.domain.kozly.events import DealScored
from app.domain.kozly.state import GameState, TakenTrick
from tests.domain.kozly.helpers import count_deal, new_game, play, position

STOCK = Options(deal_mode="stock")


def scored(events: list[object]) -> DealScored:
    (deal,) = [e for e in events if isinstance(e, DealScored)]
    return deal


def deals(state: GameState, *points: tuple[int, ...]) -> GameState:
    for each in points:
        state, _ = count_deal(state, each)
    return state


def test_kz_16_the_count_comes_only_after_the_eighth_trick() -> None:
    taken = tuple(TakenTrick(0, (), 0, 70 if i == 0 else 0) for i in range(6))
    state = position(["AS 9C", "KS 9S", "JD 9H", "8D 9D"], "7H", leader=0, taken=taken)
    state, events = play(state, "AS KS JD 8D")
    assert not any(isinstance(e, DealScored) for e in events)  # 70 already, and play goes on
    assert GAME.to_act(state) == (2,)
    state, events = play(state, "9H 9D 9C 9S")
    assert scored(events).points == (70, 0, 17, 0)


def test_kz_16_example_12_the_one_player_with_60_or_more_wins_the_round() -> None:
    for win_at in (60, 61):
        state, events = count_deal(new_game(Options(win_at=win_at), 0), (8, 30, 62, 20))
        deal = scored(events)
        assert (deal.winner, deal.reason) == (2, "won")
        assert deal.dealers == (0, 1)
        assert deal.paid == (1, 1, 0, 2)
        assert state.marks == (11, 11, 16, 10)
        assert state.received == (0, 0, 4, 0)
        assert GAME.deal_outcome(state) == (-1.0, -1.0, 4.0, -2.0)
    state, events = count_deal(new_game(STOCK, 0), (8, 30, 62, 20))
    assert scored(events).paid == (1, 2, 0, 2)  # stock: only seat 0 dealt
    assert state.marks == (11, 10, 17, 10)


def test_kz_16_example_13_win_at_60_or_61() -> None:
    state, events = count_deal(new_game(Options(), 0), (60, 40, 20, 0))
    assert scored(events).winner == 0
    state, events = count_deal(new_game(Options(win_at=61), 0), (60, 40, 20, 0))
    assert (scored(events).winner, scored(events).reason) == (None, "void")
    assert state.marks == (12, 12, 12, 12)
    assert state.next_dealer == 2  # the deal passes


def test_kz_17_example_14_sixty_all_is_void() -> None:
    state, events = count_deal(new_game(Options(), 0), (60, 60, 0, 0))
    assert (scored(events).winner, scored(events).reason) == (None, "void")
    assert state.marks == (12, 12, 12, 12)
    assert state.received == (0, 0, 0, 0)


def test_kz_17_example_15_halves_void_stock_carried() -> None:
    for win_at in (60, 61):
        state, events = count_deal(new_game(Options(win_at=win_at), 0), (59, 31, 30, 0))
        assert scored(events).reason == "void"
        assert state.carried == (0, 0, 0, 0)  # no card points are kept
    state, events = count_deal(new_game(STOCK, 0), (59, 31, 30, 0))
    assert scored(events).reason == "carried"
    assert state.carried == (59, 31, 30, 0)
    assert state.marks == (12, 12, 12, 12)


def test_kz_17_example_23_stock_totals_carry_until_one_player_alone_leads_past_60() -> None:
    state = new_game(STOCK, 0)
    state, events = count_deal(state, (50, 30, 25, 15))
    assert scored(events).totals == (50, 30, 25, 15)
    state, events = count_deal(state, (20, 40, 30, 30))
    assert events[0].payload()["dealer"] == 1
    assert scored(events).totals == (70, 70, 55, 45)  # two share the top: nobody yet
    assert scored(events).reason == "carried"
    state, events = count_deal(state, (10, 40, 40, 30))
    deal = scored(events)
    assert events[0].payload()["dealer"] == 2
    assert (deal.totals, deal.winner, deal.paid) == ((80, 110, 95, 75), 1, (2, 0, 1, 2))
    assert state.marks == (10, 17, 11, 10)
    assert state.carried == (0, 0, 0, 0)
    assert state.next_dealer == 3


def test_kz_18_example_16_a_winning_dealer_pays_nothing() -> None:
    state, events = count_deal(new_game(Options(), 1), (10, 70, 20, 20))
    assert scored(events).paid == (2, 0, 1, 2)
    assert state.marks == (10, 17, 11, 10)
    state, events = count_deal(new_game(STOCK, 1), (10, 70, 20, 20))
    assert scored(events).paid == (2, 0, 2, 2)
    assert state.marks == (10, 18, 10, 10)


def test_kz_18_example_17_a_player_gives_no_more_than_he_has() -> None:
    state = replace(new_game(Options(), 0), marks=(12, 12, 1, 12))
    state, events = count_deal(state, (10, 70, 20, 20))
    assert scored(events).paid == (1, 0, 1, 2)
    assert state.marks == (11, 16, 0, 10)
    assert not GAME.is_terminal(state)  # `received12`: he plays on with 0
    state, events = count_deal(state, (10, 20, 20, 70))
    assert scored(events).paid[2] == 0


@pytest.mark.parametrize("options", [Options(), STOCK])
def test_kz_18_every_player_starts_with_12_marks(options: Options) -> None:
    state = new_game(options, 0)
    assert GAME.scores(state) == (12, 12, 12, 12)
    assert GAME.view_for(state, 0).game.received == (0, 0, 0, 0)
    assert GAME.deal_outcome(state) is None
