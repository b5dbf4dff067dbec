"""The tokens an instance remembers: forgotten when a revocation is heard, and not trusted
while revocations cannot be heard (the listener is down, or came back and may have missed
some); a token's use is written down at most once a minute, never on every request, and the
uses of many tokens together (`Players.write_uses`)."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest
from sqlalchemy import event, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.db.database import create_engine, session_factory
from app.db.models import Token
from app.db.wakeup import Wakeup
from app.services import players as players_module
from app.services.errors import Unauthorized
from app.services.players import LAST_USED_EVERY_S, Players, token_hash

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
        await session.execute(update(Token).values(hash="0" * 64))
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
    wakeup.epoch += 1  # it was away: a revocation may have been missed
    with pytest.raises(Unauthorized):
        await players.authenticate(token)
    assert not await players.holds(token)


@pytest.fixture
async def players(
    database_url: str,
) -> AsyncIterator[tuple[Players, async_sessionmaker[AsyncSession]]]:
    engine = create_engine(database_url)
    wakeup = Wakeup()
    wakeup.listening = True
    yield Players(session_factory(engine), wakeup), session_factory(engine)
    await engine.dispose()


async def _last_used(sessions: async_sessionmaker[AsyncSession]) -> datetime:
    async with sessions() as session:
        return (await session.execute(select(Token.last_used_at))).scalar_one()


async def _aged(sessions: async_sessionmaker[AsyncSession]) -> datetime:
    """Every token's use five minutes old (when it is due to be written again)."""
    long_ago = datetime.now(UTC) - timedelta(minutes=5)
    await _set_last_used(sessions, long_ago)
    return long_ago


async def _set_last_used(sessions: async_sessionmaker[AsyncSession], at: datetime) -> None:
    async with sessions() as session, session.begin():
        await session.execute(update(Token).values(last_used_at=at))


async def test_a_tokens_use_is_written_at_most_once_a_minute(
    players: tuple[Players, async_sessionmaker[AsyncSession]],
) -> None:
    service, sessions = players
    token = (await service.register("Вася")).token
    long_ago = await _aged(sessions)
    await service.authenticate(token)  # read from the database: its use is a minute old
    assert await _last_used(sessions) == long_ago  # noted, not written on the request's way
    await service.write_uses()
    first = await _last_used(sessions)
    assert datetime.now(UTC) - first < timedelta(seconds=10)
    await _set_last_used(sessions, long_ago)
    for _ in range(20):  # remembered now: within the minute no request writes again
        await service.authenticate(token)
    await service.write_uses()
    assert await _last_used(sessions) == long_ago


async def test_a_tokens_use_is_written_again_once_the_minute_is_over(
    players: tuple[Players, async_sessionmaker[AsyncSession]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    service, sessions = players
    token = (await service.register("Вася")).token
    await service.authenticate(token)
    long_ago = await _aged(sessions)
    later = time.monotonic() + LAST_USED_EVERY_S + 1  # a minute later, as the service sees it
    monkeypatch.setattr(players_module, "time", SimpleNamespace(monotonic=lambda: later))
    await service.authenticate(token)
    await service.write_uses()
    assert await _last_used(sessions) > long_ago


async def test_the_uses_of_many_tokens_are_written_in_one_transaction(
    players: tuple[Players, async_sessionmaker[AsyncSession]],
) -> None:
    service, sessions = players
    count = players_module.USES_A_STATEMENT + 5  # past one statement's share
    tokens = [(await service.register(f"бот {n}")).token for n in range(count)]
    long_ago = await _aged(sessions)
    for token in tokens:
        await service.authenticate(token)
    begun: list[object] = []

    def begin(connection: object) -> None:
        begun.append(connection)

    engine = sessions.kw["bind"].sync_engine
    event.listen(engine, "begin", begin)
    try:
        await service.write_uses()
    finally:
        event.remove(engine, "begin", begin)
    assert len(begun) == 1
    async with sessions() as session:
        stale = await session.execute(select(Token.id).where(Token.last_used_at == long_ago))
        assert stale.all() == []


async def test_uses_that_could_not_be_written_are_written_with_the_next_round(
    players: tuple[Players, async_sessionmaker[AsyncSession]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    service, sessions = players
    token = (await service.register("Вася")).token
    long_ago = await _aged(sessions)
    await service.authenticate(token)
    working = service._sessions

    def broken() -> AsyncSession:
        raise ConnectionError("the database is away")

    monkeypatch.setattr(service, "_sessions", broken)
    with pytest.raises(ConnectionError):
        await service.write_uses()
    monkeypatch.setattr(service, "_sessions", working)
    await service.write_uses()
    assert await _last_used(sessions) > long_ago


async def test_the_list_of_tokens_shows_the_uses_not_yet_written(
    players: tuple[Players, async_sessionmaker[AsyncSession]],
) -> None:
    service, sessions = players
    new = await service.register("Вася")
    long_ago = await _aged(sessions)
    await service.authenticate(new.token)
    (listed,) = await service.tokens(new.player, new.token)
    assert listed.last_used_at > long_ago
