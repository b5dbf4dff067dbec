"""Golden games of Sixty-six: complete recorded matches as readable text, replayed command by
command (`test_golden`).

A file holds a header line (`game first_dealer=0 options={...}`, the options by their wire
names), then each command (`> lead 0 AS`) followed by the events the engine must state for it,
one per line (`  trick_taken winner=1 points=21`).

    python -m tests.domain.sixty_six.golden NAME SEED '{"deck": "schnapsen"}' [random]

records a match of two seeded heuristic bots (or the heuristic against a random player) to
`tests/golden/sixty_six/NAME.txt`; review it before committing it.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from app.bots.sixty_six import HeuristicBot
from app.domain.commands import Command, ShuffleDeck
from app.domain.sixty_six import GAME, Options
from tests.domain.sixty_six.script import render_command, render_event

GOLDEN_DIR = Path(__file__).resolve().parents[2] / "golden" / "sixty_six"


def header(first_dealer: int, options: Options) -> str:
    wire = json.dumps(GAME.encode_options(options), separators=(",", ":"))
    return f"game first_dealer={first_dealer} options={wire}"


def parse_header(line: str) -> tuple[int, Options]:
    _, dealer, options = line.split(" ", 2)
    raw: dict[str, Any] = json.loads(options.removeprefix("options="))
    return int(dealer.removeprefix("first_dealer=")), GAME.parse_options(raw, 2)


def record(seed: int, options: Options, against_random: bool = False) -> str:
    rng = random.Random(seed)
    first_dealer = seed % 2
    bots = [HeuristicBot(random.Random(seed * 2 + seat)) for seat in (0, 1)]
    lines = [header(first_dealer, options)]
    state = None
    for event in GAME.start_game(options, 2, first_dealer):
        state = GAME.evolve(state, event)
    assert state is not None
    while not GAME.is_terminal(state):
        command: Command
        if GAME.is_chance_node(state):
            command = ShuffleDeck(rng.randbytes(8))
        else:
            seat = GAME.to_act(state)[0]
            view = GAME.view_for(state, seat)
            if against_random and seat == 1:
                command = rng.choice(view.legal_actions)
            else:
                command = bots[seat].choose(view)
        events = GAME.decide(state, command)
        lines.append(f"> {render_command(command)}")
        for event in events:
            state = GAME.evolve(state, event)
            lines.append(f"  {render_event(event)}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # pragma: no cover - a maintenance tool
    name, seed, raw = sys.argv[1:4]
    chosen = GAME.parse_options(json.loads(raw), 2)
    path = GOLDEN_DIR / f"{name}.txt"
    path.write_text(record(int(seed), chosen, against_random=sys.argv[4:] == ["random"]))
    print(f"wrote {path}")
