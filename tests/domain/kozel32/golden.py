"""Golden games of the 32-card Kozel: complete recorded games as readable text, replayed
command by command.

A file starts with `start PLAYERS FIRST_DEALER OPTIONS`, then each command (`> shuffle HEX`,
`> SEAT {"type": "play", "card": "AS"}`, `> resign SEAT`) followed by the events the engine
must state for it, one per line (`  trick_taken {...}`, the payload as JSON).
`python -m tests.domain.kozel32.golden NAME SEED PLAYERS [OPTIONS_JSON]` records a new one
from a seeded random game; review it before committing it.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from app.domain.commands import Command, Resign, ShuffleDeck
from app.domain.events import Event
from app.domain.kozel32 import GAME
from app.domain.kozel32.commands import COMMANDS
from app.domain.kozel32.options import Options
from app.domain.kozel32.state import State
from app.domain.options import parse_options

GOLDEN_DIR = Path(__file__).resolve().parents[2] / "golden" / "kozel32"


def render_command(command: Command) -> str:
    match command:
        case ShuffleDeck(seed=seed):
            return f"> shuffle {seed.hex()}"
        case Resign(seat=seat):
            return f"> resign {seat}"
    return f"> {command.seat} {json.dumps(COMMANDS.body(command), ensure_ascii=False)}"


def parse_command(line: str) -> Command:
    _, verb, rest = line.split(" ", 2)
    if verb == "shuffle":
        return ShuffleDeck(bytes.fromhex(rest))
    if verb == "resign":
        return Resign(int(rest))
    return COMMANDS.parse(int(verb), json.loads(rest))


def render_event(event: Event) -> str:
    return f"  {event.TYPE} {json.dumps(event.payload(), ensure_ascii=False, sort_keys=True)}"


def record(seed: int, players: int, raw_options: dict[str, Any]) -> str:
    rng = random.Random(seed)
    options = parse_options(Options, raw_options)
    first = rng.choice(list(GAME.seating(players, options).seats))
    start = GAME.start_game(options, players, first)
    lines = [f"start {players} {first} {json.dumps(raw_options, sort_keys=True)}"]
    lines += map(render_event, start)
    state = _fold(None, start)
    while not GAME.is_terminal(state):
        if GAME.is_chance_node(state):
            command: Command = ShuffleDeck(rng.randbytes(8))
        else:
            seat = rng.choice(GAME.to_act(state))
            command = rng.choice(GAME.legal_actions(state, seat))
        events = GAME.decide(state, command)
        lines.append(render_command(command))
        lines += map(render_event, events)
        state = _fold(state, events)
    return "\n".join(lines) + "\n"


def replay(text: str) -> list[tuple[str, list[str], list[str]]]:
    """Each command of a golden file with the events it recorded and the events the engine
    states now."""
    lines = text.splitlines()
    _, players, first, raw = lines[0].split(" ", 3)
    options = parse_options(Options, json.loads(raw))
    start = GAME.start_game(options, int(players), int(first))
    state = _fold(None, start)
    found = [
        (
            "start",
            [line for line in lines[1:] if line.startswith("  ")][: len(start)],
            list(map(render_event, start)),
        )
    ]
    command_lines = [i for i, line in enumerate(lines) if line.startswith("> ")]
    for i, at in enumerate(command_lines):
        end = command_lines[i + 1] if i + 1 < len(command_lines) else len(lines)
        expected = lines[at + 1 : end]
        events = GAME.decide(state, parse_command(lines[at]))
        found.append((lines[at], expected, list(map(render_event, events))))
        state = _fold(state, events)
    assert GAME.is_terminal(state), "the golden game does not end"
    return found


def _fold(state: State | None, events: list[Event]) -> State:
    for event in events:
        state = GAME.evolve(state, event)
    assert state is not None
    return state


if __name__ == "__main__":
    name, seed, players, *rest = sys.argv[1:]
    options = json.loads(rest[0]) if rest else {}
    (GOLDEN_DIR / f"{name}.txt").write_text(record(int(seed), int(players), options))
