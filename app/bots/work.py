"""What the strong bots' searches did for one move, counted for whoever asked the move.

A search adds its samples, its nodes (the moves of its playouts and the positions of its
exact searches) and whether the safety cap cut it short to the `Work` of the current
`tally()`, if there is one: the server counts the cut searches (a metric), a benchmark counts
the nodes. A tally follows a move into the worker thread that thinks it (`asyncio.to_thread`
copies the context)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass


@dataclass
class Work:
    samples: int = 0
    nodes: int = 0
    cut_short: int = 0
    """Searches the safety cap stopped before their budget was spent."""


_current: ContextVar[Work | None] = ContextVar("bot_work", default=None)


@contextmanager
def tally() -> Iterator[Work]:
    """Count the work of the searches run inside the block."""
    work = Work()
    token = _current.set(work)
    try:
        yield work
    finally:
        _current.reset(token)


def record(samples: int, nodes: int, cut_short: bool) -> None:
    work = _current.get()
    if work is not None:
        work.samples += samples
        work.nodes += nodes
        work.cut_short += cut_short
