"""Players and their bearer tokens (stored only as SHA-256 hashes).

A player replaces its token with `rotate`: the new one is stored in place of the old in one
UPDATE, so the old one is unknown from that commit on. Each instance remembers the tokens it
authenticated (`_known`, a query saved per request); the rotation's transaction also sends a
revocation (`r:<old hash>`) through the wake-up channel, and every instance forgets the old
token when it hears it. An instance whose listener is down (or was, and may have missed one)
does not trust what it remembers: it asks the database until it listens again.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
import uuid
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.db.models import Player
from app.db.store import CHANNEL
from app.db.wakeup import Wakeup
from app.services.errors import InvalidRequest, Unauthorized

MAX_NAME = 40


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    id: str
    name: str


@dataclass(frozen=True, slots=True)
class NewPlayer:
    player: PlayerInfo
    token: str


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


KNOWN_TOKENS = 10_000
"""How many authenticated tokens an instance remembers."""
REVOKED = "r:"
"""The wake-up key prefix of a revoked token's hash."""


class Players:
    def __init__(self, sessions: async_sessionmaker[AsyncSession], wakeup: Wakeup) -> None:
        self._sessions = sessions
        self._wakeup = wakeup
        self._known: OrderedDict[str, PlayerInfo] = OrderedDict()
        self._revocations = 0
        """Counts what made `_known` forget: a lookup that was in flight meanwhile may have
        read a token that is revoked now, so it is not remembered."""
        self._connects = wakeup.connects
        wakeup.on_key(REVOKED, self._forget)

    async def register(self, name: str) -> NewPlayer:
        name = name.strip()
        control = any(unicodedata.category(c) in ("Cc", "Cs") for c in name)
        if not 1 <= len(name) <= MAX_NAME or control:
            raise InvalidRequest(f"a name holds 1 to {MAX_NAME} characters, none of them control")
        token = secrets.token_urlsafe(32)
        player = Player(
            id=str(uuid.uuid4()), name=name, token_hash=token_hash(token), created_at=_now()
        )
        async with self._sessions() as session, session.begin():
            session.add(player)
        return NewPlayer(PlayerInfo(player.id, player.name), token)

    async def authenticate(self, token: str) -> PlayerInfo:
        digest = token_hash(token)
        known = self._known.get(digest) if self._trust_known() else None
        if known is not None:
            self._known.move_to_end(digest)
            return known
        revocations = self._revocations
        async with self._sessions() as session:
            row = (
                await session.execute(
                    select(Player.id, Player.name).where(Player.token_hash == digest)
                )
            ).first()
        if row is None:
            raise Unauthorized("unknown token")
        player = PlayerInfo(row.id, row.name)
        if revocations == self._revocations:
            self._remember(digest, player)
        return player

    async def holds(self, token: str) -> bool:
        """Whether the token still authenticates (a stream asks before each event)."""
        try:
            await self.authenticate(token)
        except Unauthorized:
            return False
        return True

    async def rotate(self, token: str) -> NewPlayer:
        """A new token for the token's player; the old one is revoked in the same commit
        (on every instance: see the module's docstring). Of two rotations of one token, one
        wins and the other is refused as unknown."""
        old = token_hash(token)
        new = secrets.token_urlsafe(32)
        async with self._sessions() as session, session.begin():
            row = (
                await session.execute(
                    update(Player)
                    .where(Player.token_hash == old)
                    .values(token_hash=token_hash(new))
                    .returning(Player.id, Player.name)
                )
            ).first()
            if row is None:
                raise Unauthorized("unknown token")
            if session.get_bind().dialect.name == "postgresql":
                revoked = self._wakeup.notification([REVOKED + old], 0)
                await session.execute(select(func.pg_notify(CHANNEL, revoked)))
        self._wakeup.wake([REVOKED + old])  # this instance forgets it now
        player = PlayerInfo(row.id, row.name)
        self._remember(token_hash(new), player)
        return NewPlayer(player, new)

    def _trust_known(self) -> bool:
        """Whether the remembered tokens hold: only while revocations can be heard."""
        if self._connects != self._wakeup.connects:  # the listener reconnected
            self._connects = self._wakeup.connects
            self._known.clear()
            self._revocations += 1
        return self._wakeup.listening

    def _remember(self, digest: str, player: PlayerInfo) -> None:
        self._known[digest] = player
        if len(self._known) > KNOWN_TOKENS:
            self._known.popitem(last=False)

    def _forget(self, digest: str, _version: int | None = None) -> None:
        self._known.pop(digest, None)
        self._revocations += 1


def _now() -> datetime:
    return datetime.now(UTC)
