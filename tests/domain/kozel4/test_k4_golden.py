"""Golden games: three complete recorded games replayed command by command, every event
compared (balls and a молодка; the hand-off with rank leads and doubled eggs; the ladder with
the dealer leading)."""

from __future__ import annotations

import pytest

from tests.domain.multitrick.golden import GOLDEN_DIR, replay

FILES = sorted((GOLDEN_DIR / "kozel4").glob("*.txt"))


def test_there_are_three_golden_games() -> None:
    assert len(FILES) == 3


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_game_replays_event_for_event(path) -> None:  # type: ignore[no-untyped-def]
    game, state = replay(path)
    assert game.is_terminal(state)
    text = path.read_text(encoding="utf-8")
    assert "molodka_claimed" in text or "cards_exchanged" in text
