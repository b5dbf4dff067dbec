"""B-18 … B-23: penalty points, eggs, declaring 61, the end of the game, irregularities, the
move clock, resignation, and what is not offered."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.domain.bura import GAME
from app.domain.bura.commands import Beat, Declare, Discard, Lead
from app.domain.bura.options import Options
from app.domain.bura.state import GameState
from app.domain.commands import Resign, ShuffleDeck
from app.domain.errors import GameOver, IllegalAction, MalformedCommand, NotYourTurn
from app.domain.multitrick.deck import DECK, points
from app.domain.multitrick.events import DealScored, GameEnded, SeatResigned
from app.domain.multitrick.scoring import full_deal
from app.domain.view import Result
from tests.domain.bura.helpers import cards, play, position


def with_piles(state: GameState, *piles: str, taken: tuple[int, ...] | None = None) -> GameState:
    board = state.running.board
    board = replace(
        board,
        piles=tuple(cards(p) for p in piles),
        tricks_taken=taken or tuple(1 if p else 0 for p in piles),
    )
    return replace(state, deal=replace(state.running, board=board))


def pile_of(total: int, avoid: str = "") -> str:
    """A pile of exactly `total` points from the point cards not in `avoid`."""
    free = [c for c in DECK if points((c,)) and str(c) not in avoid.split()]

    def pick(i: int, left: int) -> list[str] | None:
        if left == 0:
            return []
        if i == len(free) or left < 0:
            return None
        taken = pick(i + 1, left - points((free[i],)))
        return [str(free[i]), *taken] if taken is not None else pick(i + 1, left)

    chosen = pick(0, total)
    assert chosen is not None, total
    return " ".join(chosen)


def complement(*piles: str) -> str:
    """The point cards in none of `piles`: the rest of the deck's 120 points."""
    taken = " ".join(piles).split()
    return " ".join(str(c) for c in DECK if points((c,)) and str(c) not in taken)


def test_b_18_two_player_deal_scores_example_11() -> None:
    assert full_deal((61, 59), (True, True)) == (0, 2)
    assert full_deal((89, 31), (True, True)) == (0, 2)
    assert full_deal((90, 30), (True, True)) == (0, 4)
    assert full_deal((120, 0), (True, True)) == (0, 4)  # he beat 6S with 7S
    assert full_deal((120, 0), (True, False)) == (0, 6)
    for win_needs_61 in (True, False):
        assert full_deal((60, 60), (True, True), win_needs_61) == (0, 0)


def test_b_18_three_player_deal_scores_example_13() -> None:
    took = (True, True, True)
    assert full_deal((61, 39, 20), took) == (0, 2, 4)
    assert full_deal((55, 45, 20), took) == (2, 2, 4)  # nobody reached 61
    assert full_deal((40, 40, 40), took) == (2, 2, 2)  # not eggs
    assert full_deal((120, 0, 0), (True, True, False)) == (0, 4, 6)
    assert full_deal((55, 45, 20), took, win_needs_61=False) == (0, 2, 4)
    assert full_deal((50, 50, 20), took, win_needs_61=False) == (0, 0, 4)
    assert full_deal((40, 40, 40), took, win_needs_61=False) == (0, 0, 0)


def last_trick(piles: tuple[str, ...], penalties=None, options=None):  # type: ignore[no-untyped-def]
    """The deal's last trick: seat 0 leads 6C, the others discard 0-point cards."""
    hands = ["6C", "7C", "8C", "9C"][: len(piles)]
    state = position(hands, trump="7D", options=options, penalties=penalties)
    state = replace(state, deal=replace(state.running, board=state.running.board.drawn(())))
    board = state.running.board
    board = replace(board, stock=())
    state = replace(state, deal=replace(state.running, board=board))
    return with_piles(state, *piles)


def finish(state: GameState):  # type: ignore[no-untyped-def]
    seats = state.series.seats
    moves = [Lead(0, cards("6C"))] + [
        Discard(s, state.running.board.hands[s]) for s in range(1, seats)
    ]
    return play(state, *moves)


def test_b_18_a_played_out_deal_is_scored_on_the_piles() -> None:
    high = pile_of(61)
    low = complement(high)
    state, events = finish(last_trick((high, low)))
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.points == (61, 59)
    assert scored.penalties == (0, 2)
    assert scored.reason == "points"
    assert state.series.penalties == (0, 2)


def test_b_19_eggs_write_nothing_and_double_with_the_option() -> None:
    half = pile_of(60)
    rest = complement(half)
    state, events = finish(last_trick((half, rest)))
    scored = events[-1]
    assert isinstance(scored, DealScored)
    assert scored.eggs
    assert scored.penalties == (0, 0)
    assert state.series.multiplier == 1
    doubled = Options(eggs_double=True)
    state, _ = finish(last_trick((half, rest), options=doubled))
    assert state.series.multiplier == 2
    state = replace(state, series=replace(state.series, multiplier=2))
    high = pile_of(61)
    low = complement(high)
    replayed = last_trick((high, low), options=doubled)
    replayed = replace(replayed, series=replace(replayed.series, multiplier=4))
    replayed, events = finish(replayed)
    assert events[-1].penalties == (0, 8)  # type: ignore[attr-defined]
    assert replayed.series.multiplier == 1


def test_b_20_declaring_61_example_17() -> None:
    state = with_piles(position(["6C 7C", "8C 9C"], trump="7D", stock="6S 7S"), pile_of(58), "")
    assert Declare(0) in GAME.legal_actions(state, 0)
    assert GAME.legal_actions(state, 1) == ()
    with pytest.raises(NotYourTurn, match="B-20"):
        GAME.decide(state, Declare(1))
    _, events = play(state, Declare(0))
    scored = events[-1]
    assert isinstance(scored, DealScored)
    assert scored.reason == "false_declaration"
    assert scored.penalties == (6, 0)
    winning = position(["6C 7C", "8C 7S"], trump="7D", stock="6S 9C", leader=1)
    winning = with_piles(winning, pile_of(63), pile_of(20, avoid=pile_of(63)))
    assert Declare(0) not in GAME.legal_actions(winning, 0)
    winning, _ = play(winning, Lead(1, cards("7S")))
    winning, events = play(winning, Declare(0))
    scored = events[-1]
    assert isinstance(scored, DealScored)
    assert scored.reason == "declared"
    assert scored.penalties == (0, 4)
    assert scored.points == (63, 20)  # the 7S on the table goes to no pile
    off = position(["6C 7C", "8C 9C"], options=Options(declare=False), stock="6S 7S")
    assert not any(isinstance(a, Declare) for a in GAME.legal_actions(off, 0))
    with pytest.raises(IllegalAction, match="B-20"):
        GAME.decide(off, Declare(0))


@pytest.mark.parametrize(("points", "reason"), [(61, "declared"), (60, "false_declaration")])
def test_b_20_sixty_one_is_enough(points: int, reason: str) -> None:
    state = with_piles(position(["6C 7C", "8C 9C"], stock="6S 7S"), pile_of(points), "")
    _, events = play(state, Declare(0))
    assert events[-1].reason == reason  # type: ignore[attr-defined]


def test_b_20_three_players_declare_only_on_their_turn() -> None:
    state = position(["6C 7C", "8C 9C", "6S 7S"], stock="6H 7H 8H")
    state, _ = play(state, Lead(0, cards("6C")))
    assert Declare(1) in GAME.legal_actions(state, 1)
    assert Declare(2) not in GAME.legal_actions(state, 2)
    claimant = position(["6C 7C 8C 9C", "6S 7S 8S 9S", "AS AH AC 6H"], stock="7H 8H 9H")
    claimant, _ = play(claimant, GAME.legal_actions(claimant, 2)[-1])
    assert Declare(2) in GAME.legal_actions(claimant, 2)
    assert Declare(0) not in GAME.legal_actions(claimant, 0)


def test_b_21_the_game_ends_at_twelve_example_14() -> None:
    high = pile_of(80)
    low = complement(high)
    state, events = finish(last_trick((low, high), penalties=(10, 0)))
    ended = events[-1]
    assert ended == GameEnded((1,), (0,), (12, 0), ("goat",), "target")
    assert GAME.is_terminal(state)
    assert GAME.returns(state) == (-1.0, 1.0)
    assert GAME.view_for(state, None).result == Result(
        1, 0, (12, 0), ("goat",), "target", places=(2, 1)
    )
    assert GAME.view_for(state, None).game.losers == (0,)
    first, second = pile_of(61), pile_of(20, avoid=pile_of(61))
    third = complement(first, second)
    three = last_trick((first, second, third), penalties=(10, 8, 11))
    _, events = finish(three)
    scored, ended = events[-2:]
    assert isinstance(scored, DealScored)
    assert scored.points == (61, 20, 39)
    assert scored.penalties == (0, 4, 2)
    assert ended == GameEnded((0,), (1, 2), (10, 12, 13), ("goat",), "target")
    over, _ = finish(three)
    view = GAME.view_for(over, 2)
    assert view.result == Result(0, None, (10, 12, 13), ("goat",), "target", places=(1, 2, 3))
    assert view.game.losers == (1, 2)


def test_b_21_target_and_single_deal() -> None:
    high = pile_of(80)
    low = complement(high)
    state, events = finish(last_trick((low, high), options=Options(target=2)))
    assert isinstance(events[-1], GameEnded)
    single = Options(single_deal=True)
    state, events = finish(last_trick((low, high), options=single))
    assert events[-1] == GameEnded((1,), (0,), (2, 0), ("goat",), "single_deal")
    half = pile_of(60)
    rest = complement(half)
    state, events = finish(last_trick((half, rest), options=single))
    assert not GAME.is_terminal(state)  # eggs: nobody won, the deal is replayed
    assert GAME.is_chance_node(state)
    assert state.series.next_dealer == (state.series.dealer + 1) % 2  # type: ignore[operator]
    first, second = pile_of(55), pile_of(45, avoid=pile_of(55))
    everybody = last_trick((first, second, complement(first, second)), options=single)
    state, events = finish(everybody)  # 55/45/20: nobody reached 61, everybody penalized
    scored = events[-1]
    assert isinstance(scored, DealScored)
    assert scored.reason == "replayed"
    assert scored.penalties == (0, 0, 0)
    assert not scored.eggs
    assert state.series.penalties == (0, 0, 0)
    assert not GAME.is_terminal(state)


def test_b_22_irregularities_the_clock_and_resignation() -> None:
    state = position(["KS 6C 6H AD", "AS 6D 7D QS"], stock="9S 8S")
    for command, error in (
        (Lead(1, cards("AS")), NotYourTurn),
        (Lead(0, cards("KS 6C")), IllegalAction),
        (Lead(0, cards("AS")), IllegalAction),
        (Lead("0", cards("KS")), MalformedCommand),  # type: ignore[arg-type]
        (ShuffleDeck(b"x"), IllegalAction),
        (Beat(0, cards("KS")), IllegalAction),
    ):
        with pytest.raises(error):
            GAME.decide(state, command)  # type: ignore[arg-type]
    assert GAME.clock_default(state, 0, 0) == Lead(0, cards("6C"))  # 0 points, C before H
    state, _ = play(state, Lead(0, cards("KS")))
    # The fewest points: 6D and 7D (0, both trumps), then the lower rank.
    assert GAME.clock_default(state, 1, 0) == Discard(1, cards("6D"))
    state = replace(state, series=replace(state.series, penalties=(3, 5)))
    state, events = play(state, Resign(1))
    assert events == [SeatResigned(1), GameEnded((0,), (1,), (3, 12), ("goat",), "resigned")]
    with pytest.raises(GameOver):
        GAME.decide(state, Lead(0, cards("6C")))


def test_b_23_no_open_hands_and_no_stakes() -> None:
    assert "open" not in " ".join(GAME.encode_options(Options())).replace("open_discards", "")
    assert not {"stake", "stakes", "open_hands"} & set(GAME.encode_options(Options()))
