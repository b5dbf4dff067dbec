"""S66-9 … S66-12: leading and winning a trick, free play, drawing, strict play
(worked examples 1 to 7 and 20)."""

from __future__ import annotations

import pytest

from app.domain.commands import ShuffleDeck
from app.domain.errors import IllegalAction
from app.domain.sixty_six import GAME, CutDeck, Options, Phase
from app.domain.sixty_six.clock import clock_default
from app.domain.sixty_six.events import CardDrawn, TrickTaken
from app.domain.sixty_six.state import GameState
from tests.domain.sixty_six.helpers import act, card, dealt, legal_cards, position, started

# A 66 deal, trump ♣ (the JC turned up); seat 0 (N) is the forehand, seat 1 (D) the dealer.
N = "10H AS KD JS QS JD"
D = "AH 9C KH 10S QH 10D"
STOCK = "AC 10C KC QC 9S KS JH 9H AD QD 9D"


def opening() -> GameState:
    return dealt((N, D), "JC", STOCK)


def taken(events: list) -> TrickTaken:  # type: ignore[type-arg]
    trick = next(e for e in events if isinstance(e, TrickTaken))
    assert isinstance(trick, TrickTaken)
    return trick


def test_s66_9_example_1_the_higher_card_of_the_suit_wins() -> None:
    state, events = act(opening(), "lead 0 10H", "play 1 AH")
    assert taken(events) == TrickTaken(1, 21)
    assert GAME.to_act(state) == (1,)  # the winner leads the next trick


def test_s66_9_example_2_a_single_trump_wins_else_the_leader() -> None:
    _, events = act(opening(), "lead 0 AS", "play 1 9C")
    assert taken(events) == TrickTaken(1, 11)
    state, events = act(opening(), "lead 0 AS", "play 1 KH")  # not following: legal (S66-10)
    assert taken(events) == TrickTaken(0, 15)
    assert GAME.to_act(state) == (0,)


def test_s66_9_example_3_different_plain_suits_go_to_the_leader() -> None:
    _, events = act(opening(), "lead 0 KD", "play 1 AH")
    assert taken(events) == TrickTaken(0, 15)


def test_s66_9_the_forehand_leads_the_first_trick() -> None:
    state = opening()
    assert state.phase is Phase.LEAD
    assert GAME.to_act(state) == (0,)
    assert GAME.legal_actions(state, 1) == ()


def test_s66_10_open_stock_the_follower_may_play_any_card() -> None:
    state, _ = act(opening(), "lead 0 10H")
    assert legal_cards(state, 1) == set(D.split())  # AH KH QH need not be played


def test_s66_11_the_winner_draws_first_then_the_loser() -> None:
    state, _ = act(opening(), "lead 0 10H", "play 1 AH")
    state, events = act(state, "draw 1")
    assert events == [CardDrawn(1, card("AC"), False), CardDrawn(0, card("10C"), False)]
    assert state.deal is not None
    assert len(state.deal.stock) == 10
    assert card("AC") in state.deal.hands[1]
    assert card("10C") in state.deal.hands[0]


def test_s66_11_the_loser_takes_the_trump_card_last() -> None:
    # After trick 6 of 66: one face-down card (KS) and the trump card (JC) remain.
    state = position(
        ("AH 10D KD QD JD", "9H 9D AD 10H KH JH"),
        "C",
        stock="KS JC",
        phase=Phase.FOLLOW,
        trick="AS",
    )
    state, events = act(state, "play 1 9H")
    assert events[1:] == [
        TrickTaken(0, 11),
        CardDrawn(0, card("KS"), False),
        CardDrawn(1, card("JC"), True),
    ]
    assert state.deal is not None
    assert state.deal.stock == ()  # exhausted: strict play from now on
    assert not state.deal.stock_open


@pytest.mark.parametrize(
    ("deck", "after_draws"),
    [("66", {1: 10, 2: 8, 3: 6, 4: 4, 5: 2, 6: 0}), ("schnapsen", {1: 8, 2: 6, 3: 4, 4: 2, 5: 0})],
)
def test_s66_11_the_stock_is_exhausted_after_trick_6_or_5(
    deck: str, after_draws: dict[int, int]
) -> None:
    """The stock after each trick's draw (example 20: 12 - 2k in `66`)."""
    state, _ = act(started(Options(deck=deck), 1), ShuffleDeck(b"draws"))  # type: ignore[arg-type]
    state, _ = act(state, CutDeck(0, 9))
    seen: dict[int, int] = {}
    while state.deal is not None and len(state.deal.tricks) < len(after_draws):
        command = clock_default(state, GAME.to_act(state)[0], 0)  # draw, lowest cards
        assert command is not None
        state, _ = act(state, command)
        if state.phase is Phase.LEAD and not state.deal.trick:
            seen[len(state.deal.tricks)] = len(state.deal.stock)
    assert seen == after_draws


def strict(lead: str, follower: str, trump: str = "C", closed: bool = False) -> GameState:
    """The stock exhausted; seat 0 leads `lead` against `follower`."""
    state = position((lead, follower), trump, stock="")
    state, _ = act(state, f"lead 0 {lead}")
    return state


def test_s66_12_example_4_head_the_trick_if_you_can() -> None:
    assert legal_cards(strict("10H", "AH QH 9C"), 1) == {"AH"}


def test_s66_12_example_5_else_follow_suit_lower_no_trumping() -> None:
    assert legal_cards(strict("AH", "QH JH KC"), 1) == {"QH", "JH"}


def test_s66_12_example_6_without_the_suit_you_must_trump() -> None:
    assert legal_cards(strict("KH", "9C JC AS"), 1) == {"9C", "JC"}


def test_s66_12_example_7_a_trump_lead_is_headed_then_followed_then_free() -> None:
    assert legal_cards(strict("QC", "KC 9C AH"), 1) == {"KC"}
    assert legal_cards(strict("QC", "9C AH"), 1) == {"9C"}
    assert legal_cards(strict("QC", "AH KS JD"), 1) == {"AH", "KS", "JD"}


def test_s66_12_no_suit_and_no_trump_any_card() -> None:
    assert legal_cards(strict("KH", "AS 10D"), 1) == {"AS", "10D"}


def test_s66_12_the_refusal_speaks_the_rule() -> None:
    state = strict("10H", "AH QH 9C")
    with pytest.raises(IllegalAction, match=r"head 10♥ with a higher ♥ \(S66-12\)"):
        GAME.decide(state, GAME.commands.parse(1, {"type": "play", "card": "QH"}))


def test_s66_12_a_closed_stock_is_strict_too_and_the_leader_is_free() -> None:
    from app.domain.sixty_six.state import Closing

    state = position(
        ("10H AS", "AH QH 9C"),
        "C",
        stock="KS QS JS 9S JC",
        closing=Closing(0, 0, False, False),
    )
    assert legal_cards(state, 0) == {"10H", "AS"}
    state, _ = act(state, "lead 0 10H")
    assert legal_cards(state, 1) == {"AH"}
