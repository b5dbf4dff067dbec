"""Table options that change the rules of a Kozel game."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Options:
    eggs: bool = True
    """K-15: a 60:60 deal doubles the next write; off, a 60:60 deal simply writes nothing."""
    messages: bool = True
    """K-16: table messages (always disabled during deal 1)."""
