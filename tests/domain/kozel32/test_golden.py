"""Golden games: each recorded game replays command by command to the very same events."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.domain.kozel32.golden import GOLDEN_DIR, replay

FILES = sorted(GOLDEN_DIR.glob("*.txt"))


def test_there_are_golden_games() -> None:
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_golden_game_replays_to_the_same_events(path: Path) -> None:
    for command, expected, found in replay(path.read_text()):
        assert found == expected, command
