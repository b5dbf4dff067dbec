"""Numbered notifications: how a receiver knows it missed one.

Each instance numbers the notifications it sends, one count per stream (on PostgreSQL one
stream, the NOTIFY channel; on NATS one per subject). A receiver keeps, per sender and stream,
the highest number heard and the numbers skipped below it. A skipped number may still come:
on PostgreSQL a number is given before the commit, and commits land in their own order (an
append that fails sends its number as a filler instead, `Wakeup.withdraw`). A number still
missing after `grace_s` is a lost notification: the stream's waiters must check.

The first number heard from a sender on a stream is where counting starts: what it sent before
this instance listened concerns nobody waiting here (waiters read the database after they
register).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

MAX_MISSING = 1_000
"""More numbers skipped at once than this: the stream is lost at once, without a grace."""
SENDERS = 65_536
"""How many (sender, stream) pairs a receiver keeps (the least recently heard go first)."""


@dataclass(slots=True)
class _Heard:
    high: int
    missing: dict[int, float] = field(default_factory=dict)
    """Each number skipped, with when it was first missed."""
    lost: bool = False


class Numbering:
    def __init__(self, grace_s: float) -> None:
        self.grace_s = grace_s
        self._heard: OrderedDict[tuple[str, str], _Heard] = OrderedDict()
        self._gappy: set[tuple[str, str]] = set()
        """The pairs with a number missing (or lost), which `overdue` looks at."""

    def heard(self, sender: str, stream: str, number: int, now: float) -> None:
        key = (sender, stream)
        heard = self._heard.get(key)
        if heard is None:
            self._heard[key] = _Heard(number)
            if len(self._heard) > SENDERS:
                forgotten, _ = self._heard.popitem(last=False)
                self._gappy.discard(forgotten)
            return
        self._heard.move_to_end(key)
        if number <= heard.high:
            heard.missing.pop(number, None)
            return
        skipped = number - heard.high - 1
        if skipped > MAX_MISSING:
            heard.lost = True
        else:
            for missed in range(heard.high + 1, number):
                heard.missing[missed] = now
        if skipped:
            self._gappy.add(key)
        heard.high = number

    def overdue(self, now: float) -> list[str]:
        """The streams on which a number is missing for longer than the grace (each once:
        those numbers are given up)."""
        lost: list[str] = []
        for key in list(self._gappy):
            heard = self._heard[key]
            late = [n for n, since in heard.missing.items() if now - since >= self.grace_s]
            if late or heard.lost:
                lost.append(key[1])
                for number in late:
                    del heard.missing[number]
                heard.lost = False
            if not heard.missing:
                self._gappy.discard(key)
        return lost

    def forget(self, stream: str) -> None:
        """Stop counting `stream` (no longer followed here)."""
        for key in [key for key in self._heard if key[1] == stream]:
            del self._heard[key]
            self._gappy.discard(key)
