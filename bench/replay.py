"""What a replay request costs (`GET /v1/tables/{id}/replay/{version}`) for a long game: a
game (kozel24 by default, `--variant`) of a person playing at random against random bots is
played to its end, then replays at versions spread over its log are asked, and the public
view of the finished table beside them (the floor of a request that renders a view).

    python bench/replay.py [--variant kozel24] [--requests 60] [--postgres URL]

The app runs in this process (httpx's ASGI transport, no sockets): the figures are the
server's work per request plus a small client share. A replay reads the whole log of the
table and folds it up to the version asked, so its cost grows with the version; the figures
say by how much.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.api.main import create_app  # noqa: E402
from app.config import Settings  # noqa: E402
from app.db.migrate import upgrade  # noqa: E402
from bench.api import fresh_postgres  # noqa: E402

UNLIMITED = {"rate_moves_per_s": 1e6, "rate_messages_per_min": 1e6, "rate_polls_per_s": 1e6}


async def long_game(http: httpx.AsyncClient, variant: str, rng: random.Random) -> str:
    player = (await http.post("/v1/players", json={"name": "bench"})).json()
    http.headers["Authorization"] = f"Bearer {player['token']}"
    seats = (await http.get(f"/v1/games/{variant}")).json()["seats"][0]
    bots = {str(seat): "random" for seat in range(1, seats)}
    body = {"variant": variant, "seat": 0, "bots": bots}
    table = (await http.post("/v1/tables", json=body)).json()
    view = (await http.get(f"/v1/tables/{table['id']}/state")).json()
    while view["status"] != "finished":
        action = rng.choice(view["legal_actions"])
        answer = await http.post(
            f"/v1/tables/{table['id']}/{action['endpoint']}", json=action["body"]
        )
        view = answer.json()
    del http.headers["Authorization"]
    return str(table["id"])


async def timed(http: httpx.AsyncClient, path: str) -> tuple[float, float]:
    """Wall and CPU milliseconds of one request."""
    wall, cpu = time.perf_counter(), time.process_time()
    response = await http.get(path)
    assert response.status_code == 200, response.text
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


def line(name: str, samples: list[tuple[float, float]]) -> str:
    walls = sorted(w for w, _ in samples)
    cpus = [c for _, c in samples]
    p90 = walls[int(len(walls) * 0.9) - 1] if len(walls) >= 10 else max(walls)
    return (
        f"{name:<34} wall p50 {statistics.median(walls):7.2f} ms  p90 {p90:7.2f} ms  "
        f"cpu mean {statistics.fmean(cpus):7.2f} ms  ({len(samples)} requests)"
    )


async def run(args: argparse.Namespace, url: str) -> None:
    app = create_app(Settings(database_url=url, **UNLIMITED), chance=random.Random(1))
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://bench") as http:
            started = time.perf_counter()
            table_id = await long_game(http, args.variant, random.Random(args.seed))
            played = time.perf_counter() - started
            last = (await http.get(f"/v1/tables/{table_id}/replay/1")).json()["last_version"]
            deals = len((await http.get(f"/v1/tables/{table_id}/replay/1")).json()["deals"])
            kind = "PostgreSQL" if args.postgres else "SQLite"
            print(f"{args.variant} on {kind}")
            print(f"the game: {last} events, {deals} deals (played in {played:.1f} s)")
            cold = await timed(http, f"/v1/tables/{table_id}/replay/{last}")
            print(line("replay, cold: the whole log folded", [cold]))
            rng = random.Random(2)
            for name, low, high in (
                ("replay, first tenth of the log", 1, max(1, last // 10)),
                ("replay, middle of the log", last // 2 - last // 20, last // 2 + last // 20),
                ("replay, last tenth of the log", last - last // 10, last),
            ):
                samples = [
                    await timed(http, f"/v1/tables/{table_id}/replay/{rng.randint(low, high)}")
                    for _ in range(args.requests)
                ]
                print(line(name, samples))
            view = [await timed(http, f"/v1/tables/{table_id}/state") for _ in range(args.requests)]
            print(line("public view (GET …/state)", view))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=60)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--variant", default="kozel24")
    parser.add_argument(
        "--postgres", default=None, help="a PostgreSQL server's admin URL (else SQLite)"
    )
    args = parser.parse_args()
    if args.postgres:  # a fresh database of its own, dropped afterwards
        with fresh_postgres(args.postgres, "bench_replay") as url:
            asyncio.run(run(args, url))
        return
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite+aiosqlite:///{folder}/bench.sqlite3"
        upgrade(url)  # Alembic runs its own event loop: before this one
        asyncio.run(run(args, url))


if __name__ == "__main__":
    main()
