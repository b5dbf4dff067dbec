"""How long the server's bots think per move, per game and level, and how much work that is.

For each registered game (its default seat count) plays seeded games between heuristic bots
and, at every position where a seat has a real choice (not a cut), asks a fresh bot of each
level for its move, as the server does (`Writer`: a new bot per move, a generator seeded per
move). Prints per game and level the wall time per move (p50, p95, p99, max), the CPU time of
the thinking thread per move (p95, max: what the fixed budget controls; the wall time adds
whatever else the machine runs), the samples and nodes searched, and how many moves the
safety cap cut short. With `--without-cap` the cap's clock stands still, so every move spends
its whole budget: on a loaded host that shows the CPU time the budget itself costs.

    python bench/bot_think.py [--positions 200] [--games kozel24,bura] [--levels strong]
        [--without-cap]
"""

from __future__ import annotations

import argparse
import hashlib
import platform
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.bots import BOT_LEVELS, Bot, search
from app.bots.registry import make_bot
from app.bots.work import tally
from app.domain.commands import ShuffleDeck
from app.domain.game import Game
from app.domain.registry import GAMES

CUT = "cut"


@dataclass
class Moves:
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    samples: list[int] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)
    cut_short: int = 0


def pct(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def think(bot: Bot, view: Any, moves: Moves) -> None:
    wall, cpu = time.perf_counter(), time.thread_time()
    with tally() as work:
        bot.choose(view)
    moves.cpu.append(time.thread_time() - cpu)
    moves.wall.append(time.perf_counter() - wall)
    moves.samples.append(work.samples)
    moves.nodes.append(work.nodes)
    moves.cut_short += work.cut_short


def measure(
    game: Game[Any, Any], positions: int, levels: list[str], rng: random.Random
) -> dict[str, Moves]:
    """Each level's moves at `positions` positions of seeded heuristic games."""
    variant = game.info.variant
    seats = game.info.seat_counts[0]
    options = game.parse_options({}, seats)
    seating = game.seating(seats, options)
    found = {level: Moves() for level in levels}
    seen = 0
    while seen < positions:
        players = [
            make_bot(variant, "heuristic", random.Random(rng.random())) for _ in range(seats)
        ]
        state = None
        for event in game.start_game(options, seats, rng.randrange(seating.count)):
            state = game.evolve(state, event)
        while not game.is_terminal(state) and seen < positions:
            if game.is_chance_node(state):
                command: Any = ShuffleDeck(rng.randbytes(16))
            else:
                seat = game.to_act(state)[0]
                view = game.view_for(state, seat)
                actions = view.legal_actions
                if len(actions) > 1 and actions[0].TYPE != CUT:
                    seen += 1
                    seed = hashlib.sha256(f"{seen}/{seat}".encode()).digest()
                    for level in levels:
                        think(make_bot(variant, level, random.Random(seed)), view, found[level])
                command = players[seat].choose(view)
            for event in game.decide(state, command):
                state = game.evolve(state, event)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200, help="positions per game")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated variants")
    parser.add_argument("--levels", default=",".join(BOT_LEVELS[1:]))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--without-cap", action="store_true", help="never cut a search short")
    args = parser.parse_args()
    if args.without_cap:
        search.now = lambda: 0.0
    levels = args.levels.split(",")
    cap = "without the safety cap" if args.without_cap else f"safety cap {search.SAFETY_CAP_S} s"
    print(f"python {platform.python_version()}, {args.positions} positions per game, {cap}")
    print("ms per move; samples and nodes: mean per move; cut: moves the cap cut short")
    print(
        f"{'game':<10} {'level':<10} {'p50':>7} {'p95':>7} {'p99':>7} {'max':>7} "
        f"{'cpu p50':>8} {'cpu p95':>8} {'cpu max':>8} {'samples':>8} {'nodes':>8} {'cut':>4}"
    )
    for variant in args.games.split(","):
        found = measure(GAMES[variant], args.positions, levels, random.Random(args.seed))
        for level, moves in found.items():
            ms = [w * 1000 for w in moves.wall]
            cpu = [c * 1000 for c in moves.cpu]
            print(
                f"{variant:<10} {level:<10} {pct(ms, 0.5):>7.1f} {pct(ms, 0.95):>7.1f} "
                f"{pct(ms, 0.99):>7.1f} {max(ms):>7.1f} {pct(cpu, 0.5):>8.1f} "
                f"{pct(cpu, 0.95):>8.1f} {max(cpu):>8.1f} "
                f"{sum(moves.samples) / len(ms):>8.1f} {sum(moves.nodes) / len(ms):>8.0f} "
                f"{moves.cut_short:>4}",
                flush=True,
            )


if __name__ == "__main__":
    main()
