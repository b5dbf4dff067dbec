"""Real `kozel serve` processes for end-to-end tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """One uvicorn process serving the API on a database URL."""

    def __init__(
        self,
        database_url: str,
        log_path: Path,
        env: dict[str, str] | None = None,
        open_files: int | None = None,
    ) -> None:
        """`open_files`: the process's limit of open file descriptors (RLIMIT_NOFILE)."""
        self.database_url = database_url
        self.env = env or {}
        self.open_files = open_files
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        env = {
            "KOZEL_RATE_MOVES_PER_S": "100000",  # clients here play far faster than people
            "KOZEL_RATE_POLLS_PER_S": "100000",
            "KOZEL_DRAIN_DELAY_S": "0.1",  # tests stop servers often; test_health drains longer
            "KOZEL_RECHECK_INTERVAL_S": "0.5",
            **os.environ,
            "DATABASE_URL": self.database_url,
            **self.env,
        }
        with self.log_path.open("ab") as log:  # the child keeps its own handle
            # prlimit (util-linux) sets the limit and then execs the server in its place.
            limit = [] if self.open_files is None else ["prlimit", f"--nofile={self.open_files}"]
            self.process = subprocess.Popen(
                [*limit, sys.executable, "-m", "app.cli", "serve", "--port", str(self.port)],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = (
            time.monotonic() + 60
        )  # a loaded host stretches the ~1.2 s start (bench/ready.py)
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log_path.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.url}/openapi.json", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop(signal.SIGKILL)  # not left running, to fail a later test with a ResourceWarning
        raise RuntimeError("server did not start in 60 s")

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
