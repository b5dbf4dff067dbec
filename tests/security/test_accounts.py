"""Accounts against the threats of `docs/security.md`, on a real server: its logs (at the
debug level) never hold a password or a token, whatever the requests and however they fail;
passwords are stored only as argon2id hashes; behind a trusted proxy, failed sign-ins count
per client address."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import httpx
import psycopg
import pytest
from sqlalchemy.engine import make_url

from app.db.migrate import upgrade
from tests.e2e.server import Server

PASSWORD = "korova-2026"
NEW_PASSWORD = "Тайное-слово-9"
WRONG = "wrong-password-77"
SHORT = "short1"


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> Iterator[Server]:
    running = Server(database_url, tmp_path / "server.log", {"KOZEL_LOG_LEVEL": "debug"})
    yield running.start()
    running.stop()


def _password_hashes(database_url: str) -> list[str]:
    url = make_url(database_url)
    query = "SELECT password_hash FROM players WHERE password_hash IS NOT NULL"
    if url.get_backend_name() == "sqlite":
        with sqlite3.connect(str(url.database)) as connection:
            return [row[0] for row in connection.execute(query)]
    dsn = url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(dsn) as connection:
        return [row[0] for row in connection.execute(query)]


def test_logs_never_hold_a_password_or_a_token(server: Server, database_url: str) -> None:
    tokens = []
    with httpx.Client(base_url=server.url, timeout=30) as http:
        me = http.post("/v1/players", json={"name": "Вася"}).json()
        tokens.append(me["token"])
        auth = {"Authorization": f"Bearer {me['token']}"}
        credentials = "/v1/players/me/credentials"
        weak = http.put(credentials, json={"login": "vasya", "password": SHORT}, headers=auth)
        assert weak.json()["code"] == "weak_password"
        claim = {"login": "vasya", "password": PASSWORD}
        assert http.put(credentials, json=claim, headers=auth).status_code == 200
        wrong = {"login": "vasya", "password": NEW_PASSWORD, "current_password": WRONG}
        assert http.put(credentials, json=wrong, headers=auth).status_code == 403
        change = {**wrong, "current_password": PASSWORD}
        assert http.put(credentials, json=change, headers=auth).status_code == 200
        for login, password in (("vasya", WRONG), ("nobody", WRONG), ("vasya", PASSWORD)):
            failed = http.post("/v1/sessions", json={"login": login, "password": password})
            assert failed.json()["code"] == "bad_credentials"
        signed = http.post(
            "/v1/sessions", json={"login": "vasya", "password": NEW_PASSWORD, "device": "phone"}
        ).json()
        tokens.append(signed["token"])
        phone = {"Authorization": f"Bearer {signed['token']}"}
        listed = http.get("/v1/players/me/tokens", headers=phone).json()
        rotated = http.post("/v1/players/me/token", headers=phone).json()
        tokens.append(rotated["token"])
        revoked = http.delete(f"/v1/players/me/tokens/{listed[1]['id']}", headers=auth)
        assert revoked.status_code == 204
        gone = {"Authorization": f"Bearer {rotated['token']}"}
        assert http.get("/v1/players/me", headers=gone).status_code == 401
        malformed = http.post("/v1/sessions", content=b'{"login": "vasya", "password": ')
        assert malformed.status_code == 422
    text = server.log_path.read_text()
    assert '"message": "request"' in text  # the access log was written
    for secret in (PASSWORD, NEW_PASSWORD, WRONG, SHORT, *tokens):
        assert secret not in text
    hashes = _password_hashes(database_url)
    assert len(hashes) == 1
    assert hashes[0].startswith("$argon2id$")
    assert NEW_PASSWORD not in hashes[0]


@pytest.mark.slow  # 22 argon2 checks per server, at the default profile
@pytest.mark.parametrize(("trusted", "other_client"), [("127.0.0.1", 401), ("192.0.2.1", 429)])
def test_behind_a_trusted_proxy_failures_count_per_client_address(
    tmp_path: Path, trusted: str, other_client: int
) -> None:
    """A server behind a proxy it trusts (`KOZEL_FORWARDED_ALLOW_IPS`, here the test itself on
    127.0.0.1) counts failed sign-ins by the client address the proxy names: one client's
    twenty failures throttle that client, not every client of the proxy. A proxy it does not
    trust names nobody: every request is its own address's."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'kozel.sqlite3'}"
    upgrade(url)
    running = Server(url, tmp_path / "server.log", {"KOZEL_FORWARDED_ALLOW_IPS": trusted})
    running.start()
    try:
        with httpx.Client(base_url=running.url, timeout=30) as http:

            def sign_in(client: str, login: str) -> int:
                body = {"login": login, "password": WRONG}
                headers = {"X-Forwarded-For": client}
                return http.post("/v1/sessions", json=body, headers=headers).status_code

            assert [sign_in("198.51.100.1", f"guess-{n}") for n in range(20)] == [401] * 20
            assert sign_in("198.51.100.1", "one-more") == 429
            assert sign_in("198.51.100.2", "one-more") == other_client
    finally:
        running.stop()
