"""The starter kit: `examples/bot.py` on a real server, run by a Python without any installed
package (`-I -S`: no site-packages, as on a fresh clone), in each of its four ways to a
table: seated by a table's creator, creating a table with server bots (`--bots`) of every
game at every table size of the catalogue (`--game`, `--seats`), joining a given table
(`--table`, `--seat`), seeking (`--seek`, `--bots-after`); it plays `--games N`, prints
each result as the bot's side and the game's own result, and stops by itself. And its
client (`clients/python/kozel_client.py`) against a server that limits and drops requests."""

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
LINES_OF_CODE = 60
"""The kit stays under this many lines of code (docs/bots-api.md)."""

SIDES = {
    # (variant, seats): the side of the last seat and who plays for it, as the kit prints them
    ("kozel24", 4): "side 1 of 2, the team of seats 1 and 3",
    ("kozel32", 4): "side 1 of 2, the team of seats 1 and 3",
    ("kozel32", 3): "side 0 of 2, the team of seats 0 and 2",  # C32-34: seat 3 is a blind
    ("kozel32", 2): "side 1 of 2, the team of seats 1 and 3",  # C32-34: seats 2 and 3 are blinds
    ("kozel4", 4): "side 1 of 2, the team of seats 1 and 3",
    ("bura", 2): "side 1 of 2, each for himself",
    ("bura", 3): "side 2 of 3, each for himself",
    ("bura", 4): "side 3 of 4, each for himself",
    ("kozly", 4): "side 3 of 4, each for himself",
    ("sixty_six", 2): "side 1 of 2, each for himself",
}


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


def finished(bot: subprocess.Popen[str], log: Path, timeout: float = GAME_TIMEOUT_S) -> str:
    """The bot's output once it stopped by itself, having played its games."""
    try:
        code = bot.wait(timeout=timeout)
    finally:
        stop(bot)  # only if it is still running, after the timeout
    output = log.read_text()
    assert code == 0, output
    assert "Traceback" not in output
    return output


def results(output: str) -> list[str]:
    return [line for line in output.splitlines() if " over: seat " in line]


def tables_played(output: str) -> list[str]:
    """The tables of the kit's games, from their first lines (`game N: table ID (address)`)."""
    return [line.split()[3] for line in output.splitlines() if line.split()[2:3] == ["table"]]


def check_said(line: str, url: str, table_id: str, seat: int, side: str) -> None:
    """The kit's result line for its game at `table_id` in `seat` names its side (`side`, in
    the words of SIDES) and says what the game's result says."""
    view = httpx.get(f"{url}/v1/tables/{table_id}/state").json()  # the public view
    result, number = view["result"], int(side.split()[1])
    winner, loser = result["winner"], result["loser"]
    outcome = (
        "won" if winner == number else "lost" if loser == number else "is neither winner nor loser"
    )
    expected = [
        f"{view['variant']} over: seat {seat} played for {side}, which {outcome};",
        "winner none" if winner is None else f"winner side {winner},",
        "loser none" if loser is None else f"loser side {loser},",
        f"scores {result['scores']},",
        f"titles {', '.join(result['titles'])} ({result['reason']})",
    ]
    for words in expected:
        assert words in line, (words, line)


def play_every_game(url: str, level: str, games: int, tmp_path: Path) -> None:
    """The kit with `--bots LEVEL --game V --seats N --seat N-1`, at once in every game of the
    catalogue at each of its table sizes: each plays its games at tables of its own, with the
    server's bots in the other seats, and prints each result as its side and the result say."""
    sizes = [(game["variant"], n) for game in KozelClient(url).games() for n in game["seats"]]
    assert set(sizes) == set(SIDES)  # a new game or table size gets its line in SIDES
    with ExitStack() as running:
        bots = {}
        for variant, seats in sizes:
            log = tmp_path / f"{variant}-{seats}.log"
            options = ["--game", variant, "--seats", str(seats), "--seat", str(seats - 1)]
            bot = start_bot(
                url, f"{variant}-{seats}", *options, "--bots", level, "--games", str(games), log=log
            )
            running.callback(stop, bot)
            bots[variant, seats] = (bot, log)
        timeout = GAME_TIMEOUT_S * games
        outputs = {size: finished(bot, log, timeout) for size, (bot, log) in bots.items()}
    for (variant, seats), output in outputs.items():
        lines, table_ids = results(output), tables_played(output)
        assert len(lines) == len(set(table_ids)) == games, output
        for line, table_id in zip(lines, table_ids, strict=True):
            table = httpx.get(f"{url}/v1/tables/{table_id}").json()
            assert (table["variant"], len(table["seats"])) == (variant, seats)
            assert table["status"] == "finished"
            assert table["seats"][-1]["player"]["name"] == f"{variant}-{seats}"
            assert [seat["bot"] for seat in table["seats"][:-1]] == [level] * (seats - 1)
            check_said(line, url, table_id, seats - 1, SIDES[variant, seats])


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
    for seat, output in zip((1, 2, 3), outputs, strict=True):
        assert "token" not in output  # it plays as the given player, registering none
        (result,) = results(output)
        assert f"table {table_id}" in output
        assert f"kozel24 over: seat {seat} played for side {seat % 2} of 2" in result
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
    tables = set(tables_played(output))
    assert len(tables) == 2
    for table_id in tables:
        table = httpx.get(f"{server.url}/v1/tables/{table_id}").json()
        assert table["status"] == "finished"
        assert [s["bot"] for s in table["seats"]] == [None, "random", "random", "random"]
        assert table["seats"][0]["player"]["name"] == "solo"
        assert table["seats"][0]["player"]["bot"] is True  # it signed up as a bot account


def test_with_seek_bot_accounts_meet_and_bots_come_after_the_wait(
    server: Server, tmp_path: Path
) -> None:
    """Two kits seek sixty_six and are matched with each other (bot accounts with bot
    accounts); a third seeks bura with `--bots-after 0` and plays two games with server bots."""
    with ExitStack() as running:
        kits = {}
        for name, options in (
            ("east", ["--seek", "sixty_six"]),
            ("west", ["--seek", "sixty_six"]),
            ("alone", ["--seek", "bura", "--bots-after", "0", "--games", "2"]),
        ):
            log = tmp_path / f"{name}.log"
            kit = start_bot(server.url, name, *options, log=log)
            running.callback(stop, kit)
            kits[name] = (kit, log)
        outputs = {name: finished(kit, log) for name, (kit, log) in kits.items()}
    east, west = tables_played(outputs["east"]), tables_played(outputs["west"])
    assert east == west
    assert len(east) == 1
    table = httpx.get(f"{server.url}/v1/tables/{east[0]}").json()
    assert table["status"] == "finished"
    assert sorted(seat["player"]["name"] for seat in table["seats"]) == ["east", "west"]
    for name in ("east", "west"):
        (line,) = results(outputs[name])
        assert "sixty_six over: seat" in line
    alone = tables_played(outputs["alone"])
    assert len(set(alone)) == len(results(outputs["alone"])) == 2
    for table_id in alone:
        table = httpx.get(f"{server.url}/v1/tables/{table_id}").json()
        assert (table["variant"], table["status"]) == ("bura", "finished")
        assert [seat["bot"] is None for seat in table["seats"]].count(True) == 1


def test_with_bots_it_plays_every_game_at_every_table_size(server: Server, tmp_path: Path) -> None:
    play_every_game(server.url, "random", 1, tmp_path)


@pytest.mark.slow
def test_with_strong_bots_it_plays_every_game_twice(server: Server, tmp_path: Path) -> None:
    play_every_game(server.url, "strong", 2, tmp_path)


REFUSALS = {
    ("--game", "durak"): "404 not_found: no game 'durak'; the catalogue: kozel24",
    ("--game", "sixty_six", "--seats", "4"): "422 invalid_option: sixty_six is played by 2",
    ("--game", "bura", "--seats", "3", "--seat", "3"): "422 invalid_option: seat is one of",
}


def test_a_game_or_seat_the_catalogue_has_not_is_the_servers_refusal(
    server: Server, tmp_path: Path
) -> None:
    for number, (options, refusal) in enumerate(REFUSALS.items()):
        log = tmp_path / f"bot{number}.log"
        bot = start_bot(server.url, "lost", "--bots", *options, log=log)
        assert bot.wait(timeout=GAME_TIMEOUT_S) == 1
        output = log.read_text()
        assert f"the server refused: {refusal}" in output, output
        assert "Traceback" not in output


@pytest.mark.parametrize(
    ("variant", "seats", "bots", "seat", "side"),
    [
        ("kozel24", 4, {0: "random", 1: "heuristic", 2: "random"}, 3, SIDES["kozel24", 4]),
        ("bura", 3, {0: "heuristic", 2: "random"}, 1, "side 1 of 3, each for himself"),
    ],
)
def test_it_joins_a_given_table_and_seat(
    server: Server,
    tmp_path: Path,
    variant: str,
    seats: int,
    bots: dict[int, str],
    seat: int,
    side: str,
) -> None:
    creator = KozelClient(server.url)
    creator.register("creator")
    table_id = creator.create_table(seat=None, bots=bots, variant=variant, seats=seats)
    log = tmp_path / "bot.log"
    options = ("--table", table_id, "--seat", str(seat))
    output = finished(start_bot(server.url, "guest", *options, log=log), log)
    (line,) = results(output)
    assert tables_played(output) == [table_id]
    check_said(line, server.url, table_id, seat, side)
    table = httpx.get(f"{server.url}/v1/tables/{table_id}").json()
    assert table["status"] == "finished"
    assert table["seats"][seat]["player"]["name"] == "guest"


def lines_of_code(source: str) -> int:
    """Lines that are neither blank, comments nor docstrings (of the module, a class or a
    function)."""
    documented = ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, documented) and ast.get_docstring(node, clean=False) is not None:
            first = node.body[0]
            docstrings |= set(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return sum(
        1
        for number, line in enumerate(source.splitlines(), start=1)
        if line.strip() and not line.strip().startswith("#") and number not in docstrings
    )


def test_lines_of_code_leave_out_blanks_comments_and_docstrings() -> None:
    source = '''"""A module.

Its docstring."""

import sys  # a comment


# a comment
class A:
    """A class."""

    def f(self) -> None:
        """A function,
        on two lines."""
        print(sys.argv)
'''
    assert lines_of_code(source) == 4  # the import, the class, the def and the print


def test_the_example_bot_is_under_60_lines_of_code() -> None:
    """As docs/bots-api.md says."""
    count = lines_of_code(BOT.read_text())
    assert count < LINES_OF_CODE, f"examples/bot.py has {count} lines of code"


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
