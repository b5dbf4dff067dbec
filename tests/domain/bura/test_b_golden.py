"""Golden games: three complete recorded games, at 2, 3 and 4 seats, replayed command by
command, every event compared (a bura and a claim; late claims with ace leads and open
discards; top totals winning with doubled eggs)."""

from __future__ import annotations

import pytest

from tests.domain.multitrick.golden import GOLDEN_DIR, replay

FILES = sorted((GOLDEN_DIR / "bura").glob("*.txt"))


def test_there_are_three_golden_games_one_per_table_size() -> None:
    assert len(FILES) == 3
    sizes = {path.read_text(encoding="utf-8").split()[2] for path in FILES}
    assert sizes == {"seats=2", "seats=3", "seats=4"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_game_replays_event_for_event(path) -> None:  # type: ignore[no-untyped-def]
    game, state = replay(path)
    assert game.is_terminal(state)
    assert "combination_claimed" in path.read_text(encoding="utf-8")
