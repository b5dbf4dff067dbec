"""The database goes away under a running server: requests fail fast with 503
`database_unavailable` (problem+json, Retry-After), never a 500 or a hang, and the logs show
neither cards nor tokens."""

from __future__ import annotations

import re
import time
import uuid
from pathlib import Path

import httpx
import psycopg
import pytest
from sqlalchemy.engine import make_url

from tests.databases import postgres_admin_url
from tests.e2e.server import Server

CARD = re.compile(r"\b(A|K|Q|J|10|6)[CSHD]\b")


def test_requests_answer_503_when_the_database_is_gone(tmp_path: Path) -> None:
    from app.db.migrate import upgrade

    admin = make_url(postgres_admin_url())
    dsn = admin.set(drivername="postgresql").render_as_string(hide_password=False)
    name = f"kozel_outage_{uuid.uuid4().hex[:10]}"
    try:
        with psycopg.connect(dsn, autocommit=True, connect_timeout=5) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
    except psycopg.OperationalError:
        pytest.skip("PostgreSQL is not reachable (it is required under CI)")
    url = admin.set(database=name).render_as_string(hide_password=False)
    upgrade(url)
    server = Server(url, tmp_path / "server.log").start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            me = http.post("/v1/players", json={"name": "lost"}).json()
            auth = {"Authorization": f"Bearer {me['token']}"}
            bots = {"1": "random", "2": "random", "3": "random"}
            table = http.post("/v1/tables", json={"seat": 0, "bots": bots}, headers=auth).json()
            with psycopg.connect(dsn, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
            for path in [f"/v1/tables/{table['id']}/state", "/v1/tables"]:
                started = time.monotonic()
                answer = http.get(path, headers=auth)
                assert time.monotonic() - started < 15
                assert answer.status_code == 503, answer.text
                assert answer.headers["content-type"] == "application/problem+json"
                assert answer.json()["code"] == "database_unavailable"
                assert answer.headers["retry-after"] == "1"
            assert http.get("/readyz").status_code == 503
    finally:
        server.stop()
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    log = (tmp_path / "server.log").read_text()
    assert me["token"] not in log
    assert not CARD.search(log), CARD.search(log)
