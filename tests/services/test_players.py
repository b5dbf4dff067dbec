"""The tokens an instance remembers: forgotten when a revocation is heard, and not trusted
while revocations cannot be heard (the listener is down, or came back and may have missed
some)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from sqlalchemy import update

from app.db.database import create_engine, session_factory
from app.db.models import Player
from app.db.wakeup import Wakeup
from app.services.errors import Unauthorized
from app.services.players import Players, token_hash

pytestmark = pytest.mark.anyio


@pytest.fixture
async def setup(database_url: str) -> AsyncIterator[tuple[Players, Wakeup, str]]:
    engine = create_engine(database_url)
    wakeup = Wakeup()
    wakeup.listening = True
    players = Players(session_factory(engine), wakeup)
    token = (await players.register("Вася")).token
    await players.authenticate(token)  # remembered from now on
    # The token is replaced behind this instance's back (by another instance, say), and no
    # word of it has come yet.
    async with session_factory(engine)() as session, session.begin():
        await session.execute(update(Player).values(token_hash="0" * 64))
    yield players, wakeup, token
    await engine.dispose()


async def test_a_remembered_token_answers_until_its_revocation_is_heard(
    setup: tuple[Players, Wakeup, str],
) -> None:
    players, wakeup, token = setup
    assert (await players.authenticate(token)).name == "Вася"  # what the cache is for
    wakeup.wake(["r:" + token_hash(token)])  # as the listener delivers another instance's
    with pytest.raises(Unauthorized):
        await players.authenticate(token)


async def test_nothing_remembered_is_trusted_while_the_listener_is_down(
    setup: tuple[Players, Wakeup, str],
) -> None:
    players, wakeup, token = setup
    wakeup.listening = False
    with pytest.raises(Unauthorized):
        await players.authenticate(token)


async def test_a_listener_that_reconnected_starts_afresh(
    setup: tuple[Players, Wakeup, str],
) -> None:
    players, wakeup, token = setup
    wakeup.connects += 1  # it was away: a revocation may have been missed
    with pytest.raises(Unauthorized):
        await players.authenticate(token)
    assert not await players.holds(token)
