"""Golden games: complete recorded games as readable text, replayed command by command.

A file holds a header line, then each command (`> play 3 AD`) followed by the events the
engine must state for it, rendered one per line (`  trick_taken winner=0 points=25`).
`python -m tests.domain.golden record NAME SEED` writes a new one from a seeded random game;
review it before committing it.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from app.domain import kozel24 as k
from app.domain.cards import Card

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "golden"


def render_command(command: k.Command) -> str:
    match command:
        case k.ShuffleDeck(seed=seed):
            return f"shuffle {seed.hex()}"
        case k.CutDeck(seat=seat, position=position):
            return f"cut {seat} {position}"
        case k.DecideExchange(seat=seat, exchange=exchange):
            return f"exchange {seat} {'yes' if exchange else 'no'}"
        case k.GiveCard(seat=seat, card=card):
            return f"give {seat} {card}"
        case k.ClaimNoQueens(seat=seat):
            return f"claim {seat}"
        case k.PlayOn(seat=seat):
            return f"play_on {seat}"
        case k.PlayCard(seat=seat, card=card):
            return f"play {seat} {card}"
        case k.PostMessage(seat=seat, text=text):
            return f"message {seat} {text}"
        case k.Resign(seat=seat):
            return f"resign {seat}"
    raise AssertionError(command)


def parse_command(line: str) -> k.Command:
    verb, *args = line.split(" ", 2) if line.startswith("message") else line.split()
    seat = int(args[0]) if verb != "shuffle" else 0
    match verb:
        case "shuffle":
            return k.ShuffleDeck(bytes.fromhex(args[0]))
        case "cut":
            return k.CutDeck(seat, int(args[1]))
        case "exchange":
            return k.DecideExchange(seat, args[1] == "yes")
        case "give":
            return k.GiveCard(seat, Card.parse(args[1]))
        case "claim":
            return k.ClaimNoQueens(seat)
        case "play_on":
            return k.PlayOn(seat)
        case "play":
            return k.PlayCard(seat, Card.parse(args[1]))
        case "message":
            return k.PostMessage(seat, args[1])
        case "resign":
            return k.Resign(seat)
    raise ValueError(f"unknown command: {line}")


def render_event(event: k.KozelEvent) -> str:
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


def record(seed: int, first_dealer: int, options: k.Options) -> str:
    rng = random.Random(seed)
    header = (
        f"game first_dealer={first_dealer} eggs={_value(options.eggs)} "
        f"messages={_value(options.messages)}"
    )
    lines = [header]
    state = k.replay(k.start_game(options, first_dealer))
    while not state.is_terminal:
        if k.is_chance_node(state):
            command: k.Command = k.ShuffleDeck(rng.randbytes(8))
        else:
            seat = rng.choice(k.to_act(state))
            command = rng.choice(k.legal_actions(state, seat))
        state, events = k.apply(state, command)
        lines.append(f"> {render_command(command)}")
        lines += [f"  {render_event(event)}" for event in events]
    return "\n".join(lines) + "\n"


def parse_header(line: str) -> tuple[int, k.Options]:
    words = dict(word.split("=") for word in line.split()[1:])
    options = k.Options(eggs=words["eggs"] == "true", messages=words["messages"] == "true")
    return int(words["first_dealer"]), options


if __name__ == "__main__":  # pragma: no cover - a maintenance tool
    _, name, seed = sys.argv[1:4]
    path = GOLDEN_DIR / f"{name}.txt"
    path.write_text(record(int(seed), int(seed) % 4, k.Options()), encoding="utf-8")
    print(f"wrote {path}")
