"""Failed password checks are throttled per login (5 in 15 minutes) and per client address
(20), in the database: two instances of the app on one database count the same failures, a
burst of parallel guesses gets no more tries than guesses one by one, and a success clears
its login's count. Claims of a taken login count against the address."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from sqlalchemy import func, select, update

from app.config import Settings
from app.db.models import CredentialFailure
from app.services.throttle import address_key
from tests.api.conftest import UNLIMITED, Api, Client, assert_problem, running

pytestmark = pytest.mark.anyio

PASSWORD = "korova-2026"
WRONG = "not-the-password"


@asynccontextmanager
async def two_instances(database_url: str) -> AsyncIterator[tuple[Api, Api]]:
    settings = Settings(database_url=database_url, **UNLIMITED)
    async with running(settings) as first, running(settings) as second:
        yield first, second


@asynccontextmanager
async def from_address(api: Api, host: str) -> AsyncIterator[httpx.AsyncClient]:
    """Requests to the same app from another client address."""
    assert api.app is not None
    transport = httpx.ASGITransport(app=api.app, client=(host, 4321))
    async with httpx.AsyncClient(transport=transport, base_url="http://kozel") as http:
        yield http


async def sign_in(http: httpx.AsyncClient, login: str, password: str) -> httpx.Response:
    return await http.post("/v1/sessions", json={"login": login, "password": password})


async def account(api: Api, login: str = "vasya") -> Client:
    player = await api.player()
    claimed = await player.put("/v1/players/me/credentials", {"login": login, "password": PASSWORD})
    assert claimed.status_code == 200, claimed.text
    return player


def assert_throttled(answer: httpx.Response) -> None:
    assert_problem(answer, 429, "rate_limited")
    assert 1 <= int(answer.headers["retry-after"]) <= 15 * 60


async def test_failures_of_a_login_count_on_every_instance(database_url: str) -> None:
    async with two_instances(database_url) as (first, second):
        await account(first)
        for n in range(5):
            api = (first, second)[n % 2]
            assert_problem(await sign_in(api.http, "vasya", WRONG), 401, "bad_credentials")
        # The right password now, on either instance and from another address: refused.
        assert_throttled(await sign_in(first.http, "vasya", PASSWORD))
        async with from_address(second, "10.0.0.2") as elsewhere:
            assert_throttled(await sign_in(elsewhere, "VASYA", PASSWORD))
        # Another login is not affected.
        await account(second, "petya")
        assert (await sign_in(second.http, "petya", PASSWORD)).status_code == 201


async def test_failures_from_an_address_count_on_every_instance(database_url: str) -> None:
    async with two_instances(database_url) as (first, second):
        await account(first)
        async with (
            from_address(first, "10.0.0.1") as a_first,
            from_address(second, "10.0.0.1") as a_second,
        ):
            for n in range(20):  # twenty logins, one guess each
                http = (a_first, a_second)[n % 2]
                assert_problem(await sign_in(http, f"guess-{n}", WRONG), 401, "bad_credentials")
            assert_throttled(await sign_in(a_second, "vasya", PASSWORD))
        async with from_address(second, "10.0.0.9") as other:
            assert (await sign_in(other, "vasya", PASSWORD)).status_code == 201


async def test_a_success_clears_its_logins_count(database_url: str) -> None:
    async with two_instances(database_url) as (first, second):
        await account(first)
        for _ in range(4):
            assert_problem(await sign_in(first.http, "vasya", WRONG), 401, "bad_credentials")
        assert (await sign_in(second.http, "vasya", PASSWORD)).status_code == 201
        for _ in range(4):  # a fresh budget
            assert_problem(await sign_in(second.http, "vasya", WRONG), 401, "bad_credentials")
        assert (await sign_in(first.http, "vasya", PASSWORD)).status_code == 201


async def test_failures_leave_the_count_after_the_window_and_are_deleted(api: Api) -> None:
    await account(api)
    for _ in range(5):
        assert_problem(await sign_in(api.http, "vasya", WRONG), 401, "bad_credentials")
    assert_throttled(await sign_in(api.http, "vasya", PASSWORD))
    assert api.app is not None
    sessions = api.app.state.services.players._sessions
    async with sessions() as session, session.begin():
        earlier = datetime.now(UTC) - timedelta(minutes=16)
        await session.execute(update(CredentialFailure).values(at=earlier))
    assert (await sign_in(api.http, "vasya", PASSWORD)).status_code == 201
    async with sessions() as session:
        left = await session.scalar(select(func.count()).select_from(CredentialFailure))
    assert left == 0  # the old rows went with the next attempt, its own with its success


async def test_parallel_guesses_get_no_more_tries_than_guesses_one_by_one(
    database_url: str,
) -> None:
    async with two_instances(database_url) as (first, second):
        await account(first)
        guesses = [sign_in((first, second)[n % 2].http, "vasya", WRONG) for n in range(12)]
        answers = await asyncio.gather(*guesses)
        codes = sorted(answer.status_code for answer in answers)
        # Some may be checked, the rest are refused unchecked (all of them, when each saw the
        # others under way before any was checked).
        assert set(codes) <= {401, 429}, codes
        assert 429 in codes, codes
        checked = codes.count(401)
        while (answer := await sign_in(second.http, "vasya", WRONG)).status_code == 401:
            checked += 1
        assert_throttled(answer)
        assert checked == 5  # the budget, whether the guesses came at once or one by one


async def test_wrong_current_passwords_are_throttled_as_sign_ins(api: Api) -> None:
    """A stolen token alone cannot guess the password through a change of credentials."""
    player = await account(api)
    change = {"login": "vasya", "password": "new-secret-9"}
    for _ in range(5):
        answer = await player.put(
            "/v1/players/me/credentials", {**change, "current_password": WRONG}
        )
        assert_problem(answer, 403, "wrong_password")
    right = {**change, "current_password": PASSWORD}
    assert_throttled(await player.put("/v1/players/me/credentials", right))
    assert_throttled(await sign_in(api.http, "vasya", PASSWORD))


async def test_claims_of_a_taken_login_count_against_the_address(database_url: str) -> None:
    """Claiming tells whether a login exists, so it is throttled as guessing is."""
    async with two_instances(database_url) as (first, second):
        await account(first)
        for n in range(20):
            api = (first, second)[n % 2]
            guest = await api.player(f"g{n}")
            answer = await guest.put(
                "/v1/players/me/credentials", {"login": "vasya", "password": PASSWORD}
            )
            assert_problem(answer, 409, "login_taken")
        guest = await second.player("late")
        free = {"login": "free-one", "password": PASSWORD}
        assert_throttled(await guest.put("/v1/players/me/credentials", free))
        # The login itself is not locked by it: its owner signs in from elsewhere.
        async with from_address(first, "10.0.0.7") as owner:
            assert (await sign_in(owner, "vasya", PASSWORD)).status_code == 201


@pytest.mark.parametrize(
    ("host", "key"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
        (None, "?"),
        ("testclient", "testclient"),
    ],
)
def test_an_address_is_an_ipv4_address_or_an_ipv6_slash_64(host: str | None, key: str) -> None:
    assert address_key(host) == key
