"""Random playouts of every option of the rules file's table: each deal mode with each end
(`deal_mode` x `end`), `win_at` and `target_marks` drawn per game. Every game ends and keeps the
invariants of `playout` at every step (the views, payloads, refusals and snapshot at a
sample of the steps, and at every step of a few games)."""

from __future__ import annotations

import random

import pytest

from app.domain.kozly import GAME, Options
from tests.domain.kozly.playout import play_random_game

MODES = [(mode, end) for mode in ("halves", "stock") for end in ("received12", "ruined")]


def options_for(rng: random.Random, mode: str, end: str) -> Options:
    return Options(
        deal_mode=mode,  # type: ignore[arg-type]
        end=end,  # type: ignore[arg-type]
        win_at=rng.choice((60, 61)),
        target_marks=rng.choice((12, 12, 5, 1, 20)),
    )


def check_games(mode: str, end: str, seeds: range, full_checks: float) -> None:
    seen = set()
    for seed in seeds:
        rng = random.Random(seed)
        options = options_for(rng, mode, end)
        seen.add((options.win_at, options.target_marks))
        game = play_random_game(rng, options, seed % 4, full_checks=full_checks)
        assert GAME.is_terminal(game.state)
        outcome = game.state.outcome
        assert outcome is not None
        if outcome.reason == "received12":
            assert game.state.received[outcome.winner] >= options.target_marks  # type: ignore[index]
        if outcome.reason == "ruined":
            assert 0 in game.state.marks
    assert len(seen) > 1


GAMES = {"received12": 100, "ruined": 60}
"""Games per mode in the default run (a `ruined` game lasts about twice as many deals)."""


@pytest.mark.parametrize(("mode", "end"), MODES)
def test_random_games_keep_every_invariant(mode: str, end: str) -> None:
    check_games(mode, end, range(GAMES[end]), full_checks=0.005)


@pytest.mark.parametrize(("mode", "end"), MODES)
def test_random_games_checked_in_full_at_every_step(mode: str, end: str) -> None:
    for seed in range(2):
        rng = random.Random(1000 + seed)
        play_random_game(rng, options_for(rng, mode, end), seed, resign_rate=0.003)


@pytest.mark.slow
@pytest.mark.parametrize(("mode", "end"), MODES)
def test_thousands_of_random_games_keep_every_invariant(mode: str, end: str) -> None:
    check_games(mode, end, range(10_000, 10_300), full_checks=0.2)
