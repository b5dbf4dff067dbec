"""The service's settings: one class, read from the environment (`KOZEL_…`)."""

from __future__ import annotations

import resource
from functools import lru_cache
from typing import Literal

from pydantic import AliasChoices, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///var/kozel.sqlite3"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="KOZEL_", extra="ignore")

    database_url: str = Field(
        default=DEFAULT_DATABASE_URL,
        validation_alias=AliasChoices("KOZEL_DATABASE_URL", "DATABASE_URL"),
        description="SQLAlchemy URL; postgresql://… and sqlite:///… are accepted as well.",
    )
    db_pool_size: int = 10
    """Database connections per instance for reads and appends (PostgreSQL)."""
    host: str = "127.0.0.1"
    port: int = 8000
    forwarded_allow_ips: str = "127.0.0.1,::1"
    """The proxies whose `X-Forwarded-For` gives the client's address (comma-separated, `*`
    for any): sign-ins are throttled per client address, and behind a proxy that is not
    trusted every client would share the proxy's."""
    header_timeout_s: float = 5.0
    """A connection that has not sent a whole request head this long after it opened (or
    after its last response: the idle keep-alive timeout) is closed. An answer whose
    `Retry-After`, plus a second, is longer closes its connection (`app.api.retry_after`)."""
    body_timeout_s: float = 5.0
    """A request body that is not whole this long after its head gets 408 `request_timeout`,
    and its connection is closed."""
    max_connections: int | None = None
    """Connections an instance holds at once (see `app/api/connections.py`); None: the
    process's limit of open files less `FILES_RESERVED` and the database pool."""
    max_body_bytes: int = 65_536
    """Request bodies above this size get 413 `payload_too_large` before they are read."""
    log_level: str = "info"
    """debug, info, warning or error; logs are JSON lines on stdout."""
    cors_origins: list[str] = []
    """Origins allowed to call the API from a browser (JSON list); none by default."""
    shutdown_grace_s: float = 10.0
    """After SIGTERM: how long in-flight requests may take before they are cut."""
    drain_delay_s: float = 1.0
    """After SIGTERM: how long /readyz answers 503 (and long-polls are released) before the
    process stops taking requests, so a load balancer can take it out first."""
    long_poll_max_s: float = 30.0
    """The longest `wait` a long-poll may ask for."""
    gc_tuning: bool = True
    """`kozel serve` freezes what it made at start and collects garbage less often (see
    `app/api/server.py`): fewer, shorter pauses under load."""
    stream_max_s: float = 300.0
    """How long a view stream stays open before the client reconnects (with Last-Event-ID)."""
    streams_per_token: int = 8
    """Per token (or address without one), per instance: view streams open at once."""
    stream_heartbeat_s: float = 30.0
    """A quiet stream sends a comment this often, so proxies keep it open."""
    default_move_clock_s: int | None = None
    """The move clock of tables whose creator does not set `move_clock_s` (None: no clock)."""
    rate_moves_per_s: float = 20.0
    """Per token: game actions (moves, exchange, resign) per second, with bursts of 20."""
    rate_messages_per_min: float = 12.0
    """Per token: table messages per minute, with bursts of 5 (K-16)."""
    rate_polls_per_s: float = 50.0
    """Per token (or address): reads of views, turns and logs per second, bursts of 40."""
    recheck_interval_s: float = 1.0
    """While the wake-up channel is down, waiting followers re-read the database this often
    (otherwise they wait on wake-ups alone: `app/db/wakeup.py`)."""
    safety_recheck_s: float = 30.0
    """Each followed table or player is re-read this often (jittered: 0.75 to 1.25 times it) in
    case a wake-up was lost without a trace."""
    wakeup_grace_s: float = 5.0
    """A numbered wake-up notification that has not come this long after a later one did is
    lost: the waiters it may concern re-read the database."""
    wakeup: Literal["notify", "nats"] = "notify"
    """How wake-ups reach the other instances on PostgreSQL: `notify` (PostgreSQL's NOTIFY,
    one database) or `nats` (a NATS server, `nats_url`). SQLite (one process) needs neither."""
    nats_url: str = "nats://127.0.0.1:4222"
    max_long_polls: int = 10_000
    """Per instance: long-polls (state and turns) waiting at once; one more that would have
    to wait is answered at once with 429 `rate_limited` and `Retry-After` (load shedding:
    waiting costs no database read, but each holds a connection, a descriptor and ~30 KiB)."""
    clock_interval_s: float = 0.5
    """How often an instance looks for seats whose move clock ran out."""
    seek_sweep_s: float = 1.0
    """How often (on average, jittered) an instance sweeps the seeks."""


FILES_RESERVED = 100
"""Descriptors kept for everything but client connections: the database pools, the wake-up
listener, logs, the event loop's own."""


def connection_cap(settings: Settings) -> int:
    """`max_connections`, or what the descriptor limit leaves for connections."""
    if settings.max_connections is not None:
        return settings.max_connections
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        soft = 65_536
    return max(16, soft - FILES_RESERVED - settings.db_pool_size)


@lru_cache
def get_settings() -> Settings:
    return Settings()


def async_url(url: str) -> str:
    """The URL with the async driver this service uses (psycopg 3, aiosqlite)."""
    for plain, driver in (
        ("postgresql://", "postgresql+psycopg://"),
        ("postgres://", "postgresql+psycopg://"),
        ("sqlite://", "sqlite+aiosqlite://"),
    ):
        if url.startswith(plain):
            return driver + url[len(plain) :]
    return url
