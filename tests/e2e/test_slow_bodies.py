"""Connections that send a whole request head and then its body a byte at a time, more of
them than the server's cap, against a real server: each body must arrive within the body
timeout, or its connection gets 408 `request_timeout` and is closed; at the cap such a
connection gives way to a new one, and a client's idle keep-alive connection is left alone.
Normal clients play moves and read `/livez` all along."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.e2e.clients import register
from tests.e2e.raw import sample
from tests.e2e.server import Server

pytestmark = pytest.mark.anyio

BODY_TIMEOUT_S = 2.0
OPEN_FILES = 160
"""The server's descriptor limit: a cap of 50 connections (less 100 kept for the rest, less the
database pool of 10)."""
SLOW = 80
"""Slow bodies at once: more than the cap."""
ATTACK_S = 4.0
"""How long the slow bodies keep coming: each one closed is opened again until then."""
HEAD = (
    b"POST /v1/players HTTP/1.1\r\nHost: kozel\r\nContent-Type: application/json\r\n"
    b"Content-Length: 60000\r\n\r\n"
)


@pytest.fixture
def server(sqlite_url: str, tmp_path: Path) -> Iterator[Server]:
    # The kept connection idles through the attack: well within its header timeout.
    env = {"KOZEL_BODY_TIMEOUT_S": str(BODY_TIMEOUT_S), "KOZEL_HEADER_TIMEOUT_S": "10"}
    running = Server(sqlite_url, tmp_path / "server.log", env, open_files=OPEN_FILES)
    running.start()
    yield running
    running.stop()


async def slow_bodies(server: Server, until: float, answers: list[bytes]) -> None:
    """Slow bodies, one after another until `until`: the head, then a byte of the body every
    0.5 s until the server closes the connection; what it answered goes to `answers`."""
    while time.monotonic() < until:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        answer = b""
        with contextlib.suppress(ConnectionError):
            writer.write(HEAD)
            while not reader.at_eof():
                try:
                    answer += await asyncio.wait_for(reader.read(65536), 0.5)
                except TimeoutError:
                    writer.write(b" ")
                    await writer.drain()
        writer.close()
        answers.append(answer)
        await asyncio.sleep(0.1)


async def test_slow_bodies_do_not_lock_clients_out(server: Server) -> None:
    async with httpx.AsyncClient(base_url=server.url, timeout=5) as http:
        auth = await register(http, "Вася")
        headers = {"Authorization": auth["Authorization"]}
        bots = {"1": "random", "2": "random", "3": "random"}
        created = await http.post("/v1/tables", json={"seat": 0, "bots": bots}, headers=headers)
        table_id = created.json()["id"]
    # A client's keep-alive connection, idle while the slow bodies come.
    kept = socket.create_connection(("127.0.0.1", server.port))
    kept.settimeout(5)
    assert _get_livez(kept).startswith(b"HTTP/1.1 200")

    until = time.monotonic() + ATTACK_S
    answers: list[bytes] = []
    attack = [asyncio.create_task(slow_bodies(server, until, answers)) for _ in range(SLOW)]
    try:
        await asyncio.sleep(0.5)  # every slot is taken by now
        moves = 0
        while time.monotonic() < until - 0.3:
            async with httpx.AsyncClient(base_url=server.url, timeout=3) as fresh:
                assert (await fresh.get("/livez")).status_code == 200
                view = (await fresh.get(f"/v1/tables/{table_id}/state", headers=headers)).json()
                if view["legal_actions"]:
                    action = view["legal_actions"][0]
                    moved = await fresh.post(
                        f"/v1/tables/{table_id}/{action['endpoint']}",
                        json=action["body"],
                        headers=headers,
                    )
                    assert moved.status_code == 200, moved.text
                    moves += 1
            await asyncio.sleep(0.2)
        assert moves >= 3
        # The idle keep-alive connection was not evicted while slow bodies could be.
        assert _get_livez(kept).startswith(b"HTTP/1.1 200")
    finally:
        kept.close()
        await asyncio.gather(*attack)

    # Those evicted with their body under way were told so (those evicted before the server
    # read their head, nothing); the last ones, left alone, met the body timeout.
    evicted = [a for a in answers if a.startswith(b"HTTP/1.1 503")]
    timed_out = [a for a in answers if a.startswith(b"HTTP/1.1 408")]
    assert len(evicted) + len(timed_out) + answers.count(b"") == len(answers)
    assert len(evicted) >= SLOW
    assert len(timed_out) >= 40
    assert json.loads(evicted[0].partition(b"\r\n\r\n")[2])["code"] == "too_many_connections"
    head, _, body = timed_out[0].partition(b"\r\n\r\n")
    assert b"content-type: application/problem+json" in head.lower()
    assert b"connection: close" in head.lower()
    assert json.loads(body)["code"] == "request_timeout"
    async with httpx.AsyncClient(base_url=server.url, timeout=3) as http:
        metrics = (await http.get("/metrics")).text
    assert sample(metrics, 'kozel_connections_closed_total{reason="body_timeout"}') >= 1
    assert sample(metrics, 'kozel_connections_closed_total{reason="evicted"}') >= SLOW - 50
    assert sample(metrics, 'kozel_connections_closed_total{reason="refused"}') == 0
    lines = [json.loads(line) for line in server.log_path.read_text().splitlines()]
    events = [line.get("event") for line in lines]
    assert "connections_body_timeout" in events
    assert not [line for line in lines if line["level"] == "error"]


def _get_livez(sock: socket.socket) -> bytes:
    """`GET /livez` on a kept connection: the whole answer (it is short)."""
    sock.sendall(b"GET /livez HTTP/1.1\r\nHost: kozel\r\n\r\n")
    answer = b""
    while b"\r\n\r\n" not in answer or not answer.endswith(b"}"):
        chunk = sock.recv(65536)
        if not chunk:
            break
        answer += chunk
    return answer
