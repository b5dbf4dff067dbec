"""K-14 (writing), K-15 (eggs), K-17 (titles), K-18 (resignation); worked example 6."""

from __future__ import annotations

import pytest

from app.domain import kozel24 as k
from app.domain.errors import GameOver
from app.domain.kozel24 import scoring
from app.domain.kozel24.events import DealScored, GameEnded, TeamResigned
from app.domain.kozel24.scoring import Write
from tests.domain.helpers import (
    CATCH,
    MIXED,
    MIXED_PLAYS,
    SWEEP,
    card,
    deal,
    finish_deal,
    play,
    redeal,
)


def tricks_write(points: tuple[int, int], deal_no: int = 2, multiplier: int = 1) -> Write:
    return scoring.score_tricks(deal_no, points, (3, 3), multiplier, eggs=True)


def test_k14_example_6_ninety_to_thirty_writes_two() -> None:
    assert tricks_write((90, 30)) == Write(1, 2, "points")
    assert tricks_write((30, 90)) == Write(0, 2, "points")


def test_k14_example_6_ninety_one_to_twenty_nine_writes_four() -> None:
    assert tricks_write((91, 29)) == Write(1, 4, "points")
    assert tricks_write((29, 91)) == Write(0, 4, "points")


def test_k14_twenty_nine_versus_thirty_points() -> None:
    assert tricks_write((90, 30)).amount == 2  # 30 is enough for 2
    assert tricks_write((91, 29)).amount == 4  # under 30 writes 4
    assert tricks_write((61, 59)) == Write(1, 2, "points")


def test_k14_a_played_deal_writes_on_the_team_with_fewer_points() -> None:
    state = deal(MIXED, dealer=3, deal_no=2, written=(1, 3))
    events: list[k.KozelEvent] = []
    for trick in MIXED_PLAYS:
        state, new = play(state, trick)
        events += new
    assert events[-1] == DealScored(2, (7, 113), 0, 4, "points", None, 1)
    assert state.written == (5, 3)
    assert state.phase is k.Phase.SHUFFLE


def test_k14_the_sweep_wipes_the_winners_written_count() -> None:
    state = deal(SWEEP, dealer=0, deal_no=3, written=(10, 6))
    state, _ = k.apply(state, k.PlayOn(1))
    state, events = finish_deal(state)
    assert state.tricks_taken == (6, 0)
    assert events[-1] == DealScored(3, (120, 0), 1, 4, "sweep", 0, 1)
    assert state.written == (0, 10)


def test_k14_the_sweep_can_end_the_game() -> None:
    state = deal(SWEEP, dealer=0, deal_no=5, written=(3, 9))
    state, _ = k.apply(state, k.PlayOn(3))
    state, events = finish_deal(state)
    assert events[-1] == GameEnded(1, (0, 13), ("goats", "tailed", "dry"), "written")
    assert state.is_terminal


def test_k14_first_deal_sweep_ends_the_game_blind() -> None:
    state = deal(SWEEP, dealer=0, deal_no=1)
    assert state.phase is k.Phase.PLAY  # no K-10 claim in deal 1
    state, events = finish_deal(state)
    assert events[-2] == DealScored(1, (120, 0), 1, 12, "first_deal_sweep", None, 1)
    assert events[-1] == GameEnded(1, (0, 12), ("goats", "dry", "blind"), "written")
    assert state.is_terminal
    assert state.result is not None
    assert state.result.titles == ("goats", "dry", "blind")
    assert k.to_act(state) == ()
    assert all(k.legal_actions(state, seat) == () for seat in range(4))


def test_k15_sixty_sixty_plays_eggs() -> None:
    write = tricks_write((60, 60))
    assert write == Write(None, 0, "eggs", eggs_multiplier=2)


def test_k15_sixty_sixty_then_a_four_write_doubled_to_eight() -> None:
    after_eggs = tricks_write((60, 60)).eggs_multiplier
    assert tricks_write((100, 20), multiplier=after_eggs) == Write(1, 8, "points")
    # The same through a played deal: a caught queen after eggs writes 8.
    state = deal(CATCH, dealer=1, deal_no=4, eggs_multiplier=2, eggs_played=True)
    state, events = play(state, "KH 10H 6C QC")
    assert events[-1] == DealScored(4, (17, 0), 1, 8, "queen_caught", None, 1)
    assert state.written == (0, 8)
    assert state.eggs_multiplier == 1  # back to 1 after the write
    assert state.eggs_played


def test_k15_eggs_twice_in_a_row() -> None:
    first = tricks_write((60, 60))
    second = tricks_write((60, 60), multiplier=first.eggs_multiplier)
    assert second.eggs_multiplier == 4
    assert tricks_write((70, 50), multiplier=4) == Write(1, 8, "points")
    assert tricks_write((100, 20), multiplier=4) == Write(1, 16, "points")


def test_k15_eggs_double_the_sweep() -> None:
    state = deal(SWEEP, dealer=0, deal_no=3, eggs_multiplier=2, eggs_played=True)
    state, _ = k.apply(state, k.PlayOn(1))
    state, events = finish_deal(state)
    assert events[-1] == DealScored(3, (120, 0), 1, 8, "sweep", 0, 1)


def test_k15_eggs_can_be_turned_off() -> None:
    assert scoring.score_tricks(2, (60, 60), (3, 3), 1, eggs=False) == Write(None, 0, "tie")


# A deal 3 (dealer 0, seat 1 leads) with no decisions that ends 60:60.
TIE = [
    "AC KH KS KD KC 10D",
    "10H JH AD AH 10C AS",
    "6C 6S 10S JS QC QD",
    "QH JC JD QS 6H 6D",
]
TIE_PLAYS = "10H 6C 6H KH  10S JD KS AS  QS KC 10C QC  JS QH AC JH  6D KD AD 6S  AH QD JC 10D"


def test_k15_k17_sixty_sixty_with_the_doubling_off_still_earns_with_eggs() -> None:
    state = deal(TIE, dealer=0, deal_no=3, written=(0, 8), options=k.Options(eggs=False))
    state, events = play(state, TIE_PLAYS)
    assert events[-1] == DealScored(3, (60, 60), None, 0, "tie", None, 1)
    assert state.eggs_played  # K-15: still "eggs played" for the title
    assert state.eggs_multiplier == 1  # but nothing is doubled
    # Deal 4 (dealt by seat 1, the first leader of deal 3): team 1's Q♣ is caught (K-13).
    state = redeal(state, CATCH)
    state, events = play(state, "KH 10H 6C QC")
    assert events[-2] == DealScored(4, (17, 0), 1, 4, "queen_caught", None, 1)
    assert events[-1] == GameEnded(1, (0, 12), ("goats", "with_eggs", "dry"), "written")


def test_k15_a_stored_tie_replays_as_eggs_played() -> None:
    """Logs written before K-15 counted a tie as eggs hold `tie`: it now earns the title."""
    state = deal(SWEEP, dealer=0, deal_no=2, options=k.Options(eggs=False))
    state = k.evolve(state, DealScored(2, (60, 60), None, 0, "tie", None, 1))
    assert state.eggs_played
    assert state.eggs_multiplier == 1
    state, events = k.apply(state, k.Resign(0))
    assert events[-1] == GameEnded(0, (0, 0), ("goats", "with_eggs", "dry"), "resigned")


def test_k15_the_game_remembers_eggs() -> None:
    state = deal(SWEEP, dealer=0, deal_no=2)
    state = k.evolve(state, DealScored(2, (60, 60), None, 0, "eggs", None, 2))
    assert state.eggs_played
    assert state.eggs_multiplier == 2
    assert state.written == (0, 0)


def test_k17_titles_add_up() -> None:
    assert scoring.titles(1, (0, 12), eggs_played=False, blind=False) == ("goats", "dry")
    assert scoring.titles(1, (2, 14), eggs_played=True, blind=False) == (
        "goats",
        "tailed",
        "with_eggs",
    )
    assert scoring.titles(0, (12, 0), eggs_played=False, blind=True) == ("goats", "dry", "blind")


def test_k17_the_game_ends_at_twelve_with_its_titles() -> None:
    state = deal(CATCH, dealer=1, deal_no=6, written=(4, 10), eggs_played=True)
    state, events = play(state, "KH 10H 6C QC")
    assert events[-1] == GameEnded(1, (4, 14), ("goats", "tailed", "with_eggs"), "written")
    assert state.phase is k.Phase.GAME_OVER
    with pytest.raises(GameOver):
        k.decide(state, k.PlayCard(0, card("QS")))


def test_k17_less_than_twelve_goes_on() -> None:
    state = deal(CATCH, dealer=1, deal_no=6, written=(0, 7))
    state, _ = play(state, "KH 10H 6C QC")
    assert state.written == (0, 11)
    assert state.phase is k.Phase.SHUFFLE


def test_k18_a_team_resigns() -> None:
    state = deal(MIXED, dealer=3, deal_no=2, written=(0, 4))
    state, events = k.apply(state, k.Resign(3))
    assert events == [TeamResigned(3, 1), GameEnded(1, (0, 4), ("goats", "dry"), "resigned")]
    assert state.result is not None
    assert state.result.reason == "resigned"
    with pytest.raises(GameOver):
        k.decide(state, k.Resign(0))


def test_k18_resign_is_open_to_any_seat_at_any_time() -> None:
    state = k.replay(k.start_game(k.Options(), 0))
    state, events = k.apply(state, k.Resign(0))
    assert isinstance(events[-1], GameEnded)
    assert events[-1].loser == 0


def test_k14_the_summary_says_a_write_on_under_30_points() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    for trick in MIXED_PLAYS:
        state, _ = play(state, trick)
    summary = k.view_for(state, 0).last_deal
    assert summary is not None
    assert (summary.points, summary.written_on, summary.amount) == ((7, 113), 0, 4)
    assert (summary.under_30, summary.points_counted) == (True, True)
    assert scoring.under_30("points", 1, (90, 30)) is False  # 30 is enough for 2
    assert scoring.under_30("points", 1, (91, 29)) is True
    assert scoring.under_30("sweep", 1, (120, 0)) is False  # K-14's sweep says so itself


def test_k13_k10_the_summary_says_card_points_did_not_decide() -> None:
    state = deal(CATCH, dealer=1, written=(2, 0))
    state, _ = play(state, "AD 6C QC KH")
    summary = k.view_for(state, 2).last_deal
    assert summary is not None
    assert summary.reason == "queen_caught"
    assert (summary.under_30, summary.points_counted) == (False, False)
    assert "no_queens" in scoring.WITHOUT_POINTS


def test_k17_the_view_measures_the_written_against_twelve() -> None:
    state = deal(MIXED, dealer=3, deal_no=2, written=(1, 3))
    target = k.view_for(state, 1).target
    assert target is not None
    assert (target.score, target.toward, target.rules) == (12, (1, 3), ("K-17",))
