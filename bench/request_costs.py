"""What one request costs the server, by kind: a few keep-alive connections ask the same
request over and over, and the server's CPU time is divided by the answers.

    python bench/request_costs.py [--seconds 3] [--connections 8]

The kinds: a bare uvicorn app answering two bytes (the floor of a request here), `/livez`
through FastAPI, and the polls of a running sixty_six table through the lane: the view
long-polled from a version it is past (answered from the rendered view, no query), the plain
view (its version query), the turns list (its query). The client is a raw socket that reads
each answer by its Content-Length, so it costs the machine little.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.api import DEFAULT_POSTGRES, cpu_seconds, fresh_postgres, serve, servers  # noqa: E402
from tests.e2e.server import free_port  # noqa: E402


async def bare(scope: dict[str, object], receive: object, send: object) -> None:
    """The floor: an ASGI app that answers `{}` (run by uvicorn as `bench.request_costs:bare`)."""
    if scope["type"] != "http":
        return
    headers = [(b"content-type", b"application/json"), (b"content-length", b"2")]
    await send({"type": "http.response.start", "status": 200, "headers": headers})  # type: ignore[operator]
    await send({"type": "http.response.body", "body": b"{}"})  # type: ignore[operator]


async def hammer(port: int, request: bytes, connections: int, seconds: float) -> int:
    """How many answers `connections` keep-alive connections got in `seconds`."""
    answered = 0
    stop = time.monotonic() + seconds

    async def one() -> None:
        nonlocal answered
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        while time.monotonic() < stop:
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            at = head.lower().find(b"content-length:")
            length = int(head[at + 15 : head.index(b"\r\n", at)]) if at >= 0 else 0
            await reader.readexactly(length)
            answered += 1
        writer.close()

    await asyncio.gather(*(one() for _ in range(connections)))
    return answered


def measure(name: str, pid: int, port: int, request: str, args: argparse.Namespace) -> None:
    before = cpu_seconds(pid)
    answered = asyncio.run(hammer(port, request.encode(), args.connections, args.seconds))
    spent = cpu_seconds(pid) - before
    print(f"{name:<44} {answered / args.seconds:7,.0f}/s  {1e6 * spent / answered:6.1f} µs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument(
        "--postgres", default=os.environ.get("KOZEL_TEST_POSTGRES_URL", DEFAULT_POSTGRES)
    )
    args = parser.parse_args()
    print(f"{'request':<44} {'answers':>9}  server CPU per request")
    port = free_port()
    uvicorn = [sys.executable, "-m", "uvicorn", "bench.request_costs:bare", "--port", str(port)]
    floor = subprocess.Popen([*uvicorn, "--log-level", "warning"], cwd=ROOT)
    try:
        time.sleep(2)
        measure(
            "bare uvicorn, two bytes", floor.pid, port, "GET / HTTP/1.1\r\nHost: k\r\n\r\n", args
        )
    finally:
        floor.terminate()
        floor.wait()
    with fresh_postgres(args.postgres, "kozel_requests") as url:
        env = {
            **os.environ,
            "DATABASE_URL": url,
            "KOZEL_LOG_LEVEL": "warning",
            "KOZEL_RATE_MOVES_PER_S": "1000000",
            "KOZEL_RATE_POLLS_PER_S": "1000000",
        }

        with servers(serve, env, 1) as (bases, pids):
            base, pid = bases[0], pids[0]
            port = int(base.rsplit(":", 1)[1])
            tokens = [
                httpx.post(f"{base}/v1/players", json={"name": n}).json()["token"] for n in "ab"
            ]
            auths = [{"Authorization": f"Bearer {t}"} for t in tokens]
            asked = {"variant": "sixty_six", "seats": 2, "seat": 0}
            table = httpx.post(f"{base}/v1/tables", json=asked, headers=auths[0]).json()["id"]
            httpx.put(f"{base}/v1/tables/{table}/seats/1", headers=auths[1])
            version = httpx.get(f"{base}/v1/tables/{table}/state").json()["version"]
            token = f"Authorization: Bearer {tokens[0]}\r\n"
            kinds = {
                "/livez through FastAPI": "GET /livez HTTP/1.1\r\n",
                "the view, long-polled past its version (lane)": (
                    f"GET /v1/tables/{table}/state?since_version={version - 1}&wait=30 "
                    f"HTTP/1.1\r\n{token}"
                ),
                "the view, plain: its version query (lane)": (
                    f"GET /v1/tables/{table}/state HTTP/1.1\r\n{token}"
                ),
                "the turns list, its query (lane)": f"GET /v1/players/me/turns HTTP/1.1\r\n{token}",
            }
            for name, head in kinds.items():
                measure(name, pid, port, f"{head}Host: k\r\n\r\n", args)


if __name__ == "__main__":
    main()
