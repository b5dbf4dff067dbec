"""Accounts: a player (a guest at first) claims a login and a password, and signs in with them
from any device, getting a token of that device's own (`Players.issue`).

- A login is 3 to 32 of `a-z 0-9 _ . -`, kept in lower case: logins that differ only in case
  are one (`login_taken`). A password has at least 8 characters.
- Claiming the first credentials needs only the caller's token; changing them needs the
  current password too (a stolen token alone cannot take the account over). The tokens stay
  as they are: a player that fears one is known to someone else revokes it.
- A wrong password and an unknown login are answered alike (`bad_credentials`), after the
  same work: the unknown login is checked against a dummy hash (`Passwords.verify`).
- Every password check is throttled per login and per address (`Throttle`), and so is every
  claim of a login that turns out taken (the way to learn whether a login exists).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.db.models import Player
from app.services.errors import (
    BadCredentials,
    InvalidRequest,
    LoginTaken,
    WeakPassword,
    WrongPassword,
)
from app.services.passwords import MAX_PASSWORD, MIN_PASSWORD, Passwords
from app.services.players import NewPlayer, PlayerInfo, Players
from app.services.throttle import Throttle

LOGIN = re.compile(r"[A-Za-z0-9_.-]{3,32}", re.ASCII)
"""A login as sent; it is kept in small letters (`login_key`)."""
SIGN_IN_LOGIN = 64
"""The longest login a sign-in is taken with (none is longer than 32; failures keep it)."""


def login_key(login: str) -> str | None:
    """The login as kept (in small letters), or None if it is not one."""
    return login.lower() if LOGIN.fullmatch(login) else None


@dataclass(frozen=True, slots=True)
class Account:
    id: str
    name: str
    bot: bool
    login: str | None
    """None for a guest, which has not claimed one."""


class Accounts:
    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        players: Players,
        passwords: Passwords,
        throttle: Throttle,
    ) -> None:
        self._sessions = sessions
        self._players = players
        self._passwords = passwords
        self._throttle = throttle

    async def account(self, player: PlayerInfo) -> Account:
        async with self._sessions() as session:
            login = await session.scalar(select(Player.login).where(Player.id == player.id))
        return Account(player.id, player.name, player.bot, login)

    async def claim(
        self,
        player: PlayerInfo,
        login: str,
        password: str,
        current_password: str | None,
        address: str,
    ) -> Account:
        """Set the player's login and password (see the module's docstring for who may)."""
        key = login_key(login)
        if key is None:
            raise InvalidRequest("a login is 3 to 32 of a-z 0-9 _ . -")
        login = key
        if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
            raise WeakPassword(f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters")
        async with self._sessions() as session:
            row = (
                await session.execute(
                    select(Player.login, Player.password_hash).where(Player.id == player.id)
                )
            ).one()
        if row.password_hash is not None:
            await self._check_current(row.login, row.password_hash, current_password, address)
        # A claim that finds the login taken counts against the address: it tells whether
        # the login exists, which sign-ins never tell.
        attempt = None if login == row.login else await self._throttle.attempt(None, address)
        async with self._sessions() as session:
            taken = await session.scalar(
                select(Player.id).where(Player.login == login, Player.id != player.id)
            )
        if taken is not None:
            raise LoginTaken(f"the login {login!r} is taken")
        encoded = await self._passwords.hash(password)
        try:
            async with self._sessions() as session, session.begin():
                await session.execute(
                    update(Player)
                    .where(Player.id == player.id)
                    .values(login=login, password_hash=encoded)
                )
        except IntegrityError:  # claimed by another player meanwhile
            raise LoginTaken(f"the login {login!r} is taken") from None
        if attempt is not None:
            await self._throttle.forgive(attempt)
        return Account(player.id, player.name, player.bot, login)

    async def sign_in(
        self, login: str, password: str, device: str | None, address: str
    ) -> NewPlayer:
        """A new token for a device, given the account's login and password."""
        login = login.lower()[:SIGN_IN_LOGIN]  # lower() may lengthen it: 'İ' is two
        await self._throttle.attempt(login, address)
        async with self._sessions() as session:
            row = (
                await session.execute(
                    select(Player.id, Player.name, Player.bot, Player.password_hash).where(
                        Player.login == login
                    )
                )
            ).first()
        encoded = None if row is None else row.password_hash
        if not await self._passwords.verify(encoded, password) or row is None:
            raise BadCredentials("the login or the password is wrong")
        await self._throttle.succeeded(login)
        if encoded is not None and self._passwords.needs_rehash(encoded):
            await self._rehash(row.id, encoded, password)
        return await self._players.issue(PlayerInfo(row.id, row.name, row.bot), device)

    async def _check_current(
        self, login: str | None, encoded: str, current_password: str | None, address: str
    ) -> None:
        """Changing credentials that have a password: the current one, checked (and
        throttled) as a sign-in's is."""
        if current_password is None:  # no guess made: nothing to count
            raise WrongPassword("changing the login or the password needs the current password")
        await self._throttle.attempt(login, address)
        if not await self._passwords.verify(encoded, current_password):
            raise WrongPassword("the current password is wrong")
        if login is not None:
            await self._throttle.succeeded(login)

    async def _rehash(self, player_id: str, encoded: str, password: str) -> None:
        """The hash was made with older parameters: made anew now that the password is at
        hand (unless the password changed meanwhile)."""
        fresh = await self._passwords.hash(password)
        async with self._sessions() as session, session.begin():
            await session.execute(
                update(Player)
                .where(Player.id == player_id, Player.password_hash == encoded)
                .values(password_hash=fresh)
            )
