"""The starter kit: `examples/bot.py` plays three seats of a table on a real server, as three
processes, until the game is over."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.e2e.server import ROOT, Server

sys.path.insert(0, str(ROOT / "clients" / "python"))
from kozel_client import KozelClient


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> Iterator[Server]:
    running = Server(database_url, tmp_path / "server.log").start()
    yield running
    running.stop()


def test_the_example_bot_plays_a_whole_game(server: Server, tmp_path: Path) -> None:
    creator = KozelClient(server.url)
    creator.register("creator")
    table_id = creator.create_table(seat=None, bots={0: "random"})
    bots = []
    for seat in (1, 2, 3):
        client = KozelClient(server.url)
        token = client.register(f"example{seat}")
        client.sit(table_id, seat)
        client.close()
        with (tmp_path / f"bot{seat}.log").open("w") as log:
            bots.append(
                subprocess.Popen(
                    [sys.executable, "examples/bot.py", server.url, f"example{seat}", token],
                    cwd=ROOT,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            )
    try:
        deadline = time.monotonic() + 180
        status = ""
        while time.monotonic() < deadline:
            status = httpx.get(f"{server.url}/v1/tables/{table_id}").json()["status"]
            if status == "finished":
                break
            assert all(bot.poll() is None for bot in bots), "a bot stopped early"
            time.sleep(0.5)
        assert status == "finished"
        view = creator.state(table_id)
        assert "goats" in view["result"]["titles"]
    finally:
        for bot in bots:
            bot.terminate()
            bot.wait(timeout=10)
        creator.close()
    for seat in (1, 2, 3):
        assert "Traceback" not in (tmp_path / f"bot{seat}.log").read_text()
