"""Golden games of the family: complete recorded games as readable text, replayed command by
command through the game interface, every event compared.

A file starts with a header line (`game kozel4 seats=4 first_dealer=2 options={...}`), then
each command (`> shuffle 05a3…`, `> 2 {"type": "lead", "cards": ["AS"]}`, `> resign 1`)
followed by the events the engine must state for it, one per line
(`  cards_led {"seat": 2, "cards": ["AS"]}`).

    python -m tests.domain.multitrick.golden kozel4 NAME SEED '{"handoff": true}' [SEATS]

records a new one from a seeded random game; review it before committing it.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from app.domain.commands import Command, Resign, ShuffleDeck
from app.domain.events import Event
from app.domain.game import Game
from app.domain.registry import game_of
from tests.domain.multitrick.playout import play_game

GOLDEN_DIR = Path(__file__).resolve().parent.parent.parent / "golden"


def render_command(game: Game[Any, Any], command: Command) -> str:
    match command:
        case ShuffleDeck(seed=seed):
            return f"shuffle {seed.hex()}"
        case Resign(seat=seat):
            return f"resign {seat}"
    seat = command.seat  # type: ignore[attr-defined]
    return f"{seat} {json.dumps(game.commands.body(command), ensure_ascii=False)}"


def parse_command(game: Game[Any, Any], line: str) -> Command:
    verb, rest = line.split(" ", 1)
    if verb == "shuffle":
        return ShuffleDeck(bytes.fromhex(rest))
    if verb == "resign":
        return Resign(int(rest))
    return game.commands.parse(int(verb), json.loads(rest))


def render_event(event: Event) -> str:
    return f"{event.TYPE} {json.dumps(event.payload(), ensure_ascii=False)}"


def record(variant: str, seed: int, options: dict[str, Any], seats: int) -> str:
    game = game_of(variant)
    parsed = game.parse_options(options, seats)
    play = play_game(game, parsed, seats, random.Random(seed))
    start = play.log[0]
    lines = [
        f"game {variant} seats={seats} first_dealer={start.first_dealer} "  # type: ignore[attr-defined]
        f"options={json.dumps(game.encode_options(parsed), sort_keys=True)}"
    ]
    state = game.evolve(None, start)
    for command in play.commands:
        lines.append(f"> {render_command(game, command)}")
        for event in game.decide(state, command):
            lines.append(f"  {render_event(event)}")
            state = game.evolve(state, event)
    return "\n".join(lines) + "\n"


def replay(path: Path) -> tuple[Game[Any, Any], Any]:
    """Replay a golden file, checking every event; returns the game and its final state."""
    lines = path.read_text(encoding="utf-8").splitlines()
    head, raw_options = lines[0].split(" options=", 1)
    header = dict(part.split("=", 1) for part in head.split(" ")[2:])
    game = game_of(head.split(" ")[1])
    seats = int(header["seats"])
    options = game.parse_options(json.loads(raw_options), seats)
    state = None
    for event in game.start_game(options, seats, int(header["first_dealer"])):
        state = game.evolve(state, event)
    expected: list[str] = []
    command: Command | None = None
    for line in [*lines[1:], "> end"]:
        if line.startswith("> "):
            if command is not None:
                events = game.decide(state, command)
                assert [render_event(e) for e in events] == expected, f"after {command}"
                for event in events:
                    state = game.evolve(state, event)
            command = None if line == "> end" else parse_command(game, line[2:])
            expected = []
        else:
            expected.append(line.strip())
    return game, state


if __name__ == "__main__":
    variant, name, seed, raw = sys.argv[1:5]
    seats = int(sys.argv[5]) if len(sys.argv) > 5 else 4
    text = record(variant, int(seed), json.loads(raw), seats)
    target = GOLDEN_DIR / variant / f"{name}.txt"
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target} ({text.count(chr(10))} lines)")
