"""Logs: one JSON object per line, with the request id and, where they apply, the table, the
seat and the version. Never a card or a token: only identifiers and numbers are attached."""

from __future__ import annotations

import json
import logging
import sys
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

request_id: ContextVar[str | None] = ContextVar("request_id", default=None)
table_id: ContextVar[str | None] = ContextVar("table_id", default=None)
seat: ContextVar[int | None] = ContextVar("seat", default=None)
version: ContextVar[int | None] = ContextVar("version", default=None)

_CONTEXT: dict[str, ContextVar[Any]] = {
    "request_id": request_id,
    "table_id": table_id,
    "seat": seat,
    "version": version,
}
_EXTRA = ("method", "route", "path", "status", "duration_ms", "event")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, var in _CONTEXT.items():
            value = var.get()
            if value is not None:
                line[key] = value
        for key in _EXTRA:
            value = getattr(record, key, None)
            if value is not None:
                line[key] = value
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def configure(level: str) -> None:
    """Send every logger (uvicorn's too) through one JSON handler on stdout."""
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error"):
        logging.getLogger(name).handlers = []
        logging.getLogger(name).propagate = True
    # The access log is written by our middleware (with the route template and request id).
    logging.getLogger("uvicorn.access").disabled = True
