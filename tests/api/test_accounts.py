"""Accounts: a guest claims a login and a password and signs in from other devices, a token
per device; changing credentials needs the current password; a wrong password and an unknown
login are answered alike. Bot accounts are shown as bots."""

from __future__ import annotations

import asyncio
import statistics
import time
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from sqlalchemy import select, update

from app.api import main as main_module
from app.config import Settings
from app.db.database import create_engine
from app.db.models import Token as TokenRow
from app.services.passwords import Passwords
from tests.api.conftest import UNLIMITED, Api, Client, assert_problem, running

pytestmark = pytest.mark.anyio

PASSWORD = "korova-2026"


async def claim(
    player: Client, login: str = "vasya", password: str = PASSWORD, **more: str
) -> httpx.Response:
    return await player.put(
        "/v1/players/me/credentials", {"login": login, "password": password, **more}
    )


async def sign_in(
    api: Api, login: str = "vasya", password: str = PASSWORD, **more: str
) -> httpx.Response:
    return await api.http.post("/v1/sessions", json={"login": login, "password": password, **more})


async def test_a_guest_claims_a_login_and_signs_in_from_another_device(api: Api) -> None:
    guest = await api.player()
    claimed = await claim(guest, login="Vasya")
    assert claimed.status_code == 200, claimed.text
    me = {"id": guest.id, "name": "Вася", "bot": False, "login": "vasya"}
    assert claimed.json() == me
    assert (await guest.get("/v1/players/me")).json() == me
    signed = await sign_in(api, login="VASYA", device="phone")
    assert signed.status_code == 201, signed.text
    assert signed.headers["cache-control"] == "no-store"
    body = signed.json()
    assert body["player"] == {"id": guest.id, "name": "Вася", "bot": False}
    assert len(body["token"]) >= 32
    assert body["token"] != guest.token
    phone = Client(api.http, body["token"])
    assert (await phone.get("/v1/players/me")).json() == me
    assert (await guest.get("/v1/players/me")).status_code == 200  # each device has its own


async def test_logins_are_unique_without_regard_to_case(api: Api) -> None:
    first, second = await api.player(), await api.player("Петя")
    assert (await claim(first, login="Vasya")).status_code == 200
    assert_problem(await claim(second, login="vASYA"), 409, "login_taken")
    assert (await claim(second, login="vasya.2")).status_code == 200
    # The owner may claim its own login again (here with other capitals).
    again = await claim(first, login="VASYA", current_password=PASSWORD)
    assert again.status_code == 200, again.text


@pytest.mark.parametrize(
    "login", ["ab", "x" * 33, "вася", "va sya", "va@sya", "", "\u212avasya", "vasya\n"]
)
async def test_a_login_is_3_to_32_of_a_few_characters(api: Api, login: str) -> None:
    assert_problem(await claim(await api.player(), login=login), 422, "invalid_login")


async def test_a_login_that_lengthens_in_small_letters_is_a_wrong_one(api: Api) -> None:
    """'İ' is two characters in small letters: 64 of them make no login longer than kept."""
    assert_problem(await sign_in(api, login="İ" * 64), 401, "bad_credentials")


async def test_a_password_has_at_least_8_characters(api: Api) -> None:
    player = await api.player()
    assert_problem(await claim(player, password="1234567"), 422, "weak_password")
    assert_problem(await claim(player, password="x" * 1025), 422, "validation_error")
    assert (await claim(player, password="12345678")).status_code == 200
    assert (await sign_in(api, password="12345678")).status_code == 201


async def test_changing_credentials_needs_the_current_password(api: Api) -> None:
    player = await api.player()
    assert (await claim(player)).status_code == 200
    assert_problem(await claim(player, password="new-secret-9"), 403, "wrong_password")
    wrong = await claim(player, password="new-secret-9", current_password="not-it-at-all")
    assert_problem(wrong, 403, "wrong_password")
    changed = await claim(player, "vasily", "new-secret-9", current_password=PASSWORD)
    assert changed.status_code == 200, changed.text
    assert_problem(await sign_in(api, "vasily", PASSWORD), 401, "bad_credentials")
    assert_problem(await sign_in(api, "vasya", "new-secret-9"), 401, "bad_credentials")
    assert (await sign_in(api, "vasily", "new-secret-9")).status_code == 201
    # The tokens stay: the player revokes the ones it does not trust.
    assert (await player.get("/v1/players/me")).json()["login"] == "vasily"


async def test_a_wrong_password_and_an_unknown_login_are_answered_alike(api: Api) -> None:
    assert (await claim(await api.player())).status_code == 200
    wrong = await sign_in(api, password="not-the-password")
    unknown = await sign_in(api, login="nobody-here")
    for answer in (wrong, unknown):
        assert_problem(answer, 401, "bad_credentials")
    assert wrong.json() == unknown.json()
    assert dict(wrong.headers) == dict(unknown.headers) | {
        "x-request-id": wrong.headers["x-request-id"]
    }


async def test_a_wrong_password_and_an_unknown_login_take_about_as_long(
    database_url: str,
) -> None:
    """Credential checks as the server runs them (argon2's default profile): the median of
    each, interleaved, within a factor of two of the other. Without the dummy hash an unknown
    login would answer in a few milliseconds, a wrong password in a few hundred."""
    settings = Settings(database_url=database_url, **UNLIMITED)
    async with running(settings, passwords=None) as api:
        assert (await claim(await api.player())).status_code == 200
        times: dict[str, list[float]] = {"wrong": [], "unknown": []}
        for attempt in range(5):  # the login's budget of failures
            for kind, login in (("wrong", "vasya"), ("unknown", f"nobody-{attempt}")):
                started = time.perf_counter()
                answer = await sign_in(api, login=login, password="not-the-password")
                times[kind].append(time.perf_counter() - started)
                assert_problem(answer, 401, "bad_credentials")
    wrong, unknown = (statistics.median(times[kind]) for kind in ("wrong", "unknown"))
    assert 0.5 < unknown / wrong < 2, times


async def test_hashing_does_not_stall_other_requests(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A password check runs off the event loop: while one is under way, the loop answers
    another request. The check itself asks for `/livez` and waits for the answer, which
    never comes (a 10 s timeout) when the check holds the loop."""
    answered: list[int] = []
    check = Passwords._check

    def check_while_serving(passwords: Passwords, encoded: str, password: str) -> bool:
        livez = asyncio.run_coroutine_threadsafe(api.http.get("/livez"), loop)
        answered.append(livez.result(timeout=10).status_code)
        return check(passwords, encoded, password)

    monkeypatch.setattr(Passwords, "_check", check_while_serving)
    settings = Settings(database_url=database_url, **UNLIMITED)
    async with running(settings, passwords=None) as api:
        loop = asyncio.get_running_loop()
        assert (await claim(await api.player())).status_code == 200
        assert (await sign_in(api)).status_code == 201
    assert answered == [200]


async def test_a_player_lists_its_tokens_and_revokes_one(api: Api) -> None:
    guest = await api.player()
    assert (await claim(guest)).status_code == 200
    phone = Client(api.http, (await sign_in(api, device="phone")).json()["token"])
    laptop = Client(api.http, (await sign_in(api, device=" laptop ")).json()["token"])
    listed = await guest.get("/v1/players/me/tokens")
    assert listed.status_code == 200
    tokens = listed.json()
    assert [(t["device"], t["current"]) for t in tokens] == [
        (None, True),
        ("phone", False),
        ("laptop", False),
    ]
    assert all(t["created_at"] <= t["last_used_at"] for t in tokens)
    for client in (guest, phone, laptop):
        assert client.token not in listed.text
    assert [t["current"] for t in (await phone.get("/v1/players/me/tokens")).json()] == [
        False,
        True,
        False,
    ]
    table = (await phone.post("/v1/tables", {"seat": 0})).json()
    revoked = await guest.delete(f"/v1/players/me/tokens/{tokens[1]['id']}")
    assert revoked.status_code == 204, revoked.text
    for path in ("/v1/players/me", "/v1/players/me/turns", f"/v1/tables/{table['id']}/state"):
        assert_problem(await phone.get(path), 401, "unauthorized")
    assert_problem(await phone.post("/v1/players/me/token"), 401, "unauthorized")
    left = (await laptop.get("/v1/players/me/tokens")).json()
    assert [t["device"] for t in left] == [None, "laptop"]
    assert (await guest.get("/v1/players/me")).status_code == 200


async def test_a_player_revokes_its_own_token(api: Api) -> None:
    player = await api.player()
    (mine,) = (await player.get("/v1/players/me/tokens")).json()
    assert (await player.delete(f"/v1/players/me/tokens/{mine['id']}")).status_code == 204
    assert_problem(await player.get("/v1/players/me"), 401, "unauthorized")


async def test_another_players_token_is_not_found(api: Api) -> None:
    """Another player's token id is answered as an id that does not exist: 404, and the
    token stays."""
    vasya, petya = await api.player(), await api.player("Петя")
    (petyas,) = (await petya.get("/v1/players/me/tokens")).json()
    theirs = await vasya.delete(f"/v1/players/me/tokens/{petyas['id']}")
    nobodys = await vasya.delete("/v1/players/me/tokens/00000000-0000-0000-0000-000000000000")
    assert_problem(theirs, 404, "not_found")
    assert theirs.json() == nobodys.json()
    assert (await petya.get("/v1/players/me")).status_code == 200
    assert [t["id"] for t in (await vasya.get("/v1/players/me/tokens")).json()] != [petyas["id"]]


async def test_a_long_poll_of_a_token_revoked_while_it_waits_is_refused(api: Api) -> None:
    player = await api.player()
    assert (await claim(player)).status_code == 200
    phone = Client(api.http, (await sign_in(api, device="phone")).json()["token"])
    table = (await phone.post("/v1/tables", {"seat": 0})).json()
    path = f"/v1/tables/{table['id']}/state"
    waits = [
        asyncio.create_task(phone.get(path, since_version=table["version"], wait=1)),
        asyncio.create_task(phone.get("/v1/players/me/turns", wait=1)),
    ]
    await asyncio.sleep(0.2)
    phones_id = (await phone.get("/v1/players/me/tokens")).json()[1]["id"]
    assert (await player.delete(f"/v1/players/me/tokens/{phones_id}")).status_code == 204
    for answer in await asyncio.gather(*waits):
        assert_problem(answer, 401, "unauthorized")


async def test_rotating_a_device_token_keeps_its_place_in_the_list(api: Api) -> None:
    player = await api.player()
    assert (await claim(player)).status_code == 200
    phone = Client(api.http, (await sign_in(api, device="phone")).json()["token"])
    before = (await player.get("/v1/players/me/tokens")).json()
    rotated = await phone.post("/v1/players/me/token")
    assert rotated.status_code == 200
    assert rotated.json()["bot"] is False
    after = (await player.get("/v1/players/me/tokens")).json()
    assert [(t["id"], t["device"]) for t in after] == [(t["id"], t["device"]) for t in before]
    assert_problem(await phone.get("/v1/players/me"), 401, "unauthorized")
    fresh = Client(api.http, rotated.json()["token"])
    assert [t["current"] for t in (await fresh.get("/v1/players/me/tokens")).json()] == [
        False,
        True,
    ]


async def test_a_sign_in_beyond_the_cap_revokes_the_token_used_longest_ago(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("app.services.players.MAX_TOKENS", 3)
    guest = await api.player()
    assert (await claim(guest)).status_code == 200
    devices = [(await sign_in(api, device=f"d{n}")).json()["token"] for n in range(3)]
    assert_problem(await guest.get("/v1/players/me"), 401, "unauthorized")
    listed = (await Client(api.http, devices[0]).get("/v1/players/me/tokens")).json()
    assert [t["device"] for t in listed] == ["d0", "d1", "d2"]


async def test_a_bot_account_is_shown_as_a_bot(api: Api) -> None:
    answer = await api.http.post("/v1/players", json={"name": "R2", "bot": True})
    assert answer.status_code == 201
    assert answer.json()["bot"] is True
    bot = Client(api.http, answer.json()["token"], answer.json()["id"])
    person = await api.player()
    me = (await bot.get("/v1/players/me")).json()
    assert me == {"id": bot.id, "name": "R2", "bot": True, "login": None}
    table = (await bot.post("/v1/tables", {"seat": 0})).json()
    assert (await person.put(f"/v1/tables/{table['id']}/seats/1")).status_code == 200
    for shown in (
        (await api.http.get(f"/v1/tables/{table['id']}")).json(),
        (await api.http.get("/v1/tables")).json()["items"][0],
    ):
        assert [s["player"] for s in shown["seats"][:2]] == [
            {"id": bot.id, "name": "R2", "bot": True},
            {"id": person.id, "name": "Вася", "bot": False},
        ]
    assert (await claim(bot, login="r2-d2")).status_code == 200
    signed = await sign_in(api, login="r2-d2")
    assert signed.json()["player"] == {"id": bot.id, "name": "R2", "bot": True}


@pytest.mark.parametrize("bot", ["yes", 1, None])
async def test_the_bot_mark_is_a_boolean(api: Api, bot: object) -> None:
    answer = await api.http.post("/v1/players", json={"name": "R2", "bot": bot})
    assert_problem(answer, 422, "validation_error")


@pytest.mark.parametrize(
    "body",
    [
        {"login": "vasya"},
        {"password": PASSWORD},
        {"login": "vasya", "password": ""},
        {"login": "x" * 65, "password": PASSWORD},
        {"login": "vasya", "password": PASSWORD, "device": "\x07"},
        {"login": "vasya", "password": PASSWORD, "device": "x" * 61},
        {"login": "vasya", "password": PASSWORD, "admin": True},
    ],
)
async def test_malformed_sign_ins_are_refused(api: Api, body: dict[str, object]) -> None:
    assert_problem(await api.http.post("/v1/sessions", json=body), 422, "validation_error")


async def test_credentials_need_a_token(api: Api) -> None:
    answer = await api.anonymous.put(
        "/v1/players/me/credentials", {"login": "vasya", "password": PASSWORD}
    )
    assert_problem(answer, 401, "unauthorized")
    assert_problem(await api.anonymous.get("/v1/players/me/tokens"), 401, "unauthorized")
    assert_problem(await api.anonymous.delete("/v1/players/me/tokens/x"), 401, "unauthorized")


async def test_a_tokens_use_is_written_down_by_the_instance_and_when_it_stops(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The uses are noted on the request's way and written by the instance's keeper
    (`Players.write_uses`): within its round, and what is left when the instance stops."""
    monkeypatch.setattr(main_module, "TOKEN_USES_EVERY_S", 0.05)
    settings = Settings(database_url=database_url, **UNLIMITED)
    engine = create_engine(database_url)
    long_ago = datetime.now(UTC) - timedelta(minutes=5)

    async def last_used(player: Client) -> datetime:
        async with engine.connect() as connection:
            query = select(TokenRow.last_used_at).where(TokenRow.player_id == player.id)
            return (await connection.execute(query)).scalar_one()

    async def age_it() -> None:
        async with engine.begin() as connection:
            await connection.execute(update(TokenRow).values(last_used_at=long_ago))

    try:
        async with running(settings) as api:
            vasya = await api.player()
            await age_it()
            assert (await vasya.get("/v1/players/me")).status_code == 200
            deadline = time.monotonic() + 10
            while await last_used(vasya) == long_ago:  # the keeper's round writes it
                assert time.monotonic() < deadline, "the keeper never wrote the token's use"
                await asyncio.sleep(0.05)
        monkeypatch.setattr(main_module, "TOKEN_USES_EVERY_S", 3600.0)  # never, while it runs
        async with running(settings) as api:
            petya = await api.player("Петя")
            await age_it()
            assert (await petya.get("/v1/players/me")).status_code == 200
            assert await last_used(petya) == long_ago
        assert await last_used(petya) > long_ago  # written as the instance stopped
    finally:
        await engine.dispose()
