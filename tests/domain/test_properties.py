"""Hypothesis random playouts: every game ends, cards are conserved, a full deal holds 120
points, every card played was legal (by an independent oracle), illegal cards are refused,
replaying the log (also through JSON) rebuilds the live state, and no view or event shows a
seat a card it may not know."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.domain import kozel24 as k
from app.domain.kozel24 import REGISTRY
from tests.domain.playout import play_random_game

games = given(
    seed=st.integers(min_value=0, max_value=2**64),
    first_dealer=st.integers(min_value=0, max_value=3),
    eggs=st.booleans(),
    messages=st.booleans(),
)
quick = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PARTS = 4
"""The thorough run is split in parts of fresh random games, so that test workers share it."""
thorough = settings(
    max_examples=1600 // PARTS, deadline=None, suppress_health_check=list(HealthCheck)
)


def check_game(seed: int, first_dealer: int, eggs: bool, messages: bool, views: bool) -> None:
    options = k.Options(eggs=eggs, messages=messages)
    game = play_random_game(random.Random(seed), options, first_dealer, check_views=views)
    assert k.replay(game.log) == game.state
    stored = [json.loads(json.dumps(event.payload())) for event in game.log]
    decoded = [REGISTRY.decode(e.TYPE, p) for e, p in zip(game.log, stored, strict=True)]
    assert k.replay(decoded) == game.state  # type: ignore[arg-type]
    result = game.state.result
    assert result is not None
    assert "goats" in result.titles
    if result.reason == "written":
        assert game.state.written[result.loser] >= 12


@quick
@games
def test_random_games_keep_every_invariant(
    seed: int, first_dealer: int, eggs: bool, messages: bool
) -> None:
    check_game(seed, first_dealer, eggs, messages, views=True)


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
@thorough
@games
def test_thousands_of_random_games_keep_every_invariant(
    part: int, seed: int, first_dealer: int, eggs: bool, messages: bool
) -> None:
    """3,000 games in all (each part draws its own)."""
    check_game(seed, first_dealer, eggs, messages, views=True)
