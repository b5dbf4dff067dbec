"""K-16: the table, not the game, keeps its messages."""

from __future__ import annotations

from datetime import UTC, datetime

from app.domain.lobby import TableCreated
from app.domain.messages import MessagePosted
from app.services.table_log import MESSAGE_HISTORY, Table


def test_k16_the_table_keeps_the_recent_messages() -> None:
    table = Table("t")
    at = datetime(2026, 12, 1, tzinfo=UTC)
    table.apply(TableCreated("kozel24", 4, {}, None, None), 1, at)
    for n in range(120):
        table.apply(MessagePosted(n % 4, str(n)), n + 2, at)
    texts = [m.text for m in table.messages]
    assert len(texts) == MESSAGE_HISTORY
    assert texts[-1] == "119"
