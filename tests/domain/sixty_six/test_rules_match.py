"""S66-27 … S66-29: the match, the clock and resignation, and `hard` collected (worked
examples 23, 26 and 28)."""

from __future__ import annotations

import pytest

from app.domain.cards import Suit
from app.domain.commands import Resign, ShuffleDeck
from app.domain.errors import GameOver
from app.domain.sixty_six import (
    GAME,
    ClaimOut,
    CloseStock,
    CutDeck,
    DealEnd,
    DeclareMarriage,
    Draw,
    ExchangeTrump,
    LeadCard,
    Options,
    Phase,
    PlayCard,
)
from app.domain.sixty_six.clock import clock_default
from app.domain.sixty_six.events import DealScored, GameEnded, PlayerResigned
from app.domain.sixty_six.state import GameState
from app.domain.view import Result
from tests.domain.sixty_six.helpers import (
    DEFAULT,
    act,
    card,
    dealt,
    legal_types,
    position,
    started,
    won,
)

HARD = Options(strictness="hard")
D66 = (won(1, "AS 10S"), won(1, "AH 10H"), won(1, "AD 10D"), won(1, "QS 9C"))
N_LOW = (won(0, "KC QC"),)  # 7: D's win is worth 2


def d_claims(
    game_points: tuple[int, int], options: Options = DEFAULT
) -> tuple[GameState, list[object]]:
    state = position(
        ("JS 9D", "JH KH"),
        "C",
        stock="KS JC",
        leader=1,
        tricks=N_LOW + D66,
        options=options,
        game_points=game_points,
    )
    state, events = act(state, "claim_out 1")
    return state, list(events)


def test_s66_27_example_23_the_first_to_7_wins_the_match() -> None:
    state, events = d_claims((6, 5))
    scored = events[1]
    assert isinstance(scored, DealScored)
    assert (scored.winner, scored.game_points) == (1, 2)
    assert events[2] == GameEnded(1, 0, (6, 7), "match")
    assert state.phase is Phase.GAME_OVER
    assert GAME.is_terminal(state)
    assert state.result == Result(1, 0, (6, 7), ("bummerl",), "match", (2, 1))  # N's Bummerl
    assert GAME.returns(state) == (-1.0, 1.0)
    assert GAME.scores(state) == (6, 7)
    assert GAME.to_act(state) == ()
    with pytest.raises(GameOver):
        GAME.decide(state, ShuffleDeck(b"more"))


def test_s66_27_below_the_target_the_match_goes_on_and_the_target_is_an_option() -> None:
    state, events = d_claims((3, 2))
    assert len(events) == 2
    assert state.phase is Phase.SHUFFLE
    assert GAME.returns(state) == (0.0, 0.0)
    assert GAME.deal_outcome(state) == (-2.0, 2.0)
    state, events = d_claims((0, 1), Options(match_target=3))
    assert events[-1] == GameEnded(1, 0, (0, 3), "match")


def test_s66_28_example_26_the_clock_leads_the_weakest_non_trump() -> None:
    state = position(("9C JS JH AD 10C QD", "9H KH QH 10S KS 9D"), "C", stock="KD JD QS AC")
    assert clock_default(state, 0, 0) == LeadCard(0, card("JS"))


def test_s66_28_the_clock_draws_follows_low_and_never_closes_declares_or_claims() -> None:
    state = dealt(
        ("AS KH QH 9S JS 10H", "9H JH 10D QD AD 10S"), "AC", "KD JD 9D KS QC JC 10C KC QS 9C AH"
    )
    assert clock_default(state, 0, 0) == LeadCard(0, card("9S"))
    state, _ = act(state, "lead 0 AS")
    assert clock_default(state, 1, 0) == PlayCard(1, card("9H"))
    state, _ = act(state, "play 1 9H")
    assert clock_default(state, 0, 0) == Draw(0)
    trumps = position(("AC 10C KC", "9H KH QH"), "C", stock="")
    assert clock_default(trumps, 0, 0) == LeadCard(0, card("KC"))  # all trumps: the lowest
    assert clock_default(trumps, 1, 0) is None  # not its turn


def test_s66_28_after_a_declaration_the_clock_leads_the_lower_card_of_the_pair() -> None:
    for options, expected in ((Options(), "QH"), (HARD, "KH")):
        state = position(
            ("KH QH 9S", "AH JH 10D"),
            "C",
            stock="KD QD JD AC",
            tricks=(won(0, "AS 10S"),),
            options=options,
        )
        state, _ = act(state, "declare 0 H")
        assert clock_default(state, 0, 0) == LeadCard(0, card(expected))


def test_s66_28_a_random_cut_on_the_clock() -> None:
    state, _ = act(started(), ShuffleDeck(b"cut"))
    assert [clock_default(state, 1, chance) for chance in (0, 22, 23, 1000)] == [
        CutDeck(1, 1),
        CutDeck(1, 23),
        CutDeck(1, 1),
        CutDeck(1, 1000 % 23 + 1),
    ]


def test_s66_28_example_28_resigning_during_a_deal() -> None:
    state = position(("AS", "KS"), "C", stock="", game_points=(2, 5))
    state, events = act(state, Resign(0))
    assert events[0] == PlayerResigned(0)
    scored = events[1]
    assert isinstance(scored, DealScored)
    assert (scored.winner, scored.game_points, scored.reason) == (1, 3, DealEnd.RESIGNED)
    assert events[2] == GameEnded(1, 0, (2, 8), "resigned")
    assert state.result is not None
    assert state.result.loser == 0


def test_s66_28_resigning_between_deals_adds_nothing_and_ends_the_match() -> None:
    state, _ = d_claims((0, 1))
    assert state.phase is Phase.SHUFFLE
    state, events = act(state, Resign(1))  # the leader in game points resigns: still the Bummerl
    assert events == [PlayerResigned(1), GameEnded(0, 1, (0, 3), "resigned")]
    with pytest.raises(GameOver):
        GAME.decide(state, Resign(0))


def test_s66_29_hard_collected() -> None:
    # 1. No reviewing taken tricks.
    state = position(
        ("KH QH 9S 9C", "AH JH 10D 9H"),
        "C",
        stock="JD KD AC",
        tricks=(won(0, "AS 10S"),),
        options=HARD,
    )
    assert GAME.view_for(state, 0).game.taken is None
    # 2. With one face-down card, neither closing nor the exchange.
    one = position(
        ("KH QH 9S 9C", "AH JH 10D 9H"),
        "C",
        stock="KD AC",
        tricks=(won(0, "AS 10S"),),
        options=HARD,
    )
    assert {"close", "exchange"} & set(legal_types(one, 0)) == set()
    assert "exchange" in legal_types(state, 0)
    # 3. No exchange before the first trick (schnapsen; with 66 never in soft either).
    s_hard = Options(deck="schnapsen", strictness="hard")
    first = dealt(
        ("JC 10H KH QS KS", "AH JH 10D AS 10S"), "AC", "KD QD JD QC KC 10C QH JS AD", options=s_hard
    )
    assert "exchange" not in legal_types(first, 0)
    # 4. Marriages only after a won trick.
    assert "declare" not in legal_types(
        dealt(
            ("KH QH 10H 9S JS QS", "AH JH 10D 9H AS 10S"),
            "AC",
            "KD QD JD 9D KS QC JC 10C KC AD 9C",
            options=HARD,
        ),
        0,
    )
    # 5. After a marriage the K is led.
    declared, _ = act(state, "declare 0 H")
    assert [a for a in GAME.legal_actions(declared, 0) if isinstance(a, LeadCard)] == [
        LeadCard(0, card("KH"))
    ]
    # 6. The draw comes after the trick is taken (turned face down).
    _, events = act(one, "lead 0 9S", "play 1 9H")
    kinds = [type(e).__name__ for e in events]
    assert kinds == ["CardPlayed", "CardPlayed", "TrickTaken", "CardDrawn", "CardDrawn"]


def test_the_commands_on_the_wire() -> None:
    assert set(GAME.commands.types) == {
        "cut",
        "draw",
        "close",
        "exchange",
        "declare",
        "claim_out",
        "lead",
        "play",
    }
    for command in (
        CutDeck(0, 5),
        Draw(1),
        CloseStock(0),
        ExchangeTrump(1),
        DeclareMarriage(0, Suit.HEARTS),
        ClaimOut(1),
        LeadCard(0, card("10H")),
        PlayCard(1, card("AS")),
    ):
        body = GAME.commands.body(command)
        assert GAME.commands.parse(command.seat, body) == command  # type: ignore[attr-defined]
    assert GAME.commands.body(DeclareMarriage(0, Suit.HEARTS)) == {"type": "declare", "suit": "H"}
