"""Accounts in the service layer: a hash made with older argon2 parameters is made anew at the
next sign-in, and a password is the same however its characters are composed."""

from __future__ import annotations

import unicodedata
from collections.abc import AsyncIterator

import pytest
from argon2.profiles import CHEAPEST
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.db.database import create_engine, session_factory
from app.db.models import Player
from app.db.wakeup import Wakeup
from app.services.accounts import Accounts
from app.services.errors import BadCredentials
from app.services.passwords import Passwords
from app.services.players import Players
from app.services.throttle import Throttle

pytestmark = pytest.mark.anyio

ADDRESS = "203.0.113.7"


@pytest.fixture
async def sessions(database_url: str) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    engine = create_engine(database_url)
    yield session_factory(engine)
    await engine.dispose()


def accounts(sessions: async_sessionmaker[AsyncSession], passwords: Passwords) -> Accounts:
    wakeup = Wakeup()
    wakeup.listening = True
    players = Players(sessions, wakeup)
    return Accounts(sessions, players, passwords, Throttle(sessions))


async def stored_hash(sessions: async_sessionmaker[AsyncSession]) -> str | None:
    async with sessions() as session:
        return await session.scalar(select(Player.password_hash))


async def test_a_hash_of_older_parameters_is_made_anew_at_the_next_sign_in(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    cheap = accounts(sessions, Passwords(CHEAPEST))  # as an older release hashed
    guest = (await cheap._players.register("Вася")).player
    await cheap.claim(guest, "vasya", "korova-2026", None, ADDRESS)
    old = await stored_hash(sessions)
    assert old is not None
    assert "m=8,t=1,p=1" in old
    today = accounts(sessions, Passwords())  # the library's default profile
    assert (await today.sign_in("vasya", "korova-2026", None, ADDRESS)).player == guest
    new = await stored_hash(sessions)
    assert new is not None
    assert new.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    assert (await today.sign_in("vasya", "korova-2026", "phone", ADDRESS)).player == guest
    with pytest.raises(BadCredentials):  # a wrong password does not rehash anything
        await cheap.sign_in("vasya", "korova-2027", None, ADDRESS)
    assert await stored_hash(sessions) == new


async def test_a_password_is_the_same_however_its_characters_are_composed(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    service = accounts(sessions, Passwords(CHEAPEST))
    guest = (await service._players.register("Вася")).player
    composed = unicodedata.normalize("NFC", "Ёлка-café-2026")
    decomposed = unicodedata.normalize("NFD", composed)
    assert composed != decomposed
    await service.claim(guest, "vasya", composed, None, ADDRESS)
    assert (await service.sign_in("vasya", decomposed, None, ADDRESS)).player == guest
