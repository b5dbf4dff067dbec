"""Sets of cards as bitmasks, the fast models' currency: bit i is the card of index i in the
game's deck order."""

from __future__ import annotations


def indices(mask: int) -> list[int]:
    """The card indices of `mask`, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found
