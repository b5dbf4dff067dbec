"""Golden games: complete recorded games replayed command by command. Every event the engine
states must match the file; each trick's winner and points are also re-derived here from
KZ-4 / KZ-5 by an independent oracle, and each deal's points add up to 120."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.domain.events import Event
from app.domain.kozly import GAME, GameState
from app.domain.kozly.events import CardPlayed, DealScored, TrickTaken, TrumpTurned
from tests.domain.kozly.golden import GOLDEN_DIR, parse_command, parse_header, render_event
from tests.domain.kozly.playout import oracle


def golden_files() -> list[Path]:
    return sorted(GOLDEN_DIR.glob("*.txt"))


def test_there_are_golden_games_of_each_deal_mode_and_end() -> None:
    headers = [path.read_text(encoding="utf-8").splitlines()[0] for path in golden_files()]
    assert any("deal_mode=halves" in h and "end=received12" in h for h in headers)
    assert any("deal_mode=stock" in h and "win_at=61" in h for h in headers)
    assert any("end=ruined" in h for h in headers)


@pytest.mark.parametrize("path", golden_files(), ids=lambda p: p.stem)
def test_golden_game_replays_event_for_event(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    options, first_dealer = parse_header(lines[0])
    state: GameState | None = None
    for event in GAME.start_game(options, 4, first_dealer):
        state = GAME.evolve(state, event)
    assert state is not None
    expected: list[str] = []
    command = None
    trump = ""
    played: list[str] = []
    for line in [*lines[1:], "> end"]:
        if line.startswith("  "):
            expected.append(line.strip())
            continue
        if command is not None:
            events: list[Event] = GAME.decide(state, command)
            assert [render_event(e) for e in events] == expected, f"after {command}"
            for event in events:
                state = GAME.evolve(state, event)
                match event:
                    case TrumpTurned(card=card):
                        trump = card.suit.value
                    case CardPlayed(card=card):
                        played.append(card.code)
                    case TrickTaken(winner=winner, points=points):
                        leader = state.deal.tricks[-1].leader  # type: ignore[union-attr]
                        at, worth = oracle(played, trump)
                        assert (winner, points) == ((leader + at) % 4, worth)
                        played = []
                    case DealScored(points=deal_points):
                        assert sum(deal_points) == 120
        if line == "> end":
            break
        command = parse_command(line[2:])
        expected = []
    assert GAME.is_terminal(state)
