"""Connections that send nothing, or a request head a line at a time (slowloris), against a
real server whose descriptor limit is low: they are closed within the header timeout, the
instance never holds more than its cap, and normal requests are served all along. Over a cap
of busy connections a new one is refused at once with 503, and logged. A crowd arriving at the
cap at once delays a new request no more than one arriving below it. (Slow bodies:
`test_slow_bodies.py`.)"""

from __future__ import annotations

import asyncio
import json
import resource
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.e2e.clients import register
from tests.e2e.raw import Raw, sample
from tests.e2e.server import Server

pytestmark = pytest.mark.anyio

HEADER_TIMEOUT_S = 1.5
OPEN_FILES = 160
"""The server's descriptor limit: it leaves a cap of 50 connections (less 100 kept for the
rest, less the database pool of 10)."""
IDLE, SLOW = 120, 40
"""Idle connections and slowloris ones: together more than the server has descriptors."""


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> Iterator[Server]:
    env = {"KOZEL_HEADER_TIMEOUT_S": str(HEADER_TIMEOUT_S), "KOZEL_STREAMS_PER_TOKEN": "100"}
    running = Server(database_url, tmp_path / "server.log", env, open_files=OPEN_FILES)
    running.start()
    yield running
    running.stop()


async def test_idle_and_slowloris_connections_do_not_lock_clients_out(server: Server) -> None:
    async with httpx.AsyncClient(base_url=server.url, timeout=5) as http:
        auth = await register(http, "Вася")
        headers = {"Authorization": auth["Authorization"]}
        bots = {"1": "random", "2": "random", "3": "random"}
        created = await http.post("/v1/tables", json={"seat": 0, "bots": bots}, headers=headers)
        table_id = created.json()["id"]

    raws = [await Raw.open(server) for _ in range(IDLE + SLOW)]
    watching = [asyncio.create_task(raw.watch()) for raw in raws]
    dribbling = [asyncio.create_task(raw.dribble()) for raw in raws[IDLE:]]
    try:
        # Meanwhile, each on a new connection: the probe, a read, a move.
        for _ in range(3):
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
            await asyncio.sleep(0.2)
        await asyncio.wait_for(asyncio.gather(*watching), HEADER_TIMEOUT_S + 5)
    finally:
        for task in dribbling:
            task.cancel()
        for raw in raws:
            raw.close()
    late = [raw.closed - raw.opened for raw in raws if raw.closed is not None]
    assert len(late) == IDLE + SLOW
    assert max(late) < HEADER_TIMEOUT_S + 1.5, "a connection without a request head stayed open"
    # The slowloris connections came last, so most outlived the evictions: the timeout closed
    # them, however busily they sent header lines.
    timed_out = [raw for raw in raws[IDLE:] if raw.closed - raw.opened >= HEADER_TIMEOUT_S * 0.9]
    assert len(timed_out) >= SLOW // 2
    assert not any(raw.answer for raw in raws), "nothing is answered to half a request"

    async with httpx.AsyncClient(base_url=server.url, timeout=3) as http:
        metrics = (await http.get("/metrics")).text
    closed = {
        reason: sample(metrics, f'kozel_connections_closed_total{{reason="{reason}"}}')
        for reason in ("header_timeout", "evicted")
    }
    assert closed["evicted"] >= IDLE + SLOW - 50  # beyond the cap, the oldest made room
    assert closed["header_timeout"] >= 1
    assert closed["evicted"] + closed["header_timeout"] >= IDLE + SLOW
    events = [json.loads(line).get("event") for line in server.log_path.read_text().splitlines()]
    assert "connections_header_timeout" in events
    assert events.count("connections_evicted") == 1, "one line for them all (within 10 s)"


async def test_over_a_cap_of_busy_connections_a_new_one_is_refused_at_once(
    sqlite_url: str, tmp_path: Path
) -> None:
    env = {"KOZEL_MAX_CONNECTIONS": "6", "KOZEL_HEADER_TIMEOUT_S": "0.5"}
    server = Server(sqlite_url, tmp_path / "server.log", env).start()
    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=5) as http:
            auth = await register(http, "Вася")
            created = await http.post(
                "/v1/tables", json={"seat": 0}, headers={"Authorization": auth["Authorization"]}
            )
            table = created.json()
        # Six long-polls, each on its own connection: busy with a request, not idle.
        clients = [httpx.AsyncClient(base_url=server.url, timeout=10) for _ in range(6)]
        path = f"/v1/tables/{table['id']}/state"
        params = {"since_version": table["version"], "wait": 2}
        polls = [asyncio.create_task(c.get(path, params=params)) for c in clients]
        await asyncio.sleep(0.8)  # past the header timeout: a request under way is not cut
        started = time.monotonic()
        raw = await Raw.open(server)
        await asyncio.wait_for(raw.watch(), 2)
        raw.close()
        assert raw.closed is not None
        assert raw.closed - started < 0.5
        head, _, body = raw.answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 503")
        assert b"retry-after: 1" in head.lower()
        assert json.loads(body)["code"] == "too_many_connections"
        assert [(await poll).status_code for poll in polls] == [304] * 6
        for client in clients:
            await client.aclose()
        async with httpx.AsyncClient(base_url=server.url, timeout=3) as http:
            assert (await http.get("/livez")).status_code == 200
    finally:
        server.stop()
    lines = [json.loads(line) for line in server.log_path.read_text().splitlines()]
    (refused,) = [line for line in lines if line.get("event") == "connections_refused"]
    assert refused["level"] == "warning"
    assert "cap of 6" in refused["message"]


CROWD, ARRIVING = 2000, 600
"""A cap, and how many new connections arrive at once."""


async def test_a_new_connection_is_answered_at_once_while_hundreds_are_evicted(
    sqlite_url: str, tmp_path: Path
) -> None:
    """A connection over the cap evicts another as it comes in: that choice costs the same
    whatever the number of connections, so that accepting keeps pace with a crowd arriving at
    once (the server accepts one connection per turn of its event loop). A new `/livez` behind
    600 arrivals that each evict one is answered about as soon as one behind 600 arrivals
    below the cap."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = CROWD + ARRIVING + 100
    if hard != resource.RLIM_INFINITY and hard < needed:
        pytest.skip(f"this process may open {hard} files, the test needs {needed}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, needed), hard))
    env = {"KOZEL_MAX_CONNECTIONS": str(CROWD), "KOZEL_HEADER_TIMEOUT_S": "60"}
    server = Server(sqlite_url, tmp_path / "server.log", env, open_files=CROWD + 200).start()
    crowd: list[socket.socket] = []
    try:
        below = await _livez_behind(server, ARRIVING, crowd)
        await _livez_behind(server, CROWD - ARRIVING, crowd)  # the cap is reached
        at_cap = await _livez_behind(server, ARRIVING, crowd)
        async with httpx.AsyncClient(base_url=server.url, timeout=5) as http:
            metrics = (await http.get("/metrics")).text
    finally:
        server.stop()
        for sock in crowd:
            sock.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert sample(metrics, 'kozel_connections_closed_total{reason="evicted"}') >= ARRIVING
    assert at_cap < 3 * below + 0.5, (
        f"a new /livez waited {at_cap:.2f} s behind {ARRIVING} arrivals at the cap, "
        f"{below:.2f} s below it"
    )


async def _livez_behind(server: Server, count: int, crowd: list[socket.socket]) -> float:
    """How long a new `/livez` takes behind `count` connections that arrive at once and send
    nothing (kept in `crowd`)."""

    def connect() -> None:
        for _ in range(count):
            crowd.append(socket.create_connection(("127.0.0.1", server.port)))

    await asyncio.to_thread(connect)
    started = time.monotonic()
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        assert (await http.get("/livez")).status_code == 200
    return time.monotonic() - started
