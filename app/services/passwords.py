"""Passwords: argon2id through argon2-cffi, with its default profile (RFC 9106's low-memory
one), run on threads of their own so that a sign-in does not stall the event loop.

A hash takes tens of milliseconds of CPU and 64 MiB of memory, so an instance runs at most
`HASHERS` at once; the others wait their turn. An unknown login is checked against a dummy
hash made with the same parameters, so that it takes as long as a wrong password.
"""

from __future__ import annotations

import asyncio
import secrets
import unicodedata
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from argon2 import Parameters, PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

HASHERS = 2
"""Hashes an instance computes at once (each holds 64 MiB while it runs)."""
MIN_PASSWORD = 8
MAX_PASSWORD = 1024
"""Longer passwords are refused before they are hashed (argon2 reads all of it)."""

T = TypeVar("T")


def normalized(password: str) -> str:
    """NFKC: the same password typed on two keyboards that compose characters differently is
    the same password."""
    return unicodedata.normalize("NFKC", password)


class Passwords:
    def __init__(self, parameters: Parameters | None = None) -> None:
        """`parameters`: the library's default profile unless given (tests pass a cheap one)."""
        self._hasher = (
            PasswordHasher() if parameters is None else PasswordHasher.from_parameters(parameters)
        )
        self._threads = ThreadPoolExecutor(HASHERS, thread_name_prefix="argon2")
        self._dummy: str | None = None

    async def hash(self, password: str) -> str:
        return await self._run(lambda: self._hasher.hash(normalized(password)))

    async def verify(self, encoded: str | None, password: str) -> bool:
        """Whether `password` is the one `encoded` was made of; with no hash (an unknown
        login, a guest), the answer is no, after as long as a real check takes."""
        if encoded is None:
            if self._dummy is None:  # the first time only: made with this instance's parameters
                self._dummy = await self.hash(secrets.token_urlsafe(16))
            encoded = self._dummy
            password = ""  # the dummy's password is random: nothing matches it
        return await self._run(lambda: self._check(encoded, password))

    def needs_rehash(self, encoded: str) -> bool:
        """Whether a hash was made with other parameters than today's (a hash made anew at
        the next sign-in replaces it)."""
        return self._hasher.check_needs_rehash(encoded)

    def close(self) -> None:
        self._threads.shutdown(wait=False, cancel_futures=True)

    def _check(self, encoded: str, password: str) -> bool:
        try:
            return self._hasher.verify(encoded, normalized(password))
        except (VerificationError, InvalidHashError):
            return False

    async def _run(self, work: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._threads, work)
