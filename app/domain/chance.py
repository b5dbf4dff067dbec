"""Chance as data: a deck order derived from a seed, and the seed's public commitment.

The server draws a secret seed before each deal and publishes only `commitment(seed)`
(SHA-256). The seed fixes the shuffle through `shuffled_order`, a Fisher-Yates shuffle driven
by the SHAKE-256 stream of the seed; once the deal is over the seed is revealed, and anyone
can check both the commitment and the order of the cards. The algorithm is spelled out in
`docs/rules/kozel24.md` so that a client can verify a deal without this code.
"""

from __future__ import annotations

import hashlib
import struct
from functools import lru_cache
from operator import lt, mod

_DOMAIN_TAG = b"kozel-shuffle-v1"
_WORD_RANGE = 1 << 32


@lru_cache(maxsize=1024)
def commitment(seed: bytes) -> str:
    """The published SHA-256 hex digest of a deal's seed (remembered for recent seeds: every
    view of a running deal shows it)."""
    return hashlib.sha256(seed).hexdigest()


def shuffled_order(seed: bytes, size: int) -> tuple[int, ...]:
    """A permutation of `range(size)`: position `i` of the shuffled deck holds card `order[i]`.

    Fisher-Yates from the last position down: for `j = size-1 .. 1` take the next unsigned
    32-bit big-endian word `w` of SHAKE-256(tag || seed), reject it if
    `w >= 2**32 - 2**32 % (j+1)`, else swap positions `j` and `w % (j+1)`.
    """
    order = list(range(size))
    positions, bounds, limits = _draws(size)
    words = _words(seed, len(positions))  # one word per draw while none is rejected
    if all(map(lt, words, limits)):
        # No word is rejected (with 24 cards, all but about one shuffle in 10**7): draw `j`
        # takes word `j` of the stream, so the positions to swap with are known at once.
        for j, k in zip(positions, map(mod, words, bounds), strict=True):
            order[j], order[k] = order[k], order[j]
        return tuple(order)
    used = 0
    for j, bound, limit in zip(positions, bounds, limits, strict=True):
        word = words[used]
        used += 1
        while word >= limit:
            # Rejected: the `j` draws left need one word more than was read. An XOF's output
            # is prefix-stable, so a longer digest only extends the words already used.
            if len(words) < used + j:
                words = _words(seed, used + j + size)
            word = words[used]
            used += 1
        k = word % bound
        order[j], order[k] = order[k], order[j]
    return tuple(order)


def _words(seed: bytes, count: int) -> tuple[int, ...]:
    """The first `count` unsigned 32-bit big-endian words of SHAKE-256(tag || seed)."""
    words = _word_struct(count)
    return words.unpack(hashlib.shake_256(_DOMAIN_TAG + seed).digest(words.size))


@lru_cache(maxsize=8)
def _word_struct(count: int) -> struct.Struct:
    return struct.Struct(f">{count}I")


@lru_cache(maxsize=8)
def _draws(size: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """For the draws `j = size-1 .. 1`: the positions `j`, their bounds `j+1` and their
    rejection limits (the largest multiple of the bound that a word can reach)."""
    positions = tuple(range(size - 1, 0, -1))
    bounds = tuple(j + 1 for j in positions)
    return positions, bounds, tuple(_WORD_RANGE - _WORD_RANGE % bound for bound in bounds)
