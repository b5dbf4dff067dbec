"""Prometheus metrics of this process (scraped at GET /metrics)."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

REGISTRY = CollectorRegistry(auto_describe=True)

REQUESTS = Counter(
    "kozel_http_requests_total",
    "HTTP requests by route template, method and status.",
    ["route", "method", "status"],
    registry=REGISTRY,
)
LATENCY = Histogram(
    "kozel_http_request_duration_seconds",
    "HTTP request latency by route template and method.",
    ["route", "method"],
    buckets=(0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
    registry=REGISTRY,
)
MOVES = Counter(
    "kozel_moves_total",
    "Game actions posted by clients: `accepted`, or the error code they were refused with.",
    ["result"],
    registry=REGISTRY,
)
VERSION_CONFLICTS = Counter(
    "kozel_version_conflicts_total",
    "Appends that lost a race for a table version (retried or answered with 409).",
    registry=REGISTRY,
)
OPEN_LONG_POLLS = Gauge(
    "kozel_open_long_polls",
    "Long-polls (state and turns) waiting right now.",
    registry=REGISTRY,
)
LONG_POLLS_REFUSED = Counter(
    "kozel_long_polls_refused_total",
    "Long-polls answered at once with 429 because the instance held KOZEL_MAX_LONG_POLLS "
    "waiting ones, by kind (`state`, `turns`).",
    ["kind"],
    registry=REGISTRY,
)
OPEN_STREAMS = Gauge(
    "kozel_open_streams",
    "View streams (`GET /v1/tables/{id}/stream`) open right now.",
    registry=REGISTRY,
)
OPEN_CONNECTIONS = Gauge(
    "kozel_open_connections",
    "HTTP connections open right now (KOZEL_MAX_CONNECTIONS caps them).",
    registry=REGISTRY,
)
CONNECTIONS_CLOSED = Counter(
    "kozel_connections_closed_total",
    "Connections the server closed itself: `header_timeout` (no whole request head in time), "
    "`body_timeout` (no whole request body in time: 408), `evicted` (at the cap, the one that "
    "stalled longest, else the one idle longest), `refused` (over the cap, every connection "
    "served: 503).",
    ["reason"],
    registry=REGISTRY,
)
VIEWS_SERVED = Counter(
    "kozel_views_served_total",
    "Views answered, by whether their body was rendered for the request or shared (one "
    "rendering per table, version and seat).",
    ["body"],
    registry=REGISTRY,
)
TURNS_ANSWERED = Counter(
    "kozel_turns_answered_total",
    "Turn lists answered (`GET /v1/players/me/turns`), by where the list came from: `database` "
    "(a query), `wake-up` (a waiting poll woken by the commit that gave the turn), or `book` "
    "(an empty list: the turns book knew the player had no turn, and none came while it "
    "waited).",
    ["source"],
    registry=REGISTRY,
)
TURNS_BEGUN = Counter(
    "kozel_turns_polls_begun_total",
    "Turn polls that may wait, by how each began: `database` (a query) or `book` (the turns "
    "book knew the player had no turn: no query).",
    ["source"],
    registry=REGISTRY,
)
WAKEUP_CHECKS = Counter(
    "kozel_wakeup_checks_total",
    "Keys whose waiters were woken to read the database once, though no commit was heard for "
    "them, by why: `gap` (a numbered notification never came), `connected` / `disconnected` "
    "(the wake-up channel came or went), `fallback` (the channel is down), `safety` (the "
    "periodic re-check), `subscribed` (a NATS subscription began).",
    ["reason"],
    registry=REGISTRY,
)
WAITER_READS = Counter(
    "kozel_waiter_reads_total",
    "Database reads made by followers (streams, long-polls, turns polls) once they wait, by "
    "what: `table` (a table's version, shared by the waiters woken together), `turns`, or "
    "`safety` (one query for every table or player due for the safety re-check).",
    ["what"],
    registry=REGISTRY,
)
GAMES_STARTED = Counter("kozel_games_started_total", "Games started.", registry=REGISTRY)
GAMES_FINISHED = Counter("kozel_games_finished_total", "Games finished.", registry=REGISTRY)
BOT_THINK = Histogram(
    "kozel_bot_think_seconds",
    "Time a server bot took to choose an action, by level.",
    ["level"],
    buckets=(0.0001, 0.001, 0.005, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5),
    registry=REGISTRY,
)
BOT_SEARCHES_CUT_SHORT = Counter(
    "kozel_bot_searches_cut_short_total",
    "Server bot moves whose search the wall-clock safety cap stopped before its fixed budget "
    "was spent (a machine in trouble: the move was weaker than its level), by level.",
    ["level"],
    registry=REGISTRY,
)
