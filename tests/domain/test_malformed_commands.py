"""The engine refuses a command whose fields are not of their types with its own error,
`MalformedCommand` (`invalid_command`), before any rule is judged: the API's request models
refuse such bodies too, and the engine must not rely on it (a bot or a script calls it
directly)."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain import kozel24 as k
from app.domain.errors import DomainError, MalformedCommand
from app.domain.kozel24.events import LoneTrumpKept
from tests.domain.helpers import MIXED, card, deal
from tests.domain.test_rules_decisions import LONE_WITH_CHOICE

AT_THE_CUT = k.replay(k.start_game(k.Options(), 1))
AT_THE_CUT, _ = k.apply(AT_THE_CUT, k.ShuffleDeck(b"malformed"))  # seat 0 cuts (K-5)


def test_the_error_has_a_stable_code() -> None:
    assert MalformedCommand.code == "invalid_command"
    assert issubclass(MalformedCommand, DomainError)


@pytest.mark.parametrize("position", [1.0, 12.0, True, False, "3", None])
def test_k5_a_cut_position_is_an_int(position: Any) -> None:
    with pytest.raises(MalformedCommand, match="position"):
        k.decide(AT_THE_CUT, k.CutDeck(0, position))
    assert k.decide(AT_THE_CUT, k.CutDeck(0, 12))  # the same cut as an int is dealt


@pytest.mark.parametrize("seed", ["a seed", bytearray(b"a seed"), 12345, None])
def test_k5_a_shuffle_seed_is_bytes(seed: Any) -> None:
    state = k.replay(k.start_game(k.Options(), 0))
    with pytest.raises(MalformedCommand, match="seed"):
        k.decide(state, k.ShuffleDeck(seed))


@pytest.mark.parametrize("answer", [1, 0, "keep", None])
def test_k9_an_exchange_answer_is_a_bool(answer: Any) -> None:
    state = deal(LONE_WITH_CHOICE, dealer=3, deal_no=2)  # seat 0 holds a lone trump
    with pytest.raises(MalformedCommand, match="exchange"):
        k.decide(state, k.DecideExchange(0, answer))
    assert k.decide(state, k.DecideExchange(0, False)) == [LoneTrumpKept(0)]


@pytest.mark.parametrize("code", ["AS", None])
def test_a_card_is_a_card_not_its_code(code: Any) -> None:
    state = deal(MIXED, dealer=3, deal_no=2)  # seat 0 leads and holds A♠
    with pytest.raises(MalformedCommand, match="card"):
        k.decide(state, k.PlayCard(0, code))
    assert k.decide(state, k.PlayCard(0, card("AS")))
    exchange = deal(LONE_WITH_CHOICE, dealer=3, deal_no=2)
    exchange, _ = k.apply(exchange, k.DecideExchange(0, True))
    with pytest.raises(MalformedCommand, match="card"):
        k.decide(exchange, k.GiveCard(2, "10H"))


def test_what_is_not_a_command_is_refused() -> None:
    with pytest.raises(MalformedCommand):
        k.decide(AT_THE_CUT, "cut 12")  # type: ignore[arg-type]
