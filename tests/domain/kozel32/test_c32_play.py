"""C32-22 … C32-26: leading, following, the unled ace, winning a trick, the catch of Q♣;
worked examples 4 to 8."""

from __future__ import annotations

import pytest

from app.domain.cards import Suit
from app.domain.errors import IllegalAction
from app.domain.kozel32 import GAME
from app.domain.kozel32.commands import PlayCard
from app.domain.kozel32.events import DealScored, QueenCaught, TrickTaken
from app.domain.kozel32.options import Boast
from app.domain.kozel32.state import DealResult, TrickKind
from tests.domain.kozel32.helpers import C, actions, apply, in_play


def legal(state: object, seat: int) -> set[str]:
    return {str(a.card) for a in actions(state, seat)}


@pytest.mark.parametrize(
    ("led", "expected"),
    [("7S", {"AS"}), ("JD", {"QS", "9C"}), ("10D", {"8D"}), ("AH", {"KH"})],
)
def test_example_5_follow_the_led_class(led: str, expected: set[str]) -> None:
    state = in_play(["9S", "AS QS KH 9C 8D", "7H", "7D"], trick=led, leader=0)
    assert legal(state, 1) == expected


def test_example_6_a_queen_is_no_card_of_its_suit() -> None:
    state = in_play(["9S", "QH 9D 8D", "7H", "7D"], trick="AH", leader=0)
    assert legal(state, 1) == {"QH", "9D", "8D"}


def test_c32_23_a_trump_led_asks_a_trump_and_there_is_no_duty_to_beat() -> None:
    state = in_play(["9S", "8C AS KH", "7H", "7D"], trick="QC", leader=0)
    assert legal(state, 1) == {"8C"}
    state = in_play(["9S", "AS KH", "7H", "7D"], trick="10S", leader=0)
    assert legal(state, 1) == {"AS"}  # follows, even though it beats
    state = in_play(["9S", "KH 8C", "7H", "7D"], trick="10S", leader=0)
    assert legal(state, 1) == {"KH", "8C"}  # no spade: no duty to trump
    with pytest.raises(IllegalAction, match="C32-23"):
        GAME.decide(in_play(["9S", "8C AS", "7H", "7D"], trick="QC"), PlayCard(1, C("AS")))


def test_example_7_the_unled_ace_ban() -> None:
    on = in_play(
        ["9S", "10H", "AS AD 8C JH", "7D"],
        trick="AH 10H",
        leader=0,
        suits_led=frozenset({Suit.DIAMONDS}),
        unled_ace_ban=True,
    )
    assert legal(on, 2) == {"AD", "8C", "JH"}
    with pytest.raises(IllegalAction, match="C32-24"):
        GAME.decide(on, PlayCard(2, C("AS")))
    off = in_play(
        ["9S", "10H", "AS AD 8C JH", "7D"],
        trick="AH 10H",
        leader=0,
        suits_led=frozenset({Suit.DIAMONDS}),
    )
    assert legal(off, 2) == {"AS", "AD", "8C", "JH"}
    alone = in_play(["9S", "10H", "AS", "7D"], trick="AH 10H", unled_ace_ban=True)
    assert legal(alone, 2) == {"AS"}


def test_c32_24_the_ace_of_the_trump_suit_is_never_banned() -> None:
    state = in_play(["9S", "10H", "AC AS 8S", "7D"], trick="AH 10H", unled_ace_ban=True)
    assert legal(state, 2) == {"AC", "8S"}


@pytest.mark.parametrize(
    ("kind", "counts"),
    [(TrickKind.BOAST, True), (TrickKind.DEAL_TIME, True), (TrickKind.COFFIN, False)],
)
def test_c32_24_boast_and_deal_time_tricks_count_as_leads_but_coffins_do_not(
    kind: TrickKind, counts: bool
) -> None:
    from app.domain.kozel32.state import Laid

    state = in_play(["AH 9S", "10H", "AS 8C", "7D"], unled_ace_ban=True)
    plays = tuple(Laid(seat, C(code)) for seat, code in enumerate(("9S", "10S", "KS", "7S")))
    state = GAME.evolve(state, TrickTaken(kind, 0, plays, 2, 14))  # an earlier trick, of spades
    state = apply(state, PlayCard(0, C("AH")), PlayCard(1, C("10H")))[0]
    assert (legal(state, 2) == {"AS", "8C"}) is counts


def test_c32_24_a_lead_counts_under_the_trumps_in_force_when_it_was_made() -> None:
    # An open round of the star led 9C before clubs were named: clubs count as led.
    from app.domain.kozel32.state import Laid, Taken

    star = Taken(TrickKind.DEAL_TIME, 1, (Laid(1, C("9C")), Laid(2, C("9H"))), 1, 0)
    state = in_play(
        ["9S", "10H", "AS 8S", "7D"],
        trick="AH 10H",
        suits_led=frozenset({Suit.CLUBS}),
        tricks=(star,),
        unled_ace_ban=True,
    )
    assert legal(state, 2) == {"8S"}


def test_example_8_the_lead_restriction() -> None:
    state = in_play(["QS 9C AH", "8S", "8H", "8D"], trump_lead_restriction=True)
    assert legal(state, 0) == {"AH"}
    with pytest.raises(IllegalAction, match="C32-22"):
        GAME.decide(state, PlayCard(0, C("QS")))
    only_trumps = in_play(["QS 9C", "8S", "8H", "8D"], trump_lead_restriction=True)
    assert legal(only_trumps, 0) == {"QS", "9C"}
    boaster = in_play(
        ["QS 9C AH", "8S", "8H", "8D"],
        boast=Boast.STAR,
        boaster=0,
        trump_lead_restriction=True,
    )
    assert legal(boaster, 0) == {"QS", "9C", "AH"}
    assert legal(in_play(["QS 9C AH", "8S", "8H", "8D"]), 0) == {"QS", "9C", "AH"}


def test_c32_25_the_winner_takes_the_trick_and_leads_the_next() -> None:
    state = in_play(["KH 7S", "10H 8S", "7H 9S", "AS 10S"], leader=0)
    state, events = apply(
        state,
        PlayCard(0, C("KH")),
        PlayCard(1, C("10H")),
        PlayCard(2, C("7H")),
        PlayCard(3, C("AS")),
    )
    trick = events[-1]
    assert isinstance(trick, TrickTaken)
    assert (trick.winner, trick.points) == (1, 25)  # example 1
    assert GAME.to_act(state) == (1,)


def test_example_4_the_shamok_catches_the_queen_of_clubs_from_the_other_team() -> None:
    state = in_play(["QC 8S", "7C 8H", "AD 8D", "JS 9S"], leader=0)
    state, events = apply(
        state,
        PlayCard(0, C("QC")),
        PlayCard(1, C("7C")),
        PlayCard(2, C("AD")),
        PlayCard(3, C("JS")),
    )
    assert [type(e) for e in events[-3:]] == [TrickTaken, QueenCaught, DealScored]
    assert events[-2] == QueenCaught(0, 1)
    scored = events[-1]
    assert isinstance(scored, DealScored)
    assert scored.result is DealResult.CATCH
    assert scored.winner == 1
    assert scored.gains == (0, 2)


def test_example_4_partners_make_no_catch() -> None:
    state = in_play(["QC 8S", "AD 8H", "7C 8D", "JS 9S"], leader=0)
    state, events = apply(
        state,
        PlayCard(0, C("QC")),
        PlayCard(1, C("AD")),
        PlayCard(2, C("7C")),
        PlayCard(3, C("JS")),
    )
    assert isinstance(events[-1], TrickTaken)
    assert (events[-1].winner, events[-1].points) == (2, 16)


@pytest.mark.parametrize("options", [{"shamok_catch": False}, {"trump_preset": "diamonds"}])
def test_c32_26_no_catch_with_the_option_off_or_in_diamonds(options: dict[str, object]) -> None:
    state = in_play(["QC 8S", "7C 8H", "AD 8D", "JS 9S"], leader=0, **options)
    _, events = apply(
        state,
        PlayCard(0, C("QC")),
        PlayCard(1, C("7C")),
        PlayCard(2, C("AD")),
        PlayCard(3, C("JS")),
    )
    assert not any(isinstance(e, QueenCaught) for e in events)


def test_c32_26_tricks_of_a_boast_catch_nothing() -> None:
    from app.domain.kozel32.state import Laid, Taken

    trick = Taken(TrickKind.DEAL_TIME, 0, (Laid(0, C("QC")), Laid(1, C("7C"))), 1, 3)
    state = in_play(["8S", "8H", "8D", "9S"], tricks=(trick,))
    from app.domain.kozel32.play import catch

    assert catch(state) is None


def test_c32_22_at_the_queen_of_spades_table_the_soloist_counts_as_the_boaster() -> None:
    hands = ["QS 9C AH", "8S 7S", "8H 7H"]
    soloist = in_play(
        hands,
        players=3,
        soloist=0,
        three_player_mode="queen_of_spades",
        trump_lead_restriction=True,
    )
    assert legal(soloist, 0) == {"QS", "9C", "AH"}
    defender = in_play(
        hands,
        players=3,
        soloist=1,
        three_player_mode="queen_of_spades",
        trump_lead_restriction=True,
    )
    assert legal(defender, 0) == {"AH"}
