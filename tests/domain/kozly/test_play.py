"""KZ-6: free play (worked example 9), and how a move that is not legal is refused."""

from __future__ import annotations

import pytest

from app.domain.cards import Card
from app.domain.commands import Command, PostMessage, Resign, ShuffleDeck
from app.domain.errors import (
    DomainError,
    GameOver,
    IllegalAction,
    MalformedCard,
    MalformedCommand,
    NotYourTurn,
)
from app.domain.kozly import GAME, CutDeck, Options, PlayCard
from tests.domain.kozly.helpers import SEED, apply, card, cards, new_game, play, position


def test_kz_6_example_9_every_card_of_the_hand_is_legal_whatever_was_led() -> None:
    for led in ("KS", "7H", "JC", "AD"):
        state = position([led, "AS JC 7D KH", "8C", "8S"], "9H", leader=0)
        state, _ = play(state, led)
        legal = GAME.legal_actions(state, 1)
        assert {a.card for a in legal if isinstance(a, PlayCard)} == set(cards("AS JC 7D KH"))
        for action in legal:
            GAME.decide(state, action)  # each is accepted


def test_kz_6_no_duty_to_follow_trump_or_beat() -> None:
    # Seat 1 holds the led suit, trumps and a jack, and throws a plain 7 of another suit.
    state = position(["AS", "KS 9H JD 7C", "8C", "8D"], "10H", leader=0)
    state, events = play(state, "AS 7C 8C 8D")
    assert events[-1].payload() == {"winner": 0, "points": 11}


def test_kz_6_a_card_not_in_the_hand_and_a_wrong_seat_are_refused() -> None:
    state = position(["AS 7C", "KS", "8C", "8D"], "9H", leader=0)
    with pytest.raises(IllegalAction, match=r"seat 0 does not hold K♠.*\(KZ-6\)"):
        GAME.decide(state, PlayCard(0, card("KS")))
    with pytest.raises(NotYourTurn, match=r"seat 0 plays \(KZ-14\)"):
        GAME.decide(state, PlayCard(1, card("KS")))
    with pytest.raises(IllegalAction, match="cut only before"):
        GAME.decide(state, CutDeck(0, 4))
    with pytest.raises(IllegalAction, match="shuffled only before a deal"):
        GAME.decide(state, ShuffleDeck(b"x"))


@pytest.mark.parametrize(
    "command",
    [
        PlayCard("0", Card.parse("AS")),  # type: ignore[arg-type]
        PlayCard(True, Card.parse("AS")),  # a bool is not a seat
        PlayCard(7, Card.parse("AS")),
        PlayCard(0, "AS"),  # type: ignore[arg-type]
        CutDeck(3, True),  # a bool is not a position
        CutDeck(3, "5"),  # type: ignore[arg-type]
        ShuffleDeck(b""),
        ShuffleDeck("seed"),  # type: ignore[arg-type]
        PostMessage(0, "hello"),  # the service's, not the game's
        Resign("1"),  # type: ignore[arg-type]
    ],
)
def test_malformed_commands_are_refused_never_crash(command: Command) -> None:
    state = position(["AS 7C", "KS", "8C", "8D"], "9H", leader=0)
    with pytest.raises(MalformedCommand):
        GAME.decide(state, command)


def test_bodies_from_the_wire_are_checked() -> None:
    with pytest.raises(MalformedCard):
        GAME.commands.parse(0, {"type": "play", "card": "6S6"})
    with pytest.raises(MalformedCommand):
        GAME.commands.parse(0, {"type": "play", "card": "AS", "cards": []})
    with pytest.raises(MalformedCommand):
        GAME.commands.parse(0, {"type": "cut", "position": "3"})
    with pytest.raises(MalformedCommand):
        GAME.commands.parse(0, {"type": "resign"})
    assert GAME.commands.parse(2, {"type": "cut", "position": 3}) == CutDeck(2, 3)
    assert GAME.commands.body(PlayCard(1, card("10H"))) == {"type": "play", "card": "10H"}


def test_every_refusal_has_a_stable_code() -> None:
    state = new_game(Options(), 0)
    refusals = [
        (PlayCard(0, card("AS")), "not_your_turn"),
        (CutDeck(3, 3), "not_your_turn"),
    ]
    for command, code in refusals:
        with pytest.raises(DomainError) as error:
            GAME.decide(state, command)
        assert error.value.code == code
    state, _ = apply(state, ShuffleDeck(SEED))
    with pytest.raises(IllegalAction, match="must cut the deck"):
        GAME.decide(state, PlayCard(3, card("AS")))
    state, _ = apply(state, Resign(2))
    with pytest.raises(GameOver) as over:
        GAME.decide(state, CutDeck(3, 3))
    assert over.value.code == "game_over"
