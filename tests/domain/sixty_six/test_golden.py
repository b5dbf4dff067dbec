"""Golden games: complete recorded matches replayed command by command. Every event the
engine states must match the file; each trick's winner and points are also re-derived here
from the rank of S66-3 and the points of S66-4, independently of the engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.domain.sixty_six import GAME
from tests.domain.sixty_six.golden import GOLDEN_DIR, parse_header
from tests.domain.sixty_six.script import parse_command, render_event

RANKS = ["A", "10", "K", "Q", "J", "9"]
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}


def golden_files() -> list[Path]:
    return sorted(GOLDEN_DIR.glob("*.txt"))


def trick_winner(lead: str, follow: str, trump: str) -> int:
    """S66-9: 0 if the lead takes the trick, 1 if the follower's card does."""
    if lead[-1] == follow[-1]:
        return 0 if RANKS.index(lead[:-1]) < RANKS.index(follow[:-1]) else 1
    return 1 if follow[-1] == trump else 0


def test_there_are_golden_games() -> None:
    assert len(golden_files()) >= 3


@pytest.mark.parametrize("path", golden_files(), ids=lambda p: p.stem)
def test_golden_game_replays_event_for_event(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    first_dealer, options = parse_header(lines[0])
    state = None
    for event in GAME.start_game(options, 2, first_dealer):
        state = GAME.evolve(state, event)
    assert state is not None
    expected: list[str] = []
    command = None
    trump = ""
    table: list[tuple[str, str]] = []
    for line in [*lines[1:], "> end"]:
        if not line.startswith("> "):
            expected.append(line.strip())
            continue
        if command is not None:
            events = GAME.decide(state, command)
            assert [render_event(e) for e in events] == expected, f"{path.name}: {command}"
            for event in events:
                state = GAME.evolve(state, event)
        for text in expected:
            kind, *fields = text.split()
            values = dict(field.split("=", 1) for field in fields)
            if kind == "cards_dealt":
                trump = values["trump_card"][-1]
            elif kind == "card_played":
                table.append((values["seat"], values["card"]))
            elif kind == "trick_taken":
                (leader, lead), (follower, follow) = table
                winner = (leader, follower)[trick_winner(lead, follow, trump)]
                assert values["winner"] == winner, f"{path.name}: {lead} {follow}"
                assert int(values["points"]) == POINTS[lead[:-1]] + POINTS[follow[:-1]]
                table = []
        expected = []
        command = None if line == "> end" else parse_command(line[2:])
    assert GAME.is_terminal(state)
    assert lines[-1].strip().startswith("game_ended")
