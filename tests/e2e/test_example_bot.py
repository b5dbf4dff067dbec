"""The starter kit: `examples/bot.py` on a real server, run by a Python without any installed
package (`-I -S`: no site-packages, as on a fresh clone), in each of its three ways to a
table: seated by a table's creator, creating a table with server bots (`--bots`), joining a
given table (`--table`, `--seat`); it plays `--games N` and stops by itself. And its client
(`clients/python/kozel_client.py`) against a server that limits and drops requests."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import ExitStack
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import httpx
import pytest

from tests.e2e.server import ROOT, Server

sys.path.insert(0, str(ROOT / "clients" / "python"))
from kozel_client import KozelClient

BOT = ROOT / "examples" / "bot.py"
GAME_TIMEOUT_S = 180


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> Iterator[Server]:
    running = Server(database_url, tmp_path / "server.log").start()
    yield running
    running.stop()


def start_bot(url: str, name: str, *options: str, log: Path) -> subprocess.Popen[str]:
    command = [sys.executable, "-I", "-S", str(BOT), url, name, *options]
    with log.open("w") as out:
        return subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, text=True)


def stop(bot: subprocess.Popen[str]) -> None:
    """Kill a bot still running (after a failure elsewhere) and reap it."""
    bot.kill()
    bot.wait()


def finished(bot: subprocess.Popen[str], log: Path) -> str:
    """The bot's output once it stopped by itself, having played its games."""
    try:
        code = bot.wait(timeout=GAME_TIMEOUT_S)
    finally:
        stop(bot)  # only if it is still running, after the timeout
    output = log.read_text()
    assert code == 0, output
    assert "Traceback" not in output
    return output


def results(output: str) -> list[str]:
    return [line for line in output.splitlines() if "'titles'" in line]


def test_bots_seated_by_a_creator_play_a_whole_game(server: Server, tmp_path: Path) -> None:
    creator = KozelClient(server.url)
    creator.register("creator")
    table_id = creator.create_table(seat=None, bots={0: "random"})
    with ExitStack() as running:
        bots = []
        for seat in (1, 2, 3):
            client = KozelClient(server.url)
            token = client.register(f"example{seat}")
            client.sit(table_id, seat)
            log = tmp_path / f"bot{seat}.log"
            bot = start_bot(server.url, f"example{seat}", f"--token={token}", log=log)
            running.callback(stop, bot)
            bots.append((bot, log))
        outputs = [finished(bot, log) for bot, log in bots]
    for output in outputs:
        assert "token" not in output  # it plays as the given player, registering none
        (result,) = results(output)
        assert f"table {table_id}" in output
        assert "goats" in result
    view = creator.state(table_id)
    assert view["status"] == "finished"
    assert "goats" in view["result"]["titles"]


def test_a_token_that_begins_with_a_dash_is_read_as_a_token(server: Server, tmp_path: Path) -> None:
    """URL-safe base64 tokens begin with "-" one time in 64: `--token=T` takes any of them
    (and `--token T` would read such a token as an option)."""
    log = tmp_path / "bot.log"
    bot = start_bot(server.url, "dash", "--token=-no-such-token", "--bots", log=log)
    assert bot.wait(timeout=GAME_TIMEOUT_S) == 1
    output = log.read_text()
    assert "the server refused" in output, output  # the server judged the token, not argparse
    assert "usage:" not in output


def test_with_bots_it_creates_a_table_for_each_game(server: Server, tmp_path: Path) -> None:
    log = tmp_path / "bot.log"
    output = finished(start_bot(server.url, "solo", "--bots", "--games", "2", log=log), log)
    first = output.splitlines()[0]
    assert first.startswith("token ")
    assert "identity" in first  # what the token is for
    assert len(results(output)) == 2
    lines = output.splitlines()
    tables = {line.split()[3] for line in lines if line.startswith("game ") and "table" in line}
    assert len(tables) == 2
    for table_id in tables:
        table = httpx.get(f"{server.url}/v1/tables/{table_id}").json()
        assert table["status"] == "finished"
        assert [s["bot"] for s in table["seats"]] == [None, "random", "random", "random"]
        assert table["seats"][0]["player"]["name"] == "solo"
        assert table["seats"][0]["player"]["bot"] is True  # it signed up as a bot account


def test_it_joins_a_given_table_and_seat(server: Server, tmp_path: Path) -> None:
    creator = KozelClient(server.url)
    creator.register("creator")
    table_id = creator.create_table(seat=None, bots={0: "random", 1: "heuristic", 2: "random"})
    log = tmp_path / "bot.log"
    options = ("--table", table_id, "--seat", "3")
    (result,) = results(finished(start_bot(server.url, "guest", *options, log=log), log))
    assert "we are team 1" in result
    table = httpx.get(f"{server.url}/v1/tables/{table_id}").json()
    assert table["status"] == "finished"
    assert table["seats"][3]["player"]["name"] == "guest"


def test_the_example_bot_is_under_60_lines_of_code() -> None:
    """As docs/bots-api.md says: lines that are neither blank, comments nor docstrings."""
    source = BOT.read_text()
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.FunctionDef) and ast.get_docstring(node):
            first = node.body[0]
            docstrings |= set(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    code = [
        line
        for number, line in enumerate(source.splitlines(), start=1)
        if line.strip() and not line.strip().startswith("#") and number not in docstrings
    ]
    assert len(code) < 60


class Flaky(BaseHTTPRequestHandler):
    """A server that limits the first request (429, Retry-After: 0), drops the connection on
    the first move, and answers the rest; it records what it was sent."""

    seen: ClassVar[list[tuple[str, str, dict[str, Any]]]] = []

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.seen.append((self.command, self.path, body))
        if len(self.seen) == 1:
            self._answer(429, {"code": "rate_limited"}, {"Retry-After": "0"})
        elif len(self.seen) == 2:
            self.close_connection = True  # no answer at all: a network error for the client
        else:
            self._answer(200, {"version": 8})

    def _answer(
        self, status: int, body: dict[str, Any], headers: dict[str, str] | None = None
    ) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        for name, value in {**(headers or {}), "Content-Length": str(len(data))}.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def test_the_client_waits_out_429_and_retries_a_move_with_its_move_id() -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Flaky)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        client = KozelClient(f"http://127.0.0.1:{server.server_port}", token="t")
        action = {"endpoint": "moves", "body": {"type": "cut", "position": 3}}
        assert client.act("x", action, expected_version=7) == {"version": 8}
    finally:
        server.shutdown()
        server.server_close()
    bodies = [body for _, _, body in Flaky.seen]
    assert len(bodies) == 3
    assert bodies[0] == bodies[1] == bodies[2]  # the same move id each time
    assert bodies[0]["expected_version"] == 7
    assert {path for _, path, _ in Flaky.seen} == {"/v1/tables/x/moves"}
