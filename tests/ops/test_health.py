"""Operations: health, readiness through a real SIGTERM, metrics that move, JSON logs without
cards or tokens, request ids, and the migration lock with two concurrent `kozel migrate`."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import psycopg
import pytest
from sqlalchemy.engine import make_url

from tests.databases import postgres_admin_url
from tests.e2e.server import ROOT, Server

CARD = re.compile(r"\b(A|K|Q|J|10|6)[CSHD]\b")


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> Iterator[Server]:
    running = Server(database_url, tmp_path / "server.log").start()
    yield running
    running.stop()


def metric(text: str, name: str, **labels: str) -> float:
    total = 0.0
    for line in text.splitlines():
        if line.startswith(name) and all(f'{k}="{v}"' in line for k, v in labels.items()):
            total += float(line.rsplit(" ", 1)[1])
    return total


def test_health_metrics_logs_and_request_ids(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        assert http.get("/livez").json() == {"status": "alive"}
        ready = http.get("/readyz")
        assert ready.status_code == 200
        assert ready.json()["checks"] == {
            "accepting": True,
            "database": True,
            "schema": True,
            "wakeups": True,
        }
        before = http.get("/metrics").text
        me = http.post("/v1/players", json={"name": "ops"}).json()
        auth = {"Authorization": f"Bearer {me['token']}"}
        bots = {"1": "heuristic", "2": "heuristic", "3": "heuristic"}
        table = http.post("/v1/tables", json={"seat": 0, "bots": bots}, headers=auth).json()
        moves = on_moves = 0
        for _ in range(10):
            view = http.get(f"/v1/tables/{table['id']}/state", headers=auth).json()
            if not view["legal_actions"]:
                # Bots move inside the request that hands them the turn, so an empty list here
                # means the game is over (a sweep of deal 1 ends it after six tricks).
                assert view["status"] == "finished", view
                break
            moves += 1
            action = view["legal_actions"][0]
            on_moves += action["endpoint"] == "moves"  # the rest go to …/exchange
            moved = http.post(
                f"/v1/tables/{table['id']}/{action['endpoint']}",
                json=action["body"],
                headers={**auth, "X-Request-ID": "client-chosen-1"},
            )
            assert moved.status_code == 200, moved.text
            assert moved.headers["x-request-id"] == "client-chosen-1"
        stale = {"type": "play", "card": "AS", "expected_version": 0}
        refused = http.post(f"/v1/tables/{table['id']}/moves", json=stale, headers=auth)
        assert refused.status_code == 409
        odd = http.get("/livez", headers={"X-Request-ID": "bad id with spaces"})
        assert re.fullmatch(r"[0-9a-f]{32}", odd.headers["x-request-id"])
        after = http.get("/metrics").text
    assert (
        metric(after, "kozel_moves_total", result="accepted")
        - metric(before, "kozel_moves_total", result="accepted")
        == moves
    )
    assert metric(after, "kozel_moves_total", result=refused.json()["code"]) >= 1
    assert metric(after, "kozel_games_started_total") >= 1
    assert metric(after, "kozel_bot_think_seconds_count", level="heuristic") > 0
    route = "/v1/tables/{table_id}/moves"
    assert metric(after, "kozel_http_requests_total", route=route, status="200") == on_moves
    assert metric(after, "kozel_http_request_duration_seconds_count", route=route) > on_moves
    assert "kozel_open_long_polls" in after
    assert "kozel_open_streams" in after
    assert "kozel_version_conflicts_total" in after
    lines = [json.loads(line) for line in server.log_path.read_text().splitlines() if line]
    requests = [line for line in lines if line["message"] == "request"]
    assert any(line.get("request_id") == "client-chosen-1" for line in requests)
    logged = [line for line in requests if line["route"] == route and line["status"] == 200]
    assert len(logged) == on_moves >= 1
    assert all(line["table_id"] == table["id"] and line["seat"] == 0 for line in logged)
    assert all(isinstance(line["version"], int) for line in logged)
    text = server.log_path.read_text()
    assert me["token"] not in text
    assert not CARD.search(text), CARD.search(text)


def test_sigterm_drains_then_exits(database_url: str, tmp_path: Path) -> None:
    os.environ["KOZEL_DRAIN_DELAY_S"] = "2"
    try:
        server = Server(database_url, tmp_path / "server.log").start()
    finally:
        del os.environ["KOZEL_DRAIN_DELAY_S"]
    assert server.process is not None
    with httpx.Client(base_url=server.url, timeout=30) as http:
        me = http.post("/v1/players", json={"name": "late"}).json()
        auth = {"Authorization": f"Bearer {me['token']}"}
        table = http.post("/v1/tables", json={"seat": 0}, headers=auth).json()
        path = f"/v1/tables/{table['id']}/state"
        version = http.get(path).json()["version"]
        with httpx.Client(base_url=server.url, timeout=30) as other:
            started = time.monotonic()
            server.process.send_signal(signal.SIGTERM)
            time.sleep(0.3)
            assert http.get("/readyz").status_code == 503
            assert http.get("/livez").status_code == 200
            # A long-poll during the drain returns at once instead of waiting 30 s.
            polled = other.get(path, params={"since_version": version, "wait": 30})
            assert polled.status_code == 304
            assert time.monotonic() - started < 5
    server.process.wait(timeout=20)
    # uvicorn re-raises the signal once it has shut down cleanly.
    assert server.process.returncode in (0, -signal.SIGTERM)
    assert "Traceback" not in server.log_path.read_text()
    server.process = None
    lines = [json.loads(line) for line in server.log_path.read_text().splitlines() if line]
    assert any(line.get("event") == "drain" for line in lines)


def test_two_concurrent_migrations_take_turns(tmp_path: Path) -> None:
    admin = postgres_admin_url()
    name = f"kozel_lock_{uuid.uuid4().hex[:10]}"
    dsn = make_url(admin).set(drivername="postgresql").render_as_string(hide_password=False)
    try:
        with psycopg.connect(dsn, autocommit=True, connect_timeout=5) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
    except psycopg.OperationalError as error:
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL is required under CI: {error}")
        pytest.skip("PostgreSQL is not reachable")
    url = make_url(admin).set(database=name).render_as_string(hide_password=False)
    env = {**os.environ, "DATABASE_URL": url}
    try:
        runs = [
            subprocess.Popen(
                [sys.executable, "-m", "app.cli", "migrate"],
                cwd=ROOT,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(2)
        ]
        outcomes = [run.communicate(timeout=120) for run in runs]
        assert [run.returncode for run in runs] == [0, 0], outcomes
        check = subprocess.run(
            [sys.executable, "-m", "app.cli", "check-db"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert check.returncode == 0, check.stderr
    finally:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
