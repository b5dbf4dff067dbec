"""Profiles, histories and leaderboards at scale: are they answered from indexes?

    python bench/ratings_data.py [--players 100000] [--games 1000000] [--keep]

Makes a fresh, migrated PostgreSQL database and fills it in SQL (`generate_series`, no
round trip per row): `--players` accounts (one in 50 a bot account), `--games` finished
tables (every third a four-seat kozel24 game, the others two-seat sixty_six and bura, one a
second apart), a finished seat per player seat of each (seated players drawn over all
accounts), and a rating per account and variant (one in ten provisional). Then it prints,
for the queries the service sends for a profile, a history page (a deep one, by cursor) and
a leaderboard page (a deep one, by cursor), PostgreSQL's plan (`EXPLAIN (ANALYZE,
BUFFERS)`), whether any plan scans a table whole, and the latency of the service's own call
(`app/services/profiles.py`): median and p95 over 200 calls for random players and pages.
The database is dropped at the end unless `--keep`.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import psycopg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.db.database import create_engine  # noqa: E402
from app.services.profiles import Profiles  # noqa: E402
from bench.api import DEFAULT_POSTGRES, fresh_postgres, percentile  # noqa: E402

CALLS = 200

FILL = [
    (
        "players",
        """
        INSERT INTO players (id, name, bot, created_at)
        SELECT 'p' || lpad(i::text, 9, '0'), 'player ' || i, mod(i, 50) = 0,
               timestamptz '2026-01-01' + i * interval '1 second'
        FROM generate_series(1, %(players)s) AS i
        """,
    ),
    (
        "game_tables",
        """
        INSERT INTO game_tables
            (id, variant, status, options, version, deal_no, scores, created_at, updated_at)
        SELECT 'g' || lpad(g::text, 9, '0'),
               (ARRAY['kozel24', 'sixty_six', 'bura'])[1 + mod(g, 3)], 'finished',
               '{"rated": true}', 120, 6, '[12, 4]',
               timestamptz '2026-02-01' + g * interval '1 second',
               timestamptz '2026-02-01' + g * interval '1 second'
        FROM generate_series(1, %(games)s) AS g
        """,
    ),
    (
        "finished_seats",
        """
        INSERT INTO finished_seats
            (table_id, seat, variant, finished_at, holder, player_id, bot, place, result,
             rated, rating_before, rating_after)
        SELECT t.id, s.seat, t.variant, t.updated_at, p.id, p.id, NULL,
               CASE WHEN mod(t.n + s.seat, 2) = 0 THEN 1 ELSE 2 END,
               CASE WHEN mod(t.n + s.seat, 2) = 0 THEN 'won' ELSE 'lost' END,
               true, 10.0, 10.5
        FROM (SELECT id, variant, updated_at, substr(id, 2)::int AS n FROM game_tables) AS t
        CROSS JOIN LATERAL generate_series(0, CASE WHEN t.variant = 'kozel24' THEN 3 ELSE 1 END)
            AS s(seat)
        CROSS JOIN LATERAL (
            SELECT 'p' || lpad(
                (1 + mod(t.n::bigint * 7919 + s.seat * 104729, %(players)s))::text, 9, '0'
            ) AS id
        ) AS p
        """,
    ),
    (
        "ratings",
        """
        INSERT INTO ratings
            (holder, variant, player_id, bot, mu, sigma, rating, games, provisional,
             played, won, lost, last_finished_at, last_table_id)
        SELECT p.id, v.variant, p.id, p.bot, m.mu, m.sigma, m.mu - 3 * m.sigma,
               10 + mod(substr(p.id, 2)::int, 20), random() < 0.1, 30, 15, 15, now(), NULL
        FROM players p
        CROSS JOIN (VALUES ('kozel24'), ('sixty_six'), ('bura')) AS v(variant)
        CROSS JOIN LATERAL (
            SELECT round((15 + random() * 20)::numeric, 1)::float AS mu,
                   2 + random() * 4 AS sigma
        ) AS m
        """,
    ),
]

PROFILE = """
SELECT holder, variant, mu, sigma, rating, games, provisional, played, won, lost
FROM ratings WHERE player_id = %(player)s ORDER BY variant
"""
HISTORY = """
SELECT * FROM finished_seats
WHERE player_id = %(player)s AND (finished_at, table_id) < (%(at)s, %(table)s)
ORDER BY finished_at DESC, table_id DESC LIMIT 21
"""
HISTORY_SEATS = """
SELECT f.table_id, f.seat, f.bot, p.id, p.name, p.bot FROM finished_seats f
LEFT JOIN players p ON p.id = f.player_id
WHERE f.table_id = ANY(%(tables)s) ORDER BY f.table_id, f.seat
"""
LEADERBOARD = """
SELECT r.*, p.name FROM ratings r LEFT JOIN players p ON p.id = r.player_id
WHERE r.variant = 'kozel24' AND r.bot = false AND r.provisional = false
  AND (r.rating, r.holder) < (%(rating)s, %(holder)s)
ORDER BY r.rating DESC, r.holder DESC LIMIT 21
"""


def fill(dsn: str, players: int, games: int) -> None:
    with psycopg.connect(dsn, autocommit=True) as conn:
        for table, sql in FILL:
            started = time.perf_counter()
            conn.execute(sql, {"players": players, "games": games})  # type: ignore[arg-type]
            count = conn.execute(f"SELECT count(*) FROM {table}").fetchone()
            print(
                f"  {table}: {count[0] if count else 0:,} rows in "
                f"{time.perf_counter() - started:.1f} s"
            )
        conn.execute("VACUUM ANALYZE")


def explain(dsn: str, title: str, sql: str, params: dict[str, Any]) -> bool:
    """Print the plan; returns whether it scans a table whole."""
    with psycopg.connect(dsn) as conn:
        rows = conn.execute(f"EXPLAIN (ANALYZE, BUFFERS) {sql}", params).fetchall()  # type: ignore[arg-type]
    plan = "\n".join(f"    {row[0]}" for row in rows)
    print(f"\n{title}\n{plan}")
    return "Seq Scan" in plan


def sample(dsn: str, players: int) -> dict[str, Any]:
    """A player with games, a deep history cursor of that player, a deep leaderboard cursor."""
    with psycopg.connect(dsn) as conn:
        player = f"p{1 + players // 3:09d}"
        mine = conn.execute(
            "SELECT finished_at, table_id FROM finished_seats WHERE player_id = %s "
            "ORDER BY finished_at DESC, table_id DESC OFFSET 10 LIMIT 1",
            (player,),
        ).fetchone()
        board = conn.execute(
            "SELECT rating, holder FROM ratings WHERE variant = 'kozel24' AND NOT bot "
            "AND NOT provisional ORDER BY rating DESC, holder DESC OFFSET %s LIMIT 1",
            (players // 2,),
        ).fetchone()
        tables = conn.execute(
            "SELECT table_id FROM finished_seats WHERE player_id = %s LIMIT 20", (player,)
        ).fetchall()
    assert mine is not None
    assert board is not None
    return {
        "player": player,
        "at": mine[0],
        "table": mine[1],
        "rating": board[0],
        "holder": board[1],
        "tables": [t[0] for t in tables],
    }


async def latencies(url: str, players: int) -> None:
    engine = create_engine(url)
    profiles = Profiles(engine)
    rng = random.Random(1)
    try:
        await profiles.profile("p000000001")  # warm the pool
        calls = {
            "profile": profiles.profile,
            "history, first page": lambda p: profiles.games(p, None, 20, None),
            "leaderboard, first page": lambda p: profiles.leaderboard("kozel24", False, 20, None),
        }
        for name, call in calls.items():
            spent = []
            for _ in range(CALLS):
                player = f"p{rng.randint(1, players):09d}"
                started = time.perf_counter()
                await call(player)
                spent.append((time.perf_counter() - started) * 1000)
            print(
                f"  {name}: median {statistics.median(spent):.2f} ms, "
                f"p95 {percentile(spent, 0.95):.2f} ms"
            )
        for name, deep in [("history", _deep_history), ("leaderboard", _deep_board)]:
            spent = []
            for _ in range(CALLS // 4):
                started = time.perf_counter()
                pages = await deep(profiles, f"p{rng.randint(1, players):09d}")
                spent.append((time.perf_counter() - started) * 1000 / max(pages, 1))
            print(
                f"  {name}, every page by cursor: median {statistics.median(spent):.2f} ms "
                f"a page, p95 {percentile(spent, 0.95):.2f} ms"
            )
    finally:
        await engine.dispose()


async def _deep_history(profiles: Profiles, player: str) -> int:
    cursor, pages = None, 0
    while True:
        _, cursor = await profiles.games(player, None, 5, cursor)
        pages += 1
        if cursor is None:
            return pages


async def _deep_board(profiles: Profiles, player: str) -> int:
    cursor, pages = None, 0
    for _ in range(10):
        _, cursor = await profiles.leaderboard("kozel24", False, 100, cursor)
        pages += 1
        if cursor is None:
            break
    return pages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--postgres", default=DEFAULT_POSTGRES)
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    with ExitStack() as stack:
        url = stack.enter_context(fresh_postgres(args.postgres, "kozel_bench_ratings"))
        if args.keep:
            stack.pop_all()
        dsn = url.replace("postgresql+psycopg://", "postgresql://")
        print(f"filling {url}")
        started = time.perf_counter()
        fill(dsn, args.players, args.games)
        print(f"filled in {time.perf_counter() - started:.0f} s")
        found = sample(dsn, args.players)
        deep = args.players // 2
        scans = [
            explain(dsn, "PROFILE (ratings of one player)", PROFILE, found),
            explain(dsn, "HISTORY PAGE (by cursor, 11 games deep)", HISTORY, found),
            explain(dsn, "HISTORY PAGE: its tables' seats", HISTORY_SEATS, found),
            explain(dsn, f"LEADERBOARD PAGE (by cursor, {deep:,} places deep)", LEADERBOARD, found),
        ]
        print(f"\nsequential scans in these plans: {'some' if any(scans) else 'none'}")
        print(f"\nlatency of the service's calls ({CALLS} each, random players):")
        asyncio.run(latencies(url, args.players))


if __name__ == "__main__":
    main()
