"""KZ-19 and KZ-20: the end of the game, its ranking and goats, resignation and the move
clock; the worked examples 18, 20, 21, 22 and 24."""

from __future__ import annotations

import pytest

from app.domain.cards import Suit
from app.domain.commands import Resign, ShuffleDeck
from app.domain.errors import GameOver
from app.domain.kozly import GAME, CutDeck, Options, Phase, PlayCard
from app.domain.kozly.deck import clock_card
from app.domain.kozly.events import GameEnded, PlayerResigned
from app.domain.kozly.state import GameState
from tests.domain.kozly.helpers import SEED, apply, card, cards, count_deal, new_game, position

WIN_1 = (10, 70, 20, 20)
WIN_0 = (70, 10, 20, 20)
VOID = (30, 30, 30, 30)


def run(state: GameState, *deals: tuple[int, ...]) -> tuple[GameState, list[tuple[int, ...]]]:
    """Count the deals in turn; the balances after each."""
    balances = []
    for points in deals:
        assert not GAME.is_terminal(state)
        state, _ = count_deal(state, points)
        balances.append(state.marks)
    return state, balances


def test_kz_19_example_18_twelve_received_ends_the_game() -> None:
    state, balances = run(new_game(Options(), 0), WIN_1, WIN_1, VOID, WIN_1)
    assert balances == [(11, 17, 10, 10), (9, 21, 9, 9), (9, 21, 9, 9), (7, 25, 8, 8)]
    assert state.received == (0, 13, 0, 0)
    assert GAME.is_terminal(state)
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason) == (1, "received12")
    assert state.outcome.places == (4, 1, 2, 2)
    assert state.outcome.goats == (0,)
    result = GAME.view_for(state, None).result
    assert result is not None
    assert (result.winner, result.loser, result.scores) == (1, 0, (7, 25, 8, 8))
    assert result.titles == ("goats",)
    assert GAME.returns(state) == (-1.0, 1.0, 0.0, 0.0)
    # Another game from the same start.
    state, balances = run(new_game(Options(), 0), WIN_0, VOID, WIN_0, WIN_0)
    assert balances[-1] == (26, 8, 7, 7)
    assert state.received == (14, 0, 0, 0)
    assert GAME.is_terminal(state)


def test_kz_19_received_counts_gross_not_net() -> None:
    state, _ = run(new_game(Options(), 0), WIN_0, WIN_1, WIN_0, WIN_1)
    assert state.received == (10, 8, 0, 0)
    assert not GAME.is_terminal(state)
    state, _ = run(state, WIN_0)
    assert state.received == (15, 8, 0, 0)
    assert state.marks[0] == 12 + 15 - 4  # he gave 4 back: a net gain of 11, but 15 received
    assert GAME.is_terminal(state)


def test_kz_19_target_marks_replaces_the_12() -> None:
    state, _ = run(new_game(Options(target_marks=5), 0), WIN_1)
    assert GAME.is_terminal(state)  # 5 received
    state, _ = run(new_game(Options(target_marks=6), 0), WIN_1)
    assert not GAME.is_terminal(state)
    assert state.marks == (11, 17, 10, 10)  # everyone still started with 12


def test_kz_19_example_20_equal_lowest_balances_share_a_place_and_are_all_goats() -> None:
    state, _ = run(new_game(Options(target_marks=9), 0), WIN_1, WIN_1)
    assert state.marks == (9, 21, 9, 9)
    assert state.outcome is not None
    assert state.outcome.places == (2, 1, 2, 2)
    assert state.outcome.goats == (0, 2, 3)
    result = GAME.view_for(state, 2).result
    assert result is not None
    assert (result.winner, result.loser) == (1, None)  # three goats, no single loser
    assert GAME.view_for(state, 2).game.goats == (0, 2, 3)
    assert GAME.returns(state) == (-1.0, 1.0, -1.0, -1.0)


def test_kz_19_example_24_ruined_ends_when_a_player_has_nothing_left() -> None:
    state, balances = run(new_game(Options(end="ruined"), 0), *[WIN_1] * 8)
    assert balances == [
        (11, 17, 10, 10),
        (9, 21, 9, 9),
        (8, 26, 7, 7),
        (6, 30, 6, 6),
        (5, 35, 4, 4),
        (3, 39, 3, 3),
        (2, 44, 1, 1),
        (0, 48, 0, 0),
    ]
    assert GAME.is_terminal(state)
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason) == (1, "ruined")
    assert state.outcome.places == (2, 1, 2, 2)
    assert state.outcome.goats == (0, 2, 3)
    # Under `received12` the same game ends after deal 3 (5 + 4 + 5 = 14).
    state, balances = run(new_game(Options(), 0), *[WIN_1] * 3)
    assert GAME.is_terminal(state)
    assert state.received == (0, 14, 0, 0)


def test_kz_19_ruined_ignores_target_marks() -> None:
    state, _ = run(new_game(Options(end="ruined", target_marks=1), 0), WIN_1, WIN_1)
    assert not GAME.is_terminal(state)


def test_kz_20_example_21_a_resignation_ends_the_game_with_no_winner() -> None:
    state, _ = run(new_game(Options(), 0), WIN_1)
    assert state.marks == (11, 17, 10, 10)
    state, _ = apply(state, ShuffleDeck(SEED))
    state, _ = apply(state, CutDeck(1, 7))  # deal 2 is dealt by seat 2
    assert GAME.to_act(state) == (3,)
    state, events = apply(state, Resign(2))  # not his turn
    assert events[0] == PlayerResigned(2)
    assert events[1] == GameEnded(None, "resigned", (11, 17, 10, 10), (2, 1, 4, 3), (2,))
    assert GAME.is_terminal(state)
    assert not GAME.deal_running(state)
    result = GAME.view_for(state, 0).result
    assert result is not None
    assert (result.winner, result.loser, result.reason) == (None, 2, "resigned")
    assert GAME.returns(state) == (0.0, 0.0, -1.0, 0.0)
    with pytest.raises(GameOver):
        GAME.decide(state, Resign(0))
    with pytest.raises(GameOver):
        GAME.decide(state, ShuffleDeck(SEED))


@pytest.mark.parametrize("moment", ["shuffle", "cut", "play"])
def test_kz_20_a_player_may_resign_at_any_time_and_the_deal_is_dropped(moment: str) -> None:
    state = new_game(Options(deal_mode="stock"), 0)
    state, _ = count_deal(state, (50, 30, 25, 15))  # carried, no marks moved
    if moment != "shuffle":
        state, _ = apply(state, ShuffleDeck(SEED))
    if moment == "play":
        state, _ = apply(state, CutDeck(0, 7))
    state, events = apply(state, Resign(3))
    assert events[-1] == GameEnded(None, "resigned", (12, 12, 12, 12), (1, 1, 1, 4), (3,))
    assert state.phase is Phase.GAME_OVER


def test_kz_20_example_22_the_clock_plays_the_fewest_points_then_the_weakest() -> None:
    assert clock_card(cards("JD QS 7H 7C"), Suit.HEARTS) == card("7C")
    assert clock_card(cards("7S 7C KD"), Suit.HEARTS) == card("7C")
    assert clock_card(cards("JD JC QH"), Suit.HEARTS) == card("JD")
    assert clock_card(cards("9H 8H AS"), Suit.HEARTS) == card("8H")
    assert clock_card(cards("9S 7H JD"), Suit.HEARTS) == card("9S")  # plain 9 below trump 7
    state = position(["JD QS 7H 7C", "8C", "8D", "8S"], "9H", leader=0)
    assert GAME.clock_default(state, 0, 12345) == PlayCard(0, card("7C"))
    assert GAME.clock_default(state, 1, 0) is None  # not his turn


def test_kz_20_the_clock_plays_a_move_the_game_accepts() -> None:
    state = new_game(Options(), 2)
    state, _ = apply(state, ShuffleDeck(SEED))
    for chance in range(1 + 32):
        (seat,) = GAME.to_act(state)
        command = GAME.clock_default(state, seat, chance)
        assert command is not None
        state, _ = apply(state, command)
    assert state.phase is Phase.SHUFFLE  # the cut and the 32 cards of the deal
