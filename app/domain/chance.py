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
from collections.abc import Iterator

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
    words = _words(seed)
    for j in range(size - 1, 0, -1):
        bound = j + 1
        limit = _WORD_RANGE - _WORD_RANGE % bound  # reject words above the largest multiple
        word = next(words)
        while word >= limit:
            word = next(words)
        k = word % bound
        order[j], order[k] = order[k], order[j]
    return tuple(order)


_WORD_RANGE = 1 << 32


def _words(seed: bytes) -> Iterator[int]:
    """Unsigned 32-bit big-endian words of SHAKE-256(tag || seed), in order, without end.
    An XOF's output is prefix-stable, so a longer digest only extends the stream."""
    xof = hashlib.shake_256(_DOMAIN_TAG + seed)
    produced, length = 0, 32
    while True:
        yield from struct.unpack(f">{length}I", xof.digest(4 * length))[produced:]
        produced, length = length, 2 * length
