"""Bytecodes per deal, by function: where the engine benchmark's loop spends the interpreter.

    python bench/bytecodes.py [--deals 200] [--top 25]

Plays the same seeded games as `bench/engine.py`'s loop under `sys.settrace` with opcode
events and counts the bytecodes each function runs. Like `bench/instructions.py` the figure is
exact and repeatable (the same code and seed give the same count), and it names the functions:
a rule judged more often than needed shows at the top. A count, not a time: a call or an
allocation costs more than a `LOAD_FAST`.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
from pathlib import Path
from types import FrameType
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import engine  # noqa: E402  (bench/engine.py)


def count(deals: int) -> tuple[int, collections.Counter[str]]:
    """The deals played and the bytecodes each function ran while playing them."""
    counts: collections.Counter[str] = collections.Counter()

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        if event == "opcode":
            code = frame.f_code
            counts[f"{Path(code.co_filename).name}:{code.co_name}"] += 1
        return tracer

    engine.play_games(0.2, random.Random(1))  # imports and first calls, not counted
    sys.settrace(tracer)
    try:
        played, *_ = engine.play_games(float("inf"), random.Random(9), max_deals=deals)
    finally:
        sys.settrace(None)
    return played, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    played, counts = count(args.deals)
    total = sum(counts.values())
    print(f"{total / played:,.0f} bytecodes per deal ({played:,} deals)")
    for name, n in counts.most_common(args.top):
        print(f"{n / played:>9,.0f} {n / total:6.1%}  {name}")


if __name__ == "__main__":
    main()
