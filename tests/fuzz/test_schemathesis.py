"""schemathesis, driven by our OpenAPI document, against a real server process with every
check on (stateful sequences included, from the links it infers): zero server errors and zero
responses that break the schema. Per-operation expectations live in `schemathesis.toml`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from app.db.migrate import upgrade
from tests.e2e.server import ROOT, Server

pytestmark = pytest.mark.slow


def test_schemathesis_finds_nothing(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'fuzz.sqlite3'}"
    upgrade(url)
    # Streams end after a second here, so that each fuzzed call of …/stream has an end.
    quick = {"KOZEL_RATE_MESSAGES_PER_MIN": "1000000", "KOZEL_STREAM_MAX_S": "1"}
    server = Server(url, tmp_path / "server.log", quick).start()
    try:
        token = httpx.post(f"{server.url}/v1/players", json={"name": "fuzz"}).json()["token"]
        run = subprocess.run(
            [
                str(Path(sys.executable).parent / "schemathesis"),
                "run",
                f"{server.url}/openapi.json",
                # Every check is on by default; `--checks all` would also override the one
                # that schemathesis.toml turns off for one operation.
                "--header",
                f"Authorization: Bearer {token}",
                "--max-examples",
                "30",
                "--seed",
                "1",
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
        )
        report = run.stdout[-6000:] + run.stderr[-2000:]
        assert run.returncode == 0, report
    finally:
        server.stop()
    assert "Traceback" not in (tmp_path / "server.log").read_text()
