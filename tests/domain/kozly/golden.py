"""Golden Kozly games: complete recorded games as readable text, replayed command by command.

A file holds a header line with the table's options and first dealer, then each command
(`> play 3 AD`) followed by the events the engine must state for it, one per line
(`  trick_taken winner=0 points=25`). To record a new one from a seeded random game:

    python -m tests.domain.kozly.golden NAME SEED deal_mode=stock win_at=61

and review it before committing it.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from app.domain.cards import Card
from app.domain.commands import Command, Resign, ShuffleDeck
from app.domain.events import Event
from app.domain.kozly import GAME, CutDeck, GameState, Options, PlayCard

GOLDEN_DIR = Path(__file__).resolve().parents[2] / "golden" / "kozly"


def render_command(command: Command) -> str:
    match command:
        case ShuffleDeck(seed=seed):
            return f"shuffle {seed.hex()}"
        case CutDeck(seat=seat, position=position):
            return f"cut {seat} {position}"
        case PlayCard(seat=seat, card=card):
            return f"play {seat} {card}"
        case Resign(seat=seat):
            return f"resign {seat}"
    raise AssertionError(command)


def parse_command(line: str) -> Command:
    verb, *args = line.split()
    match verb:
        case "shuffle":
            return ShuffleDeck(bytes.fromhex(args[0]))
        case "cut":
            return CutDeck(int(args[0]), int(args[1]))
        case "play":
            return PlayCard(int(args[0]), Card.parse(args[1]))
        case "resign":
            return Resign(int(args[0]))
    raise ValueError(f"unknown command: {line}")


def render_event(event: Event) -> str:
    fields = " ".join(f"{name}={_value(value)}" for name, value in event.payload().items())
    return f"{event.TYPE} {fields}"


def _value(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return ",".join(f"{key}:{_value(item)}" for key, item in value.items())
    if isinstance(value, list):
        if value and isinstance(value[0], list):
            return "|".join(_value(item) for item in value)
        return ",".join(_value(item) for item in value)
    return str(value)


def header(options: Options, first_dealer: int) -> str:
    words = [f"{name}={value}" for name, value in GAME.encode_options(options).items()]
    return " ".join(["game", f"first_dealer={first_dealer}", *words])


def parse_header(line: str) -> tuple[Options, int]:
    words = dict(word.split("=") for word in line.split()[1:])
    first_dealer = int(words.pop("first_dealer"))
    raw = {k: int(v) if v.isdigit() else v for k, v in words.items()}
    return GAME.parse_options(raw, 4), first_dealer


def record(seed: int, options: Options) -> str:
    rng = random.Random(seed)
    first_dealer = seed % 4
    lines = [header(options, first_dealer)]
    state: GameState | None = None
    for event in GAME.start_game(options, 4, first_dealer):
        state = GAME.evolve(state, event)
    assert state is not None
    while not GAME.is_terminal(state):
        if GAME.is_chance_node(state):
            command: Command = ShuffleDeck(rng.randbytes(8))
        else:
            (seat,) = GAME.to_act(state)
            command = rng.choice(GAME.legal_actions(state, seat))
        events = GAME.decide(state, command)
        for event in events:
            state = GAME.evolve(state, event)
        lines.append(f"> {render_command(command)}")
        lines += [f"  {render_event(event)}" for event in events]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # pragma: no cover - a maintenance tool
    name, seed, *settings = sys.argv[1:]
    raw = {k: int(v) if v.isdigit() else v for k, v in (s.split("=") for s in settings)}
    path = GOLDEN_DIR / f"{name}.txt"
    path.write_text(record(int(seed), GAME.parse_options(raw, 4)), encoding="utf-8")
    print(f"wrote {path}")
