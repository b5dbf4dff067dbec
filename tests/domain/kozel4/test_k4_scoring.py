"""K4-18 … K4-21: loss points, balls, the end of the game and its titles, irregularities,
the move clock and resignation."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.domain.commands import Resign, ShuffleDeck
from app.domain.errors import DomainError, GameOver, IllegalAction, MalformedCommand, NotYourTurn
from app.domain.kozel4 import GAME
from app.domain.kozel4.commands import Beat, Claim, Discard, GiveBack, Lead, Offer
from app.domain.kozel4.options import Options
from app.domain.kozel4.state import GameState
from app.domain.multitrick.deck import DECK, points
from app.domain.multitrick.events import DealScored, GameEnded, SeatResigned
from app.domain.multitrick.scoring import full_deal
from app.domain.multitrick.series import Phase
from app.domain.view import Result
from tests.domain.kozel4.helpers import C, cards, play, position

LAST = ["6C", "7C", "8C", "9C"]
"""The last trick: four 0-point cards, seat 0 leads and takes it."""


def last_trick(
    team0: str,
    team1: str,
    written: tuple[int, int] = (0, 0),
    team1_tricks: int = 3,
    options: Options | None = None,
    eggs_played: bool = False,
    multiplier: int = 1,
) -> GameState:
    """A deal's last trick, with the piles taken so far (team 0's on seat 0, team 1's on
    seat 1)."""
    state = position(LAST, options=options or Options())
    board = state.running.board
    board = replace(
        board,
        piles=(cards(team0), cards(team1), (), ()),
        tricks_taken=(7, team1_tricks, 0, 0),
    )
    series = replace(
        state.series, penalties=written, eggs_played=eggs_played, multiplier=multiplier
    )
    return replace(state, series=series, deal=replace(state.running, board=board))


def finish(state: GameState) -> tuple[GameState, list[object]]:
    return play(
        state,
        Lead(0, cards("6C")),
        Discard(1, cards("7C")),
        Discard(2, cards("8C")),
        Discard(3, cards("9C")),
    )


P75, P45 = "AS AH AD 10S 10H 10D KS KH KD", "AC 10C KC QC JC QS QH QD JS JH JD"
P100, P20 = "AS AH AD 10S 10H 10D KS KH KD 10C QS QH QD JS JH JD", "AC KC QC JC"


def test_k4_18_loss_points_2_4_6_example_10() -> None:
    assert full_deal((61, 59), (True, True)) == (0, 2)
    assert full_deal((89, 31), (True, True)) == (0, 2)
    assert full_deal((90, 30), (True, True)) == (0, 4)
    assert full_deal((120, 0), (True, True)) == (0, 4)  # one trick [6S 7D 8C 9H]
    assert full_deal((120, 0), (True, False)) == (0, 6)
    assert full_deal((0, 120), (False, True)) == (6, 0)
    state, events = finish(last_trick(P75, P45))
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.points == (75, 45)
    assert scored.penalties == (0, 2)
    assert state.series.penalties == (0, 2)
    assert state.phase is Phase.SHUFFLE
    assert GAME.view_for(state, 0).last_deal.points == (75, 45)  # type: ignore[union-attr]
    assert GAME.scores(state) == (0, 2)
    assert GAME.deal_outcome(state) == (2.0, -2.0)
    # A 0-point trick is a trick: 4, not 6.
    state, _ = finish(last_trick(P100 + " " + P20, "6S 7D 8H 9H", team1_tricks=1))
    assert state.series.penalties == (0, 4)
    state, _ = finish(last_trick(P100 + " " + P20 + " 6S 7D 8H 9H", "", team1_tricks=0))
    assert state.series.penalties == (0, 6)


def test_k4_19_balls_write_nothing_and_count_only_for_the_title() -> None:
    team0 = "AS AH AD 10S 10H KS QS"  # 33 + 20 + 4 + 3 = 60
    rest = [c for c in DECK if c not in cards(team0 + " " + " ".join(LAST))]
    assert points(cards(team0)) == 60
    assert points(rest) == 60
    team1 = " ".join(map(str, rest))
    state, events = finish(last_trick(team0, team1, written=(4, 2)))
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.eggs
    assert scored.penalties == (0, 0)
    assert scored.reason == "eggs"
    assert state.series.penalties == (4, 2)
    assert state.series.eggs_played
    assert state.series.multiplier == 1  # by default balls have no effect
    doubled = Options(eggs_double=True)
    state, _ = finish(last_trick(team0, team1, options=doubled, multiplier=2))
    assert state.series.multiplier == 4  # doubled again for a further 60:60 in a row
    state, _ = finish(last_trick(P75, P45, options=doubled, multiplier=4))
    assert state.series.penalties == (0, 8)
    assert state.series.multiplier == 1


def test_k4_20_twelve_loss_points_end_the_game_example_11() -> None:
    for team1 in (P45, P20):
        team0 = P75 if team1 == P45 else P100
        state, events = finish(last_trick(team0, team1, written=(0, 10)))
        ended = events[-1]
        assert isinstance(ended, GameEnded)
        assert ended.losers == (1,)
        assert ended.winners == (0,)
        assert ended.titles == ("goats",)
        assert GAME.is_terminal(state)
        assert GAME.returns(state) == (1.0, -1.0)
        assert GAME.view_for(state, None).result == Result(
            0, 1, ended.penalties, ("goats",), "target", places=(1, 2)
        )
    state, events = finish(last_trick(P75, P45, written=(0, 10), eggs_played=True))
    assert events[-1].titles == ("goats", "with_eggs")  # type: ignore[attr-defined]
    # 11 is not yet the end.
    state, events = finish(last_trick(P75, P45, written=(0, 9)))
    assert not GAME.is_terminal(state)
    assert state.series.penalties == (0, 11)


def test_k4_21_illegal_actions_are_refused_with_a_code_and_change_nothing() -> None:
    hands = ["KS 9S 8C 7C", "AS 6H 7D 6D", "7H 8H QS AD", "10D JC 9D 8D"]
    state = position(hands, stock="QH JH 10H 9H 8S 7S 6S AC KC QC JC 10C 9C 8H AH KH QD JD 10S 9C")
    before = GAME.view_for(state, 0)
    refusals: list[tuple[object, type[DomainError], str]] = [
        (Lead(1, cards("AS")), NotYourTurn, "K4-12"),
        (Lead(0, cards("KS 8C")), IllegalAction, "K4-11"),
        (Lead(0, cards("AS")), IllegalAction, "you do not hold A♠"),
        (Beat(0, cards("KS")), IllegalAction, "K4-11"),
        (Claim(0, cards("KS 9S 8C 7C")), IllegalAction, "K4-14"),
        (Offer(0), IllegalAction, "K4-10"),
        (GiveBack(0, cards("KS")), IllegalAction, "K4-10"),
        (ShuffleDeck(b"x"), IllegalAction, "K4-7"),
        (Lead(7, cards("KS")), IllegalAction, "no such seat"),
        (Lead("0", cards("KS")), MalformedCommand, "seat"),  # type: ignore[arg-type]
        (Lead(0, ("KS",)), MalformedCommand, "list of cards"),  # type: ignore[arg-type]
        (Lead(True, cards("KS")), MalformedCommand, "seat"),  # type: ignore[arg-type]
    ]
    for command, error, words in refusals:
        with pytest.raises(error, match=words) as caught:
            GAME.decide(state, command)  # type: ignore[arg-type]
        assert caught.value.code in ("illegal_move", "not_your_turn", "invalid_command")
    assert GAME.view_for(state, 0) == before
    after, _ = play(state, Lead(0, cards("KS 9S")))
    with pytest.raises(IllegalAction, match="exactly 2 card"):
        GAME.decide(after, Beat(1, cards("AS 6H 7D")))


def test_k4_21_the_clock_leads_the_lowest_single_card_and_passes_the_lowest() -> None:
    hands = ["KH 6S 6C AD", "AS 6H 7D 6D", "7H 8H QS 10C", "10D JC 9D 8D"]
    state = position(hands, stock="QH")
    assert GAME.clock_default(state, 0, 0) == Lead(0, cards("6C"))  # 0 points, C before S
    assert GAME.clock_default(state, 1, 0) is None
    state, _ = play(state, Lead(0, cards("6S")))
    # 0 points: the non-trumps 7D 6D before 6H; then the lower rank.
    assert GAME.clock_default(state, 1, 0) == Discard(1, cards("6D"))
    ladder = position(["QS 9S KH 6C", "AS 6H 7D 6D", "7H 8H QH 10C", "10D JC 9D 8D"], trump=None)
    assert GAME.clock_default(ladder, 0, 0) == Lead(0, cards("9S"))  # 6C is a trump


def test_k4_21_a_resigning_team_loses_as_goats_and_the_deal_is_not_scored() -> None:
    state = position(["6C", "7C", "8C", "9C"])
    state = replace(state, series=replace(state.series, penalties=(4, 2), eggs_played=True))
    state, events = play(state, Resign(3))
    assert events == [
        SeatResigned(3),
        GameEnded((0,), (1,), (4, 2), ("goats", "with_eggs"), "resigned"),
    ]
    assert GAME.is_terminal(state)
    assert GAME.scores(state) == (4, 2)
    with pytest.raises(GameOver):
        GAME.decide(state, Lead(0, cards("6C")))
    assert GAME.legal_actions(state, 0) == ()
    assert not GAME.messages_allowed(state)
    assert C("6C") in state.running.board.hands[0]
