"""Golden games: complete recorded games replayed command by command. Every event the
engine states must match the file, and each trick's winner and points are also re-derived
here from the trump order of K-3 and the points of K-4, independently of the engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.domain import kozel24 as k
from app.domain.kozel24.events import CardPlayed
from tests.domain.golden import GOLDEN_DIR, parse_command, parse_header, render_event

TRUMPS = ["6C", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AC", "10C", "KC"]
PLAIN = ["A", "10", "K", "6"]
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "6": 0}


def strength(code: str, led: str) -> int:
    """Higher wins: any trump beats any card of the led suit; other cards never win."""
    if code in TRUMPS:
        return 100 - TRUMPS.index(code)
    if led not in TRUMPS and code[-1] == led[-1]:
        return 10 - PLAIN.index(code[:-1])
    return 0


def golden_files() -> list[Path]:
    return sorted(GOLDEN_DIR.glob("*.txt"))


def test_there_are_golden_games() -> None:
    assert len(golden_files()) >= 3


@pytest.mark.parametrize("path", golden_files(), ids=lambda p: p.stem)
def test_golden_game_replays_exactly(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    first_dealer, options = parse_header(lines[0])
    state = k.replay(k.start_game(options, first_dealer))
    trick: list[tuple[int, str]] = []
    expected: list[str] = []
    command: k.Command | None = None
    for line in [*lines[1:], "> end"]:
        if not line.startswith("> "):
            expected.append(line.strip())
            continue
        if command is not None:
            state, events = k.apply(state, command)
            assert [render_event(e) for e in events] == expected, f"after {command}"
            for event in events:
                if isinstance(event, CardPlayed):
                    trick.append((event.seat, str(event.card)))
                if event.TYPE == "trick_taken":
                    _check_trick(trick, event.payload())
                    trick = []
                if event.TYPE == "deck_shuffled":
                    trick = []
        expected = []
        command = None if line == "> end" else parse_command(line[2:])
    assert state.is_terminal
    final = lines[-1].split()
    assert final[0] == "game_ended"
    assert state.result is not None
    assert f"titles={','.join(state.result.titles)}" in final


def _check_trick(trick: list[tuple[int, str]], taken: dict[str, int]) -> None:
    assert len(trick) == 4
    led = trick[0][1]
    winner = max(trick, key=lambda play: strength(play[1], led))[0]
    assert taken["winner"] == winner
    assert taken["points"] == sum(POINTS[code[:-1]] for _, code in trick)
