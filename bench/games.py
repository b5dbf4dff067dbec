"""Every game's engine through the game interface: random legal games, on one core.

For each registered game, in each of its seat counts, plays whole random games through
`Game.decide` and `Game.evolve` (what the service does per move) for a few seconds and prints
moves per second, deals per second and the time per move. kozel24 is also played through its
own `apply`, so the cost of the interface itself shows beside it.

    python bench/games.py [--seconds 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.domain import kozel24 as k
from app.domain.commands import ShuffleDeck
from app.domain.game import Game
from app.domain.registry import GAMES


def play(game: Game[Any, Any], seats: int, seconds: float, rng: random.Random) -> tuple[int, int]:
    """Whole random games for `seconds`: (moves, deals) made."""
    options = game.parse_options({}, seats)
    moves = deals = 0
    stop = time.perf_counter() + seconds
    while time.perf_counter() < stop:
        state = None
        for event in game.start_game(options, seats, rng.randrange(seats)):
            state = game.evolve(state, event)
        while not game.is_terminal(state):
            if game.is_chance_node(state):
                command: Any = ShuffleDeck(rng.randbytes(16))
                deals += 1
            else:
                seat = game.to_act(state)[0]
                command = rng.choice(game.legal_actions(state, seat))
                moves += 1
            for event in game.decide(state, command):
                state = game.evolve(state, event)
    return moves, deals


def play_kozel24_directly(seconds: float, rng: random.Random) -> tuple[int, int]:
    """kozel24 through its own `apply` (decide then fold), without the interface."""
    moves = deals = 0
    stop = time.perf_counter() + seconds
    while time.perf_counter() < stop:
        state = k.replay(k.start_game(k.Options(), rng.randrange(4)))
        while not state.is_terminal:
            if k.is_chance_node(state):
                command: Any = k.ShuffleDeck(rng.randbytes(16))
                deals += 1
            else:
                seat = k.to_act(state)[0]
                command = rng.choice(k.legal_actions(state, seat))
                moves += 1
            state, _ = k.apply(state, command)
    return moves, deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"python {platform.python_version()}, one core, {args.seconds:g} s a row")
    print(f"{'game':<22} {'moves/s':>10} {'deals/s':>9} {'µs/move':>9}")
    rows: list[tuple[str, tuple[int, int]]] = []
    for variant, game in GAMES.items():
        for seats in game.info.seat_counts:
            rows.append((f"{variant} ({seats} seats)", play(game, seats, args.seconds, rng)))
    rows.append(("kozel24 via apply", play_kozel24_directly(args.seconds, rng)))
    for name, (moves, deals) in rows:
        per_s = moves / args.seconds
        print(f"{name:<22} {per_s:>10,.0f} {deals / args.seconds:>9,.0f} {1e6 / per_s:>9.1f}")


if __name__ == "__main__":
    main()
