"""API benchmark: N concurrent tables of four HTTP clients playing as fast as the game allows,
against real servers on PostgreSQL; first a bare one-INSERT endpoint on the same database with
the same number of concurrent clients, as the yardstick, in two ways (`bare_insert_app`):
through the SQLAlchemy engine (issue 19's yardstick, which the verdicts judge by) and as the
event store appends (one autocommit statement through asyncpg on the store's pool: the floor
of a durable write here, printed beside each run's verdict).

    python bench/api.py [--tables 50] [--seconds 20] [--follow stream,poll,turns]
        [--instances 1] [--share 0.52 | --rate R] [--variant kozel24] [--profile DIR]

Each client at a table (one per seat of the variant, its first seat count) follows the game
one of three ways, each measured in its own run on a fresh server:

- `stream`: one `GET …/stream` (server-sent events) per client, a view for every version;
- `poll`: the long-poll `GET …/state?since_version&wait`, one request per version;
- `turns`: the bot author's loop: `GET /v1/players/me/turns?wait`, then the view of the
  table it names, then the move.

The client whose turn it is posts one of its `legal_actions` with `expected_version` and a
`move_id`; a finished game is replaced by a new table. Prints moves/s and p50/p95/p99 latency
of the POSTs (and the same for the bare INSERT endpoints), and the CPU time per move of the
server processes, of PostgreSQL and of the benchmark's own clients. Client, servers and
PostgreSQL share the machine.

With `--profile DIR` every game run's server is sampled by py-spy (a dev tool): DIR gets the
collapsed stacks of each run, and the functions of `app/` that held the most samples, inclusive
and self, are printed after the run. A profiled run's CPU figures include py-spy's own work.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import os
import random
import resource
import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import httpx
import orjson
import psycopg
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.api.server import tune_gc  # noqa: E402
from app.db.migrate import upgrade  # noqa: E402
from app.domain.registry import game_of  # noqa: E402
from tests.e2e.server import free_port  # noqa: E402

DEFAULT_POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
WAIT_S = 30
"""The long-polls' `wait`, the longest the API allows, as a client that follows a table would
ask."""
POOL_YARDSTICK = "POST bare INSERT, through the store's pool"
"""The second yardstick (`bare_insert_app.pool_app`): reported beside issue 19's, which the
verdicts judge by."""
WARM_UP_S = 1.0
"""Each game run starts measuring this long after its tables begin to play."""
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


@dataclass
class Run:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    conflicts: int = 0
    seconds: float = 0.0
    cpu: dict[str, float] = field(default_factory=dict)
    memory_per_client: float | None = None
    """Growth of the servers' resident memory per client, from before the clients follow
    their tables to after the warm-up (bytes)."""

    def cpu_per_request(self, party: str) -> float:
        """CPU seconds of `party` (server, postgres, clients) per measured request."""
        return self.cpu[party] / len(self.latencies) if self.latencies else float("nan")

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def report(self, name: str) -> None:
        ms = [v * 1000 for v in self.latencies]
        print(name)
        print(
            f"{'':<4} {self.rate:>7,.0f}/s  p50 {percentile(ms, 0.5):6.1f} ms  "
            f"p95 {percentile(ms, 0.95):6.1f} ms  p99 {percentile(ms, 0.99):6.1f} ms  "
            f"mean {statistics.fmean(ms) if ms else 0:6.1f} ms  errors {self.errors}"
            + (f"  conflicts {self.conflicts}" if self.conflicts else "")
        )
        if self.latencies:
            per = {k: 1000 * v / len(self.latencies) for k, v in self.cpu.items()}
            print(
                f"{'':<4} CPU per request: server {per['server']:.2f} ms, "
                f"PostgreSQL {per['postgres']:.2f} ms, clients {per['clients']:.2f} ms"
            )
        if self.memory_per_client is not None:
            kib = self.memory_per_client / 1024
            print(f"{'':<4} server memory per following client: {kib:,.1f} KiB")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (0 if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def postgres_pids() -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().startswith("postgres"):
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class CpuMeter:
    """The CPU seconds each party (the servers, PostgreSQL, the clients) spends between
    `start` and `stop`."""

    def __init__(self, servers: list[int]) -> None:
        self._servers = servers
        self._before: tuple[dict[int, float], float, float] = ({}, 0.0, 0.0)

    def start(self) -> None:
        pg = {pid: cpu_seconds(pid) for pid in postgres_pids()}
        self._before = (pg, sum(cpu_seconds(pid) for pid in self._servers), own_cpu())

    def stop(self) -> dict[str, float]:
        pg_before, server_before, client_before = self._before
        pg = sum(cpu_seconds(pid) - pg_before.get(pid, 0.0) for pid in postgres_pids())
        return {
            "server": sum(cpu_seconds(pid) for pid in self._servers) - server_before,
            "postgres": pg,
            "clients": own_cpu() - client_before,
        }


async def measured(servers: list[int], work: Callable[[], Any]) -> tuple[Any, dict[str, float]]:
    """Run `work` and return its result with the CPU seconds it cost each party."""
    meter = CpuMeter(servers)
    meter.start()
    result = await work()
    return result, meter.stop()


def start(
    command: list[str], env: dict[str, str], port: int, log: Path, root: Path = ROOT
) -> subprocess.Popen[bytes]:
    """A server process run from the checkout `root` (its `app` package is the one served)."""
    with log.open("ab") as out:
        process = subprocess.Popen(command, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/docs", timeout=1)
            return process
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise RuntimeError(f"server on {port} did not start; see {log}")


def resident_bytes(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1]) * 1024
    return total


async def play_tables(
    bases: list[str],
    tables: int,
    seconds: float,
    follow: str,
    rate: float | None = None,
    pids: list[int] | None = None,
    variant: str = "kozel24",
) -> Run:
    """Play `tables` games at once for `seconds`; with `rate`, the clients together post at
    most `rate` moves per second (each waits for its slot before it posts; the wait is not
    part of the latency). With `pids`, the run's CPU figures are those of the measured
    seconds alone (not of seating the tables or the warm-up)."""
    run = Run()
    next_slot = time.monotonic()

    async def pace() -> None:
        nonlocal next_slot
        if rate is None:
            return
        now = time.monotonic()
        slot = max(now, next_slot)
        next_slot = slot + 1 / rate
        if slot > now:
            await asyncio.sleep(slot - now)

    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=None, sock_read=60)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:

        async def call(method: str, url: str, **kwargs: Any) -> tuple[int, Any]:
            async with http.request(method, url, **kwargs) as response:
                body = await response.json(loads=orjson.loads) if response.status != 304 else None
                return response.status, body

        _, game = await call("GET", f"{bases[0]}/v1/games/{variant}")
        seats = game["seats"][0]

        async def new_table(
            n: int, auths: list[dict[str, str]] | None = None
        ) -> tuple[str, list[dict[str, str]]]:
            """A new table, its seats taken by the players `auths` (registered anew if None:
            a bot author registers once and plays game after game with its token)."""
            base = bases[n % len(bases)]
            if auths is None:
                auths = []
                for seat in range(seats):
                    body = {"name": f"t{n}p{seat}"}
                    _, me = await call("POST", f"{base}/v1/players", json=body)
                    auths.append({"Authorization": f"Bearer {me['token']}"})
            asked = {"seat": 0, "variant": variant, "seats": seats}
            _, table = await call("POST", f"{base}/v1/tables", json=asked, headers=auths[0])
            for seat in range(1, seats):
                path = f"{base}/v1/tables/{table['id']}/seats/{seat}"
                await call("PUT", path, headers=auths[seat])
            return table["id"], auths

        async def act(base: str, table_id: str, auth: dict[str, str], view: Any, rng: Any) -> Any:
            """Post one of the view's legal actions; the view it answers with (None if it
            was refused)."""
            action = rng.choice(view["legal_actions"])
            body = {**action["body"], "expected_version": view["version"]}
            body["move_id"] = uuid.uuid4().hex
            url = f"{base}/v1/tables/{table_id}/{action['endpoint']}"
            await pace()
            started = time.perf_counter()
            status, answer = await call("POST", url, json=body, headers=auth)
            if status == 200:
                run.latencies.append(time.perf_counter() - started)
                return answer
            if status == 409:  # acted on a view that another seat's move made stale
                run.conflicts += 1
            else:
                run.errors += 1
            return None

        async def poll_seat(base: str, table_id: str, auth: dict[str, str], rng: Any) -> None:
            version, view = -1, None
            while time.monotonic() < stop:
                if view is None:
                    params = {"since_version": version, "wait": WAIT_S} if version >= 0 else {}
                    url = f"{base}/v1/tables/{table_id}/state"
                    status, view = await call("GET", url, params=params, headers=auth)
                    if status == 304:
                        view = None
                        continue
                version = view["version"]
                if view["status"] == "finished":
                    return
                # A move's answer is the seat's view at the version the move made: the client
                # goes on from it (None: refused, so it asks for the view again).
                view = await act(base, table_id, auth, view, rng) if view["legal_actions"] else None

        async def turns_seat(base: str, table_id: str, auth: dict[str, str], rng: Any) -> None:
            # The seat plays one table at a time, so its turns name this table or none. The
            # seat whose move ends the game sees it in the move's answer, and the table's
            # other seats are then stopped (`table_until`), as a bot would drop a table.
            while time.monotonic() < stop:
                turns_url = f"{base}/v1/players/me/turns?wait={WAIT_S}"
                _, turns = await call("GET", turns_url, headers=auth)
                if not turns:
                    continue
                url = f"{base}/v1/tables/{table_id}/state"
                _, view = await call("GET", url, headers=auth)
                if view["status"] == "finished":
                    return
                if view["legal_actions"]:
                    answer = await act(base, table_id, auth, view, rng)
                    if answer is not None and answer["status"] == "finished":
                        return

        async def stream_seat(base: str, table_id: str, auth: dict[str, str], rng: Any) -> None:
            version = -1
            while time.monotonic() < stop:
                headers = {**auth, "Last-Event-ID": str(version)}
                url = f"{base}/v1/tables/{table_id}/stream"
                async with http.get(url, headers=headers) as response:
                    # The load generator shares the machine with the server: it reads the
                    # stream by chunks (not line by line) and parses views with orjson.
                    pending = b""
                    async for chunk in response.content.iter_any():
                        *events, pending = (pending + chunk).split(b"\n\n")
                        for event in events:
                            _, found, data = event.partition(b"data: ")
                            if not found:
                                continue  # a heartbeat comment
                            view = orjson.loads(data.split(b"\n", 1)[0])
                            version = view["version"]
                            if view["status"] == "finished" or time.monotonic() >= stop:
                                return
                            if view["legal_actions"]:
                                await act(base, table_id, auth, view, rng)

        seat_loop = {"stream": stream_seat, "poll": poll_seat, "turns": turns_seat}[follow]
        setups = await asyncio.gather(*(new_table(n) for n in range(tables)))
        stop = time.monotonic() + WARM_UP_S + seconds
        rng = random.Random(1)

        async def table_until(n: int, table_id: str, auths: list[dict[str, str]]) -> None:
            while time.monotonic() < stop:
                base = bases[n % len(bases)]
                seat_loops = [
                    asyncio.ensure_future(seat_loop(base, table_id, a, random.Random(rng.random())))
                    for a in auths
                ]
                try:  # the game is over once a seat has seen it end
                    await asyncio.wait(seat_loops, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    for loop in seat_loops:
                        loop.cancel()
                    await asyncio.gather(*seat_loops, return_exceptions=True)
                if time.monotonic() < stop:  # the game ended: start another
                    n += len(bases)
                    table_id, auths = await new_table(n, auths)

        before = resident_bytes(pids or [])
        games = [asyncio.ensure_future(table_until(n, t, a)) for n, (t, a) in enumerate(setups)]
        await asyncio.sleep(WARM_UP_S)  # every table opens its streams and makes its first moves
        if pids:
            run.memory_per_client = (resident_bytes(pids) - before) / (seats * tables)
        meter = CpuMeter(pids or [])
        meter.start()
        run.latencies.clear()
        run.conflicts = run.errors = 0
        began = time.monotonic()
        await asyncio.sleep(seconds)
        run.seconds = time.monotonic() - began
        run.cpu = meter.stop()
        measured = len(run.latencies)
        for game in games:  # a seat may be waiting for a view that a stopped seat owes it
            game.cancel()
        await asyncio.gather(*games, return_exceptions=True)
        del run.latencies[measured:]
        return run


async def bare_inserts(bases: list[str], clients: int, seconds: float) -> Run:
    run = Run()
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:
        stop = time.monotonic() + seconds
        began = time.monotonic()

        async def client(base: str) -> None:
            while time.monotonic() < stop:
                started = time.perf_counter()
                async with http.post(f"{base}/insert") as response:
                    await response.read()
                    if response.status == 200:
                        run.latencies.append(time.perf_counter() - started)
                    else:
                        run.errors += 1

        await asyncio.gather(*(client(bases[n % len(bases)]) for n in range(clients)))
        run.seconds = time.monotonic() - began
        return run


@contextmanager
def fresh_postgres(admin_url: str, prefix: str) -> Iterator[str]:
    """A new, migrated PostgreSQL database for one run, dropped afterwards; yields its URL."""
    admin = make_url(admin_url)
    name = f"{prefix}_{uuid.uuid4().hex[:8]}"
    dsn = admin.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        url = admin.set(database=name).render_as_string(hide_password=False)
        upgrade(url)
        yield url
    finally:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def serve(port: int) -> list[str]:
    """The command of one server process of the service (`kozel serve`) on `port`."""
    return [sys.executable, "-m", "app.cli", "serve", "--port", str(port)]


@contextmanager
def servers(
    command: Callable[[int], list[str]],
    env: dict[str, str],
    count: int,
    stacks: Path | None = None,
    root: Path = ROOT,
) -> Iterator[Any]:
    """`count` server processes from the checkout `root`, each on its own port; yields (base
    URLs, pids). With `stacks`, each is sampled by py-spy (`sampler`) until it ends."""
    log = Path("/tmp") / f"kozel_bench_{uuid.uuid4().hex[:8]}.log"
    processes = []
    spies = []
    try:
        ports = [free_port() for _ in range(count)]
        processes = [start(command(port), env, port, log, root) for port in ports]
        spies = [sampler(p.pid, stacks) for p in processes] if stacks else []
        yield [f"http://127.0.0.1:{port}" for port in ports], [p.pid for p in processes]
    finally:
        for process in processes:
            process.terminate()
            process.wait()
        for spy in spies:
            spy.wait(timeout=60)


def sampler(pid: int, stacks: Path) -> subprocess.Popen[bytes]:
    """py-spy sampling process `pid` until it ends, then writing its collapsed stacks to
    `<stacks>-<pid>.txt`."""
    spy = Path(sys.executable).with_name("py-spy")
    output = f"{stacks}-{pid}.txt"
    command = [str(spy), "record", "--pid", str(pid), "--format", "raw", "--rate", "250"]
    return subprocess.Popen(
        [*command, "--nonblocking", "--output", output],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def hot_functions(stacks: Path, top: int = 25) -> str:
    """The functions under `app/` (and the libraries they call into) by their share of the
    samples: inclusive (the function or anything it calls) and self (the function itself)."""
    inclusive: dict[str, int] = {}
    own: dict[str, int] = {}
    total = 0
    for line in stacks.read_text().splitlines():
        frames, _, count = line.rpartition(" ")
        samples = int(count)
        total += samples
        names = [frame.split(" (", 1)[0] + " " + where(frame) for frame in frames.split(";")]
        for name in set(names):
            inclusive[name] = inclusive.get(name, 0) + samples
        if names:
            own[names[-1]] = own.get(names[-1], 0) + samples
    lines = [f"{total} samples"]
    for title, table in (("inclusive", inclusive), ("self", own)):
        lines.append(f"  {title}:")
        for name, samples in sorted(table.items(), key=lambda item: -item[1])[:top]:
            lines.append(f"    {samples / total:6.1%}  {name}")
    return "\n".join(lines)


def where(frame: str) -> str:
    """`(app/api/deps.py:41)` → `app/api/deps.py`; a library's file by its package path."""
    path = frame.rpartition(" (")[2].rstrip(")").rsplit(":", 1)[0]
    for marker in ("/site-packages/", "/work/main/", str(ROOT) + "/", "/lib/python3"):
        if marker in path:
            return path.split(marker, 1)[1]
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--follow", default="stream,poll,turns", help="stream, poll, turns")
    parser.add_argument("--variant", default="kozel24", help="the game the tables play")
    parser.add_argument("--instances", type=int, default=1, help="server processes")
    parser.add_argument(
        "--share",
        type=float,
        default=0.52,
        help="the paced runs ask for this share of the bare INSERT rate; the goal is at least "
        "half of it with a p99 under 50 ms, so ask a little more than half (the verdict "
        "judges the rate reached, not the rate asked)",
    )
    parser.add_argument(
        "--rate",
        type=float,
        help="the paced runs ask for this many moves/s instead (to compare two versions of "
        "the code at the same load, whatever each run's yardstick did)",
    )
    parser.add_argument("--profile", type=Path, help="sample each game run's server with py-spy")
    parser.add_argument(
        "--postgres", default=os.environ.get("KOZEL_TEST_POSTGRES_URL", DEFAULT_POSTGRES)
    )
    args = parser.parse_args()
    tune_gc()  # the clients' own collector pauses would count as the server's latency
    with fresh_postgres(args.postgres, "kozel_bench") as url:
        env = {**os.environ, "DATABASE_URL": url, "KOZEL_LOG_LEVEL": "warning"}
        env.setdefault("KOZEL_RATE_MOVES_PER_S", "1000")
        env.setdefault("KOZEL_RATE_POLLS_PER_S", "1000")
        print(
            f"{args.tables} tables of {args.variant}, {args.seconds:.0f} s a run, PostgreSQL, "
            f"{args.instances} server process(es)"
        )

        def bare(app: str) -> Callable[[int], list[str]]:
            def command(port: int) -> list[str]:
                module = f"bench.bare_insert_app:{app}"
                return [
                    sys.executable,
                    "-m",
                    "uvicorn",
                    module,
                    "--port",
                    str(port),
                    "--log-level",
                    "warning",
                ]

            return command

        clients = args.tables * game_of(args.variant).info.seat_counts[0]
        yardsticks: list[Run] = []
        for app, name in (("app", "POST bare INSERT"), ("pool_app", POOL_YARDSTICK)):
            with servers(bare(app), env, args.instances) as (bases, pids):
                inserts = functools.partial(bare_inserts, bases, clients, args.seconds)
                measuring, measuring.cpu = asyncio.run(measured(pids, inserts))
            measuring.report(name)
            yardsticks.append(measuring)
        yardstick, floor = yardsticks
        paced = args.rate or yardstick.rate * args.share

        for follow in args.follow.split(","):
            runs = ((None, "as fast as it goes"), (paced, f"asked for {paced:,.0f}/s"))
            for rate, name in runs:
                run_name = f"{follow}-{'full' if rate is None else 'paced'}"
                stacks = args.profile / run_name if args.profile else None
                with servers(serve, env, args.instances, stacks) as (bases, pids):
                    game = functools.partial(
                        play_tables,
                        bases,
                        args.tables,
                        args.seconds,
                        follow,
                        rate,
                        pids,
                        args.variant,
                    )
                    run = asyncio.run(game())
                run.report(f"moves ({follow}), {name}")
                print(f"{'':<4} {verdict(run, yardstick)}")
                print(f"{'':<4} {floor_share(run, floor)}")
                if stacks:
                    for found in sorted(stacks.parent.glob(f"{stacks.name}-*.txt")):
                        print(f"    profile {found}: {hot_functions(found)}")


def floor_share(run: Run, floor: Run) -> str:
    """The run against the INSERT as the store makes it (no goal is stated against it)."""
    share = run.rate / floor.rate if floor.rate else 0.0
    cpu = run.cpu_per_request("server") / floor.cpu_per_request("server")
    return (
        f"{share:.0%} of the bare INSERT through the store's pool; server CPU a move "
        f"{cpu:.1f} times its CPU an insert"
    )


def verdict(run: Run, yardstick: Run) -> str:
    """Issue #3's goal: at least half the bare INSERT rate, with a p99 under 50 ms."""
    share = run.rate / yardstick.rate if yardstick.rate else 0.0
    p99 = percentile([v * 1000 for v in run.latencies], 0.99)
    met = share >= 0.5 and p99 < 50 and run.errors == 0
    return (
        f"{share:.0%} of the bare INSERT rate, p99 {p99:.1f} ms: "
        f"goal (>= 50 %, p99 < 50 ms) {'met' if met else 'not met'}"
    )


if __name__ == "__main__":
    main()
