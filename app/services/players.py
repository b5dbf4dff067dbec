"""Players and their bearer tokens (stored only as SHA-256 hashes)."""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
import uuid
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.db.models import Player
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
"""How many authenticated tokens an instance remembers. A player never changes once made,
so the cache can never be stale; it only saves a query per request."""


class Players:
    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions
        self._known: OrderedDict[str, PlayerInfo] = OrderedDict()

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
        known = self._known.get(digest)
        if known is not None:
            self._known.move_to_end(digest)
            return known
        async with self._sessions() as session:
            row = (
                await session.execute(
                    select(Player.id, Player.name).where(Player.token_hash == digest)
                )
            ).first()
        if row is None:
            raise Unauthorized("unknown token")
        player = PlayerInfo(row.id, row.name)
        self._known[digest] = player
        if len(self._known) > KNOWN_TOKENS:
            self._known.popitem(last=False)
        return player


def _now() -> datetime:
    return datetime.now(UTC)
