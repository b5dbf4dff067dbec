"""C32-27 … C32-32: the result of a кон, eggs and the egg pair, Люся, the board, the end and
its titles, talk, resignation and the move clock; worked examples 9 to 12."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.domain.commands import Resign
from app.domain.kozel32 import GAME
from app.domain.kozel32.state import DealResult, Phase, State
from tests.domain.kozel32.helpers import apply, in_play, kon_over, settled


def last(state: State) -> tuple[DealResult, int | None, tuple[int, ...]]:
    assert state.last_deal is not None
    return state.last_deal.result, state.last_deal.winner, state.last_deal.gains


@pytest.mark.parametrize(
    ("points", "result", "winner", "gain"),
    [
        ((75, 45), DealResult.ONE_PAIR, 0, 1),
        ((31, 89), DealResult.ONE_PAIR, 1, 1),
        ((90, 30), DealResult.TWO_PAIRS, 0, 2),
        ((100, 20), DealResult.TWO_PAIRS, 0, 2),
        ((120, 0), DealResult.TWO_PAIRS, 0, 2),
    ],
)
def test_example_9_results_by_card_points(
    points: tuple[int, int], result: DealResult, winner: int, gain: int
) -> None:
    state = kon_over(points)
    found, side, gains = last(state)
    assert (found, side, gains[side or 0]) == (result, winner, gain)
    assert state.boards[winner] == gain


def test_example_9_all_eight_tricks_are_a_lyusya() -> None:
    state = kon_over((120, 0), sweep=True, boards=(2, 4))
    assert last(state)[0] is DealResult.LYUSYA
    assert state.boards == (2, 0)
    assert state.last_deal is not None
    assert state.last_deal.lost == (0, 4)


def test_c32_27_the_winner_leads_the_next_kon() -> None:
    assert kon_over((40, 80)).leading_side == 1


def test_example_10_eggs_and_the_egg_pair() -> None:
    state = kon_over((60, 60), boards=(2, 1))
    assert last(state)[0] is DealResult.EGGS
    assert (state.boards, state.eggs_pending, state.eggs_played) == ((2, 1), 1, True)
    assert state.leading_side == 0  # the same leading team
    state = kon_over((50, 70), boards=(2, 1), eggs_pending=1, eggs_played=True)
    assert (state.boards, state.eggs_pending) == ((2, 3), 0)
    state = kon_over((95, 25), eggs_pending=2, eggs_played=True)
    assert state.boards == (4, 0)
    state = kon_over((60, 60), eggs_pending=1)
    assert state.eggs_pending == 2  # they add up


def test_example_10_without_the_egg_pair_eggs_affect_only_the_title() -> None:
    state = kon_over((60, 60), egg_pair=False)
    assert (state.eggs_pending, state.eggs_played) == (0, True)
    state = kon_over((50, 70), boards=(2, 1), egg_pair=False, eggs_played=True)
    assert state.boards == (2, 2)


def test_example_11_lyusya_resets_the_losers_board_only() -> None:
    state = kon_over((120, 0), sweep=True, boards=(4, 3))
    assert state.boards == (4, 0)
    assert state.phase is Phase.SHUFFLE


def test_example_11_a_first_deal_lyusya_wins_the_game() -> None:
    state = kon_over((120, 0), sweep=True, kon_no=1)
    assert state.result is not None
    assert (state.result.winner, state.result.loser) == (0, 1)
    assert state.result.titles == ("goats", "dry")
    assert state.result.reason == "first_deal_lyusya"
    assert GAME.returns(state) == (1.0, -1.0)
    off = kon_over((120, 0), sweep=True, kon_no=1, first_deal_lyusya_wins=False)
    assert off.result is None
    assert off.boards == (0, 0)


def test_c32_29_pending_eggs_go_to_the_sweeper() -> None:
    state = kon_over((120, 0), sweep=True, boards=(1, 3), eggs_pending=2, eggs_played=True)
    assert state.boards == (3, 0)


def test_c32_30_a_board_stops_at_six() -> None:
    state = kon_over((95, 25), boards=(5, 2))
    assert state.boards == (6, 2)


def test_example_12_tailed_goats_with_eggs() -> None:
    state = kon_over((95, 25), boards=(5, 2))
    assert state.result is not None
    assert state.result.titles == ("goats", "tailed")
    with_eggs = kon_over((95, 25), boards=(5, 2), eggs_played=True)
    assert with_eggs.result is not None
    assert with_eggs.result.titles == ("goats", "with_eggs", "tailed")
    plain = kon_over((70, 50), boards=(5, 2))
    assert plain.result is not None
    assert plain.result.titles == ("goats",)
    dry = kon_over((70, 50), boards=(5, 0))
    assert dry.result is not None
    assert dry.result.titles == ("goats", "dry")
    assert dry.result.titles_by_side == ((), ("goats", "dry"))


def test_example_12_a_catch_never_gives_the_tail() -> None:
    from app.domain.kozel32.commands import PlayCard
    from tests.domain.kozel32.helpers import C

    state = in_play(["QC 8S", "7C 8H", "AD 8D", "JS 9S"], leader=0, boards=(2, 5))
    state, _ = apply(
        state,
        PlayCard(0, C("QC")),
        PlayCard(1, C("7C")),
        PlayCard(2, C("AD")),
        PlayCard(3, C("JS")),
    )
    assert state.result is not None
    assert (state.result.winner, state.result.titles) == (1, ("goats",))


def test_c32_31_a_game_ends_only_at_six_pairs() -> None:
    assert kon_over((95, 25), boards=(3, 2)).result is None


def test_c32_32_no_messages_during_a_kon_unless_the_table_allows_them() -> None:
    playing = in_play(["AS", "8S", "9S", "7S"])
    assert not GAME.messages_allowed(playing)
    assert GAME.messages_allowed(kon_over((70, 50)))
    assert GAME.messages_allowed(in_play(["AS", "8S", "9S", "7S"], table_messages=True))
    first = in_play(["AS", "8S", "9S", "7S"], table_messages=True, kon_no=1)
    assert not GAME.messages_allowed(first)  # K-16: not during the first кон


def test_c32_32_a_team_resigns_and_is_goats() -> None:
    state = in_play(["AS", "8S", "9S", "7S"], boards=(2, 0))
    state, _events = apply(state, Resign(1))
    assert state.result is not None
    assert (state.result.winner, state.result.loser, state.result.reason) == (0, 1, "resigned")
    assert state.result.titles == ("goats", "dry")
    assert GAME.is_terminal(state)
    resigned = apply(in_play(["AS", "8S", "9S", "7S"], boards=(2, 0)), Resign(2))[0]
    assert resigned.result is not None
    assert (resigned.result.loser, resigned.result.titles) == (0, ("goats",))


def test_c32_32_the_move_clock_plays_the_rules_defaults() -> None:
    from app.domain.kozel32.commands import DealPlain, NameRounds
    from app.domain.kozel32.options import Boast
    from tests.domain.kozel32.helpers import before_kon, shuffle

    state = shuffle(before_kon(2, leading_side=0))
    assert GAME.clock_default(state, 0, 5) == DealPlain(0)
    from app.domain.kozel32.commands import DeclareBoast

    state, _ = apply(state, DeclareBoast(0, Boast.STAR))
    assert GAME.clock_default(state, 0, 5) == NameRounds(0, (2, 5, 6))
    assert GAME.clock_default(in_play(["AS", "8S", "9S", "7S"]), 0, 1) is None
    assert replace(state) == state
    assert settled(state) == state


def test_c32_28_pending_egg_pairs_go_to_the_next_winner_of_any_result() -> None:
    from app.domain.kozel32.commands import PlayCard
    from tests.domain.kozel32.helpers import C

    state = in_play(["QC 8S", "7C 8H", "AD 8D", "JS 9S"], eggs_pending=2, eggs_played=True)
    state, _ = apply(
        state,
        PlayCard(0, C("QC")),
        PlayCard(1, C("7C")),
        PlayCard(2, C("AD")),
        PlayCard(3, C("JS")),
    )
    assert state.last_deal is not None
    assert state.last_deal.gains == (0, 4)  # the catch's 2 and the 2 pending
    assert state.eggs_pending == 0


@pytest.mark.parametrize(("points", "tailed"), [((90, 30), True), ((89, 31), False)])
def test_c32_31_tailed_needs_90_card_points_in_the_final_kon(
    points: tuple[int, int], tailed: bool
) -> None:
    state = kon_over(points, boards=(5, 2))
    assert state.result is not None
    assert ("tailed" in state.result.titles) is tailed


def test_c32_32_the_clock_passes_keeps_and_refuses_in_the_pre_play_phase() -> None:
    from app.domain.kozel32.commands import (
        AcceptLastTrump,
        ChooseLeader,
        GiveCards,
        KeepLastTrump,
        OfferLastTrump,
        PassRedeal,
        RefuseLastTrump,
    )
    from tests.domain.kozel32.helpers import C, plain_deal

    hands = [
        "9C AS 10S KS AH 10H KH AD",
        "QC QS QH QD JC JS JH JD",
        "7S 8S 9S 7H AC 10C KD 7D",
        "7C 10D KC 9D 8C 9H 8H 8D",
    ]
    state = plain_deal(hands)
    assert GAME.clock_default(state, 0, 0) == KeepLastTrump(0)
    offered, _ = apply(state, OfferLastTrump(0))
    assert GAME.clock_default(offered, 2, 0) == RefuseLastTrump(2)
    accepted, _ = apply(offered, AcceptLastTrump(2))
    assert GAME.clock_default(accepted, 2, 0) == GiveCards(2, (C("7S"),))  # fewest points, lowest
    weak = plain_deal(["9S 8S 7S 9H 8H 7H 9D 8D", *hands[1:3], "AS 10S KS AH 10H KH AD 10D"])
    assert GAME.clock_default(weak, 0, 0) == PassRedeal(0)
    kept, _ = apply(state, KeepLastTrump(0))
    # the leading team's player next clockwise from the dealer (seat 0 deals): seat 2
    assert GAME.clock_default(kept, 0, 0) == ChooseLeader(0, 2)


def test_c32_32_the_clock_in_the_boasts() -> None:
    from app.domain.kozel32.commands import ChooseCard, Cut, NameTrump
    from app.domain.kozel32.options import Boast
    from tests.domain.kozel32.helpers import C, after_cut, batches_deck, deck_starting

    pants = after_cut(
        batches_deck(["QH AS", "7C 10D", "KS 9H"]), dealer=0, boast=Boast.PANTS, boaster=1
    )
    assert GAME.clock_default(pants, 2, 0) == ChooseCard(2, C("KS"))  # first in drawing order
    head = deck_starting("10S 9H KS 8C")
    barrel = after_cut(head, dealer=0, boast=Boast.BARREL, boaster=1)
    assert GAME.clock_default(barrel, 1, 0) == ChooseCard(1, C("9H"))  # the fewest points
    mirror = after_cut(deck_starting("9S"), dealer=0, boast=Boast.MIRROR, boaster=1)
    assert GAME.clock_default(mirror, 1, 7) == Cut(1, 8)  # random: from the clock's chance
    star = after_cut(deck_starting("9S"), boast=Boast.STAR, boaster=1, star_rounds=(2, 5, 6))
    assert GAME.clock_default(star, 1, 0) == NameTrump(1, C("AC").suit)  # the preset's suit


@pytest.mark.parametrize(
    ("points", "saved"),
    [((75, 45), (1,)), ((31, 89), (0,)), ((90, 30), ()), ((60, 60), ()), ((120, 0), ())],
)
def test_c32_27_the_summary_names_the_sides_saved_by_the_spas(
    points: tuple[int, int], saved: tuple[int, ...]
) -> None:
    state = kon_over(points)
    assert state.last_deal is not None
    assert state.last_deal.saved == saved
    view = GAME.view_for(state, 0)
    assert view.last_deal is not None
    assert view.last_deal.saved == saved


def test_c32_30_the_view_measures_the_boards_against_six() -> None:
    state = kon_over((75, 45), boards=(2, 4))
    target = GAME.view_for(state, 1).target
    assert target is not None
    assert (target.score, target.toward) == (6, (3, 4))
