"""Idle followers: what 10,000 waiting clients cost one instance on PostgreSQL (issue 31).

    python bench/followers.py [--followers 10000] [--tables 50] [--rate 25] [--seconds 20]

One `kozel serve` on a fresh PostgreSQL database. Followers are spread over idle tables (a
table waiting for players: nothing moves there) in three kinds: view streams
(`GET …/stream`), long-polls (`GET …/state?since_version&wait=30`, asked again when answered)
and bot authors' `GET /v1/players/me/turns?wait=30` (players seated nowhere). They are held by
`--clients` processes of raw asyncio sockets (an HTTP client library costs more than the
server it measures). Three phases, each `--seconds` long:

1. the followers alone: the server's and PostgreSQL's share of a core (PostgreSQL: the sum of
   every `postgres` process's CPU, from /proc), and the server's memory per follower;
2. the followers while `--tables` tables play paced moves (`--rate` moves/s in all, through
   `bench/api.py`'s players, who long-poll their own tables): the moves' p99 and the CPU;
3. the same moves without the followers (closed first): the CPU the followers add.

The instance's descriptor limit is raised to the hard limit (`resource.setrlimit`, inherited
by the server), and its long-poll cap (`KOZEL_MAX_LONG_POLLS`) set above the followers.
`--root` serves another checkout (the code before issue 31, to compare in the same run).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import resource
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.api import (  # noqa: E402
    DEFAULT_POSTGRES,
    CpuMeter,
    fresh_postgres,
    play_tables,
    resident_bytes,
    serve,
    servers,
)

WAIT_S = 30
IDLE_TABLES = 200


def raise_descriptor_limit() -> int:
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


# The followers' processes


def hold(port: int, requests: list[tuple[str, str, str | None]], ramp_s: float) -> None:
    """One client process: each request (kind, path, token) on its own connection, asked again
    whenever answered, until the process is terminated."""
    raise_descriptor_limit()
    asyncio.run(_hold(port, requests, ramp_s))


async def _hold(port: int, requests: list[tuple[str, str, str | None]], ramp_s: float) -> None:
    tasks = []
    for n, (kind, path, token) in enumerate(requests):
        tasks.append(asyncio.create_task(_follower(port, kind, path, token)))
        if n % 200 == 199:
            await asyncio.sleep(ramp_s * 200 / len(requests))
    await asyncio.gather(*tasks)


async def _follower(port: int, kind: str, path: str, token: str | None) -> None:
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    head = f"GET {path} HTTP/1.1\r\nHost: kozel\r\n{auth}\r\n".encode()
    while True:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            if kind == "stream":
                writer.write(head)
                while await reader.read(65_536):
                    pass
            else:
                while True:
                    writer.write(head)
                    if not await _response(reader):
                        break
            writer.close()
        except OSError:
            pass
        await asyncio.sleep(1.0)


async def _response(reader: asyncio.StreamReader) -> bool:
    """Read one response whole; False when the connection is closed."""
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError):
        return False
    length = 0
    closing = False
    for line in head.split(b"\r\n"):
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            length = int(value)
        elif name.lower() == b"connection" and value.strip().lower() == b"close":
            closing = True
    if length:
        await reader.readexactly(length)
    return not closing


# The run


def gauge(base: str, name: str) -> float:
    try:  # a server busy taking thousands of connections answers late
        text = httpx.get(f"{base}/metrics", timeout=120).text
    except httpx.HTTPError:
        return 0.0
    line = next(line for line in text.splitlines() if line.startswith(f"{name} "))
    return float(line.split()[1])


def counter_sum(base: str, name: str) -> float:
    text = httpx.get(f"{base}/metrics", timeout=30).text
    return sum(
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith(name) and not line.startswith(f"{name}_created")
    )


def followers_of(base: str, count: int) -> list[tuple[str, str, str | None]]:
    """`count` follower requests on idle tables, a third of each kind (a player per turns
    poll, seated nowhere)."""
    with httpx.Client(base_url=base, timeout=60) as http:
        owner = http.post("/v1/players", json={"name": "idle"}).json()["token"]
        auth = {"Authorization": f"Bearer {owner}"}
        ids = [
            http.post("/v1/tables", json={"seat": 0}, headers=auth).json()["id"]
            for _ in range(IDLE_TABLES)
        ]
        version = http.get(f"/v1/tables/{ids[0]}/state").json()["version"]
        requests: list[tuple[str, str, str | None]] = []
        turns = count // 3
        for n in range(turns):
            token = http.post("/v1/players", json={"name": f"bot{n}"}).json()["token"]
            requests.append(("turns", f"/v1/players/me/turns?wait={WAIT_S}", token))
        for n in range(count - turns):
            table_id = ids[n % len(ids)]
            if n % 2:
                requests.append(("stream", f"/v1/tables/{table_id}/stream", None))
            else:
                path = f"/v1/tables/{table_id}/state?since_version={version}&wait={WAIT_S}"
                requests.append(("poll", path, None))
    return requests


def share(seconds: float, cpu: dict[str, float], party: str) -> str:
    return f"{100 * cpu[party] / seconds:5.2f} % of a core"


async def phase_moves(base: str, pid: int, args: argparse.Namespace, title: str) -> None:
    run = await play_tables([base], args.tables, args.seconds, "poll", args.rate, [pid])
    run.report(title)
    print(
        f"{'':<4} server {share(run.seconds, run.cpu, 'server')}, "
        f"PostgreSQL {share(run.seconds, run.cpu, 'postgres')}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--followers", type=int, default=10_000)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--rate", type=float, default=25.0, help="moves per second, all tables")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--clients", type=int, default=2, help="follower processes")
    parser.add_argument("--ramp", type=float, default=60.0, help="seconds to connect them all")
    parser.add_argument("--settle", type=float, default=35.0, help="seconds before measuring")
    parser.add_argument(
        "--root", type=Path, default=ROOT, help="the checkout to serve (e.g. an older one)"
    )
    parser.add_argument(
        "--postgres", default=os.environ.get("KOZEL_BENCH_POSTGRES", DEFAULT_POSTGRES)
    )
    args = parser.parse_args()
    limit = raise_descriptor_limit()
    print(f"descriptor limit: {limit}; load average before: {os.getloadavg()[0]:.1f}")
    with fresh_postgres(args.postgres, "kozel_followers") as url:
        env = {
            **os.environ,
            "KOZEL_DATABASE_URL": url,
            "KOZEL_LOG_LEVEL": "warning",
            "KOZEL_MAX_LONG_POLLS": str(args.followers * 2),
            "KOZEL_STREAMS_PER_TOKEN": str(args.followers),
            "KOZEL_RATE_POLLS_PER_S": "1000000",
            "KOZEL_RATE_MOVES_PER_S": "1000000",
        }
        with servers(serve, env, 1, root=args.root) as (bases, pids):
            base, pid = bases[0], pids[0]
            port = int(base.rsplit(":", 1)[1])
            requests = followers_of(base, args.followers)
            before = resident_bytes(pids)
            holders = [
                multiprocessing.Process(
                    target=hold, args=(port, requests[n :: args.clients], args.ramp)
                )
                for n in range(args.clients)
            ]
            for holder in holders:
                holder.start()
            try:
                deadline = time.monotonic() + args.ramp + 120
                while True:
                    held = gauge(base, "kozel_open_long_polls") + gauge(base, "kozel_open_streams")
                    if held >= 0.98 * args.followers or time.monotonic() > deadline:
                        break
                    time.sleep(1)
                time.sleep(args.settle)  # past the first round of answered long-polls
                per = (resident_bytes(pids) - before) / max(held, 1)
                print(f"followers held: {held:,.0f} ({args.clients} client processes)")
                print(f"server memory per follower: {per / 1024:.1f} KiB")
                reads = counter_sum(base, "kozel_waiter_reads_total")
                meter = CpuMeter(pids)
                meter.start()
                time.sleep(args.seconds)
                cpu = meter.stop()
                reads = counter_sum(base, "kozel_waiter_reads_total") - reads
                print(f"1. {held:,.0f} idle followers, {args.seconds:.0f} s")
                print(
                    f"     server {share(args.seconds, cpu, 'server')}, "
                    f"PostgreSQL {share(args.seconds, cpu, 'postgres')}, "
                    f"waiters' reads {reads / args.seconds:.1f}/s"
                )
                asyncio.run(phase_moves(base, pid, args, f"2. with {args.tables} tables moving"))
            finally:
                for holder in holders:
                    holder.terminate()
                    holder.join()
            time.sleep(2)
            asyncio.run(phase_moves(base, pid, args, "3. the same moves, no followers"))
            print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
