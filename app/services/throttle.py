"""Throttling of password checks per login and per client address, in the database: every
instance counts the same failures (credential stuffing spread over instances gains nothing).

An attempt is written down before its password is checked, and stays as a failure unless it
succeeds; so attempts under way count too, and a burst of parallel guesses gets no more tries
than guesses made one by one (a burst whose attempts all see one another under way is refused
whole). An attempt refused for being over the limit is not kept (a client that keeps trying
while refused does not push its own wait further). A success clears
its login's failures. Rows older than the window are deleted by the attempts that follow.
"""

from __future__ import annotations

import ipaddress
import math
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import ColumnElement, delete, insert, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.db.models import CredentialFailure
from app.services.errors import TooManyFailures


@dataclass(frozen=True, slots=True)
class Budget:
    window: timedelta = timedelta(minutes=15)
    per_login: int = 5
    """Failed password checks of one login within the window."""
    per_address: int = 20
    """Failures from one client address within the window (of any logins, and claims of a
    taken login)."""


class Throttle:
    def __init__(
        self, sessions: async_sessionmaker[AsyncSession], budget: Budget | None = None
    ) -> None:
        self._sessions = sessions
        self.budget = budget or Budget()

    async def attempt(self, login: str | None, address: str) -> int:
        """Write an attempt down as a failure (of `login`, if it names one, and of `address`)
        and return its id for `forgive`; 429 (keeping nothing) when the login or the address
        has had its share of failures within the window, the attempts under way included."""
        now = datetime.now(UTC)
        since = now - self.budget.window
        async with self._sessions() as session, session.begin():
            await session.execute(delete(CredentialFailure).where(CredentialFailure.at <= since))
            row_id: int = (
                await session.execute(
                    insert(CredentialFailure)
                    .values(login=login, address=address, at=now)
                    .returning(CredentialFailure.id)
                )
            ).scalar_one()
        async with self._sessions() as session:
            by_address = CredentialFailure.address == address
            waits = [await self._wait(session, by_address, self.budget.per_address, since)]
            if login is not None:
                by_login = CredentialFailure.login == login
                waits.append(await self._wait(session, by_login, self.budget.per_login, since))
        over = [wait for wait in waits if wait is not None]
        if over:
            await self.forgive(row_id)
            retry = max(1, math.ceil((max(over) - now).total_seconds()))
            raise TooManyFailures(
                f"too many failed sign-ins of this login or from this address; retry in {retry} s",
                retry,
            )
        return row_id

    async def forgive(self, row_id: int) -> None:
        """An attempt that did not fail: it counts no more."""
        async with self._sessions() as session, session.begin():
            await session.execute(delete(CredentialFailure).where(CredentialFailure.id == row_id))

    async def succeeded(self, login: str) -> None:
        """The login's password was given: its failures are forgotten (its address's are not)."""
        async with self._sessions() as session, session.begin():
            await session.execute(delete(CredentialFailure).where(CredentialFailure.login == login))

    async def _wait(
        self, session: AsyncSession, whose: ColumnElement[bool], limit: int, since: datetime
    ) -> datetime | None:
        """When an attempt of `whose` may be made again (None: now). The attempt just written
        is the newest row; the others must be fewer than `limit`."""
        found = (
            await session.scalars(
                select(CredentialFailure.at)
                .where(whose, CredentialFailure.at > since)
                .order_by(CredentialFailure.at)
            )
        ).all()
        if len(found) <= limit:
            return None
        # The oldest `len(found) - limit` must leave the window first.
        return found[len(found) - limit - 1] + self.budget.window


def address_key(host: str | None) -> str:
    """The address failures are counted by: an IPv4 address, or an IPv6 /64 (one host's
    usual share, which it may spread its attempts over)."""
    if host is None:
        return "?"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host[:64]
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)
