"""Which wake-up channel an instance uses (`app.db.wakeup.Channel`)."""

from __future__ import annotations

from sqlalchemy.engine import make_url

from app.db.wakeup import Channel
from app.db.wakeup_pg import PostgresChannel


def open_channel(database_url: str, kind: str, nats_url: str) -> Channel | None:
    """PostgreSQL's NOTIFY (`kind` "notify") or NATS ("nats") on PostgreSQL; on SQLite none:
    one process hears its own commits."""
    if make_url(database_url).get_backend_name() != "postgresql":
        return None
    if kind == "nats":
        from app.db.wakeup_nats import NatsChannel

        return NatsChannel(nats_url)
    return PostgresChannel(database_url)
