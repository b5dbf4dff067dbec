"""K-16: table messages, seen by everyone, disabled during deal 1 (the shared messages of
`app.domain.messages`, with the 24-card Kozel's `messages_allowed`)."""

from __future__ import annotations

import pytest

from app.domain import kozel24 as k
from app.domain.commands import PostMessage
from app.domain.errors import GameOver, InvalidMessage, MalformedCommand, MessagesDisabled
from app.domain.messages import MessagePosted, decide_message
from tests.domain.helpers import MIXED, deal


def post(state: k.GameState, seat: int, text: str) -> list[MessagePosted]:
    """A message at a table whose game is in `state`, as the service decides it."""
    return decide_message(
        PostMessage(seat, text), k.GAME.messages_allowed(state), k.GAME.is_terminal(state)
    )


def test_k16_messages_are_refused_in_deal_1() -> None:
    state = deal(MIXED, dealer=3, deal_no=1)
    assert not k.messages_allowed(state)
    assert not k.view_for(state, 0).messages_allowed
    with pytest.raises(MessagesDisabled) as error:
        post(state, 0, "прицеп")
    assert error.value.code == "messages_disabled"


def test_k16_messages_are_refused_before_the_first_deal() -> None:
    state = k.replay(k.start_game(k.Options(), 0))
    with pytest.raises(MessagesDisabled):
        post(state, 0, "hi")


def test_k16_from_deal_2_a_message_reaches_the_whole_table() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    events = post(state, 1, "  прицеп  ")
    assert events == [MessagePosted(1, "прицеп")]
    for seat in (0, 1, 2, 3, None):
        assert events[0].payload_for(seat) == {"seat": 1, "text": "прицеп"}


def test_k16_messages_hold_1_to_200_characters() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    assert post(state, 0, "я" * 200) == [MessagePosted(0, "я" * 200)]
    for text in ["", "   ", "я" * 201]:
        with pytest.raises(InvalidMessage):
            post(state, 0, text)


def test_k16_a_table_option_turns_messages_off() -> None:
    state = deal(MIXED, dealer=3, deal_no=2, options=k.Options(messages=False))
    with pytest.raises(MessagesDisabled):
        post(state, 0, "hi")


def test_k16_no_messages_after_the_game() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    state, _ = k.apply(state, k.Resign(0))
    with pytest.raises(GameOver):
        post(state, 0, "gg")


def test_k16_a_message_is_the_tables_not_the_games() -> None:
    """The engine does not take messages: the table does (`app.domain.messages`)."""
    state = deal(MIXED, dealer=3, deal_no=2)
    with pytest.raises(MalformedCommand):
        k.GAME.decide(state, PostMessage(0, "hi"))
