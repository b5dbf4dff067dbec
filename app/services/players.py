"""Players and their bearer tokens, one per device (stored only as SHA-256 hashes).

A player gets its first token at sign-up and one more at each sign-in (`app/services/
accounts.py`). A token is revoked by deleting its row: its player revokes any of its own
(`revoke`), a rotation replaces one in place (`rotate`), a sign-in beyond `MAX_TOKENS`
revokes the one used longest ago. Each instance remembers the tokens it authenticated
(`_known`, a query saved per request); a revoking transaction also sends `r:<hash>` through
the wake-up channel, and every instance forgets the token when it hears it. An instance whose
listener is down (or was, and may have missed one) does not trust what it remembers: it asks
the database until it listens again.

A token's `last_used_at` is written at most once a minute per instance (`LAST_USED_EVERY_S`),
never on every request, and never on a request's way: an instance notes the uses that are due
and writes them down together, in one statement every few seconds (`write_uses`, run by the
application's keeper) and before anything that reads them (the list of a player's tokens, a
sign-in that evicts the one used longest ago). Ten thousand bot authors' polls cost the
database a statement every few seconds, not one transaction each a minute (issue 31).
"""

from __future__ import annotations

import hashlib
import secrets
import time
import unicodedata
import uuid
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import Insert, delete, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.db.models import Player, Token
from app.db.store import CHANNEL
from app.db.wakeup import Wakeup
from app.services.errors import InvalidRequest, NotFound, Unauthorized

MAX_NAME = 40
MAX_TOKENS = 50
"""Tokens a player holds at most: a sign-in beyond it revokes the one used longest ago."""
LAST_USED_EVERY_S = 60.0
"""How stale a token's `last_used_at` may be: it is written no more often than this."""
USES_A_STATEMENT = 1_000
"""Token ids a statement of `write_uses` names at most (SQLite's limit on parameters)."""


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    id: str
    name: str
    bot: bool


@dataclass(frozen=True, slots=True)
class NewPlayer:
    player: PlayerInfo
    token: str


@dataclass(frozen=True, slots=True)
class DeviceToken:
    """A token as its player sees it in the list: never the token itself."""

    id: str
    device: str | None
    created_at: datetime
    last_used_at: datetime
    current: bool
    """Whether it is the token of the request that lists them."""


@dataclass(slots=True)
class _Known:
    player: PlayerInfo
    token_id: str
    touch_at: float
    """The `time.monotonic()` from which the token's use is written down again."""


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
        self._known: OrderedDict[str, _Known] = OrderedDict()
        self._revocations = 0
        """Counts what made `_known` forget: a lookup that was in flight meanwhile may have
        read a token that is revoked now, so it is not remembered."""
        self._connects = wakeup.epoch
        self._used: set[str] = set()
        """The ids of the tokens whose use is due to be written (`write_uses`)."""
        wakeup.on_key(REVOKED, self._forget)

    async def register(self, name: str, bot: bool = False) -> NewPlayer:
        """A new account (a guest, or a bot account) and its first token."""
        name = name.strip()
        control = any(unicodedata.category(c) in ("Cc", "Cs") for c in name)
        if not 1 <= len(name) <= MAX_NAME or control:
            raise InvalidRequest(f"a name holds 1 to {MAX_NAME} characters, none of them control")
        player = PlayerInfo(str(uuid.uuid4()), name, bot)
        token = secrets.token_urlsafe(32)
        now = _now()
        async with self._sessions() as session, session.begin():
            session.add(Player(id=player.id, name=name, bot=bot, created_at=now))
            await session.flush()
            await session.execute(_new_token(player.id, token, None, now))
        return NewPlayer(player, token)

    async def issue(self, player: PlayerInfo, device: str | None) -> NewPlayer:
        """A new token for one more device of `player` (a sign-in); beyond `MAX_TOKENS`, the
        tokens used longest ago are revoked in the same commit."""
        token = secrets.token_urlsafe(32)
        await self.write_uses()  # the eviction goes by them
        async with self._sessions() as session, session.begin():
            await session.execute(_new_token(player.id, token, device, _now()))
            evicted = list(
                (
                    await session.execute(
                        select(Token.hash)
                        .where(Token.player_id == player.id)
                        .order_by(Token.last_used_at.desc(), Token.created_at.desc())
                        .offset(MAX_TOKENS)
                    )
                ).scalars()
            )
            if evicted:
                await session.execute(delete(Token).where(Token.hash.in_(evicted)))
                await self._announce(session, evicted)
        self._revoked(evicted)
        return NewPlayer(player, token)

    async def authenticate(self, token: str) -> PlayerInfo:
        digest = token_hash(token)
        known = self._known.get(digest) if self._trust_known() else None
        if known is not None:
            self._known.move_to_end(digest)
        else:
            known = await self._look_up(digest)
        if time.monotonic() >= known.touch_at:
            known.touch_at = time.monotonic() + LAST_USED_EVERY_S
            self._used.add(known.token_id)
        return known.player

    async def holds(self, token: str) -> bool:
        """Whether the token still authenticates (a stream asks before each event)."""
        try:
            await self.authenticate(token)
        except Unauthorized:
            return False
        return True

    async def rotate(self, token: str) -> NewPlayer:
        """A new token in the place of `token` (the same device); the old one is revoked in
        the same commit, on every instance (see the module's docstring). Of two rotations of
        one token, one wins and the other is refused as unknown."""
        old = token_hash(token)
        new = secrets.token_urlsafe(32)
        async with self._sessions() as session, session.begin():
            row = (
                await session.execute(
                    update(Token)
                    .where(Token.hash == old)
                    .values(hash=token_hash(new), last_used_at=_now())
                    .returning(Token.id, Token.player_id)
                )
            ).first()
            if row is None:
                raise Unauthorized("unknown token")
            player = await _player(session, row.player_id)
            await self._announce(session, [old])
        self._revoked([old])
        self._remember(token_hash(new), _Known(player, row.id, _later()))
        return NewPlayer(player, new)

    async def tokens(self, player: PlayerInfo, token: str) -> list[DeviceToken]:
        """The player's tokens, oldest first; `token`'s is `current`."""
        digest = token_hash(token)
        await self.write_uses()
        async with self._sessions() as session:
            rows = await session.execute(
                select(Token.id, Token.hash, Token.device, Token.created_at, Token.last_used_at)
                .where(Token.player_id == player.id)
                .order_by(Token.created_at, Token.id)
            )
            return [
                DeviceToken(row.id, row.device, row.created_at, row.last_used_at, row[1] == digest)
                for row in rows
            ]

    async def revoke(self, player: PlayerInfo, token_id: str) -> None:
        """Revoke one of the player's tokens (its own current one too), on every instance at
        once. Another player's token id is not found, as an id that does not exist."""
        async with self._sessions() as session, session.begin():
            digest = (
                await session.execute(
                    delete(Token)
                    .where(Token.id == token_id, Token.player_id == player.id)
                    .returning(Token.hash)
                )
            ).scalar()
            if digest is None:
                raise NotFound("the caller has no token of this id")
            await self._announce(session, [digest])
        self._revoked([digest])

    async def _look_up(self, digest: str) -> _Known:
        revocations = self._revocations
        async with self._sessions() as session:
            row = (
                await session.execute(
                    select(Token.id, Token.last_used_at, Player.id, Player.name, Player.bot)
                    .join(Player, Player.id == Token.player_id)
                    .where(Token.hash == digest)
                )
            ).first()
        if row is None:
            raise Unauthorized("unknown token")
        token_id, last_used_at, player_id, name, bot = row
        due = LAST_USED_EVERY_S - (_now() - last_used_at).total_seconds()
        known = _Known(PlayerInfo(player_id, name, bot), token_id, time.monotonic() + due)
        if revocations == self._revocations:
            self._remember(digest, known)
        return known

    async def write_uses(self) -> None:
        """Write down the uses noted since the last call, in one transaction (a statement a
        thousand tokens); a token whose use another instance wrote within the minute is left
        as it is. Uses that could not be written are noted again, for the next call."""
        if not self._used:
            return
        used, self._used = self._used, set()
        now = _now()
        ids = sorted(used)  # in one order: two instances' statements do not deadlock
        try:
            async with self._sessions() as session, session.begin():
                for start in range(0, len(ids), USES_A_STATEMENT):
                    await session.execute(
                        update(Token)
                        .where(
                            Token.id.in_(ids[start : start + USES_A_STATEMENT]),
                            Token.last_used_at <= now - timedelta(seconds=LAST_USED_EVERY_S),
                        )
                        .values(last_used_at=now)
                    )
        except BaseException:
            self._used |= used
            raise

    async def _announce(self, session: AsyncSession, digests: list[str]) -> None:
        """Tell the other instances, when `session` commits, that these tokens are revoked."""
        if not digests:
            return
        revoked = self._wakeup.notification([REVOKED + d for d in digests], 0)
        if revoked is not None:  # a channel that sends after the commit: `_revoked`
            await session.execute(select(func.pg_notify(CHANNEL, revoked)))

    def _revoked(self, digests: list[str]) -> None:
        """These tokens are revoked (committed): this instance forgets them now."""
        if digests:
            self._wakeup.committed([REVOKED + d for d in digests])

    def _trust_known(self) -> bool:
        """Whether the remembered tokens hold: only while revocations can be heard."""
        if self._connects != self._wakeup.epoch:  # the channel may have missed some
            self._connects = self._wakeup.epoch
            self._known.clear()
            self._revocations += 1
        return self._wakeup.listening

    def _remember(self, digest: str, known: _Known) -> None:
        self._known[digest] = known
        if len(self._known) > KNOWN_TOKENS:
            self._known.popitem(last=False)

    def _forget(self, digest: str, _version: int | None = None) -> None:
        self._known.pop(digest, None)
        self._revocations += 1


def _new_token(player_id: str, token: str, device: str | None, now: datetime) -> Insert:
    return insert(Token).values(
        id=str(uuid.uuid4()),
        player_id=player_id,
        hash=token_hash(token),
        device=device,
        created_at=now,
        last_used_at=now,
    )


async def _player(session: AsyncSession, player_id: str) -> PlayerInfo:
    row = (
        await session.execute(
            select(Player.id, Player.name, Player.bot).where(Player.id == player_id)
        )
    ).one()
    return PlayerInfo(*row)


def _later() -> float:
    """When a token just written down is due to be written again."""
    return time.monotonic() + LAST_USED_EVERY_S


def _now() -> datetime:
    return datetime.now(UTC)
