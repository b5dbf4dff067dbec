"""Chance as data: a deck order derived from a seed, and the seed's public commitment.

The server draws a secret seed before each deal and publishes only `commitment(seed)`
(SHA-256). The seed fixes the shuffle through `shuffled_order`, a Fisher-Yates shuffle driven
by the SHAKE-256 stream of the seed; once the deal is over the seed is revealed, and anyone
can check both the commitment and the order of the cards. The algorithm is spelled out in
`docs/rules.md` so that a client can verify a deal without this code.
"""

from __future__ import annotations

import hashlib
import struct

_DOMAIN_TAG = b"kozel-shuffle-v1"


def commitment(seed: bytes) -> str:
    """The published SHA-256 hex digest of a deal's seed."""
    return hashlib.sha256(seed).hexdigest()


def shuffled_order(seed: bytes, size: int) -> tuple[int, ...]:
    """A permutation of `range(size)`: position `i` of the shuffled deck holds card `order[i]`.

    Fisher-Yates from the last position down: for `j = size-1 .. 1` take the next unsigned
    32-bit big-endian word `w` of SHAKE-256(tag || seed), reject it if
    `w >= 2**32 - 2**32 % (j+1)`, else swap positions `j` and `w % (j+1)`.
    """
    order = list(range(size))
    words = _WordStream(seed)
    for j in range(size - 1, 0, -1):
        k = words.below(j + 1)
        order[j], order[k] = order[k], order[j]
    return tuple(order)


class _WordStream:
    """Unsigned 32-bit words of SHAKE-256(tag || seed), read in order."""

    _CHUNK = 32

    def __init__(self, seed: bytes) -> None:
        self._xof = hashlib.shake_256(_DOMAIN_TAG + seed)
        self._words: tuple[int, ...] = ()
        self._next = 0

    def _word(self) -> int:
        if self._next == len(self._words):
            # An XOF's output is a prefix-stable stream: ask for twice as much and go on.
            length = max(self._CHUNK, 2 * len(self._words))
            self._words = struct.unpack(f">{length}I", self._xof.digest(4 * length))
        word = self._words[self._next]
        self._next += 1
        return word

    def below(self, bound: int) -> int:
        """A uniform integer in `0..bound-1` (rejects words at or above the largest multiple)."""
        limit = (1 << 32) - (1 << 32) % bound
        while True:
            word = self._word()
            if word < limit:
                return word % bound
