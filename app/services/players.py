"""Players and their bearer tokens (stored only as SHA-256 hashes)."""

from __future__ import annotations

import hashlib
import secrets
import uuid
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


class Players:
    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions

    async def register(self, name: str) -> NewPlayer:
        name = name.strip()
        if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
            raise InvalidRequest(f"a name holds 1 to {MAX_NAME} printable characters")
        token = secrets.token_urlsafe(32)
        player = Player(
            id=str(uuid.uuid4()), name=name, token_hash=token_hash(token), created_at=_now()
        )
        async with self._sessions() as session, session.begin():
            session.add(player)
        return NewPlayer(PlayerInfo(player.id, player.name), token)

    async def authenticate(self, token: str) -> PlayerInfo:
        async with self._sessions() as session:
            player = await session.scalar(
                select(Player).where(Player.token_hash == token_hash(token))
            )
        if player is None:
            raise Unauthorized("unknown token")
        return PlayerInfo(player.id, player.name)


def _now() -> datetime:
    return datetime.now(UTC)
