"""The NATS servers the wake-up tests use.

The machine's server (`KOZEL_TEST_NATS_URL`, default `nats://127.0.0.1:4222`); without one the
NATS cases are skipped, except under CI (`CI=true`), where that is a failure, as for
PostgreSQL (`tests/databases.py`). A test that stops its server starts its own
`nats-server` binary on a spare port instead.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest

DEFAULT_NATS = "nats://127.0.0.1:4222"


def _reachable(url: str) -> bool:
    parts = urlsplit(url)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 4222), 2):
            return True
    except OSError:
        return False


def _required(what: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{what} is required under CI")
    pytest.skip(f"{what} is not reachable (it is required under CI)")


@pytest.fixture(scope="session")
def nats_url() -> str:
    url = os.environ.get("KOZEL_TEST_NATS_URL", DEFAULT_NATS)
    if not _reachable(url):
        _required("NATS")
    return url


class OwnServer:
    """A `nats-server` of the test's own, which it may stop and start again on its port."""

    def __init__(self, binary: str, port: int) -> None:
        self.binary = binary
        self.port = port
        self.url = f"nats://127.0.0.1:{port}"
        self._process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self._process = subprocess.Popen(
            [self.binary, "-a", "127.0.0.1", "-p", str(self.port)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 5
        while not _reachable(self.url):
            assert time.monotonic() < deadline, "nats-server did not start"
            time.sleep(0.02)

    def stop(self) -> None:
        if self._process is not None:
            self._process.terminate()
            self._process.wait(5)
            self._process = None


@pytest.fixture
def own_nats() -> Iterator[OwnServer]:
    binary = shutil.which("nats-server")
    if binary is None:
        _required("nats-server")
        raise AssertionError  # not reached
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    server = OwnServer(binary, port)
    server.start()
    yield server
    server.stop()
