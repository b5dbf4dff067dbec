"""K-16: table messages, seen by everyone, disabled during deal 1."""

from __future__ import annotations

import pytest

from app.domain import kozel24 as k
from app.domain.errors import GameOver, IllegalAction, InvalidMessage, MessagesDisabled
from app.domain.kozel24.events import MessagePosted
from tests.domain.helpers import MIXED, deal


def test_k16_messages_are_refused_in_deal_1() -> None:
    state = deal(MIXED, dealer=3, deal_no=1)
    assert not k.messages_allowed(state)
    assert not k.view_for(state, 0).messages_allowed
    with pytest.raises(MessagesDisabled) as error:
        k.decide(state, k.PostMessage(0, "прицеп"))
    assert error.value.code == "messages_disabled"


def test_k16_messages_are_refused_before_the_first_deal() -> None:
    state = k.replay(k.start_game(k.Options(), 0))
    with pytest.raises(MessagesDisabled):
        k.decide(state, k.PostMessage(0, "hi"))


def test_k16_from_deal_2_a_message_reaches_the_whole_table() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    state, events = k.apply(state, k.PostMessage(1, "  прицеп  "))
    assert events == [MessagePosted(1, "прицеп")]
    for seat in (0, 1, 2, 3, None):
        messages = k.view_for(state, seat).messages
        assert [(m.seat, m.text) for m in messages] == [(1, "прицеп")]


def test_k16_messages_hold_1_to_200_characters() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    k.decide(state, k.PostMessage(0, "я" * 200))
    for text in ["", "   ", "я" * 201]:
        with pytest.raises(InvalidMessage):
            k.decide(state, k.PostMessage(0, text))


def test_k16_a_table_option_turns_messages_off() -> None:
    state = deal(MIXED, dealer=3, deal_no=2, options=k.Options(messages=False))
    with pytest.raises(MessagesDisabled):
        k.decide(state, k.PostMessage(0, "hi"))


def test_k16_no_messages_after_the_game() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    state, _ = k.apply(state, k.Resign(0))
    with pytest.raises(GameOver):
        k.decide(state, k.PostMessage(0, "gg"))


def test_k16_only_seats_post() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    with pytest.raises(IllegalAction):
        k.decide(state, k.PostMessage(4, "hi"))


def test_k16_the_state_keeps_the_recent_messages() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    for n in range(120):
        state, _ = k.apply(state, k.PostMessage(n % 4, str(n)))
    texts = [m.text for m in state.messages]
    assert len(texts) == 100
    assert texts[-1] == "119"
