"""What the connections of one server share (`app.api.connections`): the limits, the
connections that may give way to a new one in the order they would, the tallies of closings,
and the answers sent on a connection before it is closed."""

from __future__ import annotations

import logging
import math
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import orjson

from app.api.problems import STATUS, TITLES
from app.metrics import CONNECTIONS_CLOSED

if TYPE_CHECKING:
    from app.api.connections import GuardedProtocol

log = logging.getLogger("kozel.connections")

LOG_EVERY_S = 10.0


def problem_answer(code: str, reason: str, detail: str, retry_after_s: int | None = None) -> bytes:
    """A whole problem+json response that closes its connection, written by the guard itself
    (no request is served to send it)."""
    body = orjson.dumps(
        {
            "type": f"https://kozel.example/problems/{code}",
            "title": TITLES[code],
            "status": STATUS[code],
            "detail": detail,
            "code": code,
        }
    )
    retry = "" if retry_after_s is None else f"retry-after: {retry_after_s}\r\n"
    head = (
        f"HTTP/1.1 {STATUS[code]} {reason}\r\n"
        "content-type: application/problem+json\r\n"
        f"content-length: {len(body)}\r\n"
        f"{retry}connection: close\r\n\r\n"
    )
    return head.encode() + body


REFUSAL = problem_answer(
    "too_many_connections",
    "Service Unavailable",
    "this instance holds as many connections as it may; retry shortly",
    retry_after_s=1,
)


class Tally:
    """Counts one kind of closing and logs it: the first at once, then at most one line
    every `LOG_EVERY_S` with how many came since the line before."""

    def __init__(self, reason: str, message: str) -> None:
        self.reason, self.message = reason, message
        self._count = 0
        self._logged_at = -math.inf

    def add(self, now: float, **details: Any) -> None:
        CONNECTIONS_CLOSED.labels(self.reason).inc()
        self._count += 1
        if now - self._logged_at >= LOG_EVERY_S:
            log.warning(
                self.message.format(count=self._count, **details),
                extra={"event": f"connections_{self.reason}"},
            )
            self._count, self._logged_at = 0, now


class Guard:
    def __init__(
        self, max_connections: int, header_timeout_s: float, body_timeout_s: float
    ) -> None:
        self.max_connections = max_connections
        self.header_timeout_s = header_timeout_s
        self.body_timeout_s = body_timeout_s
        self.timed_out_answer = problem_answer(
            "request_timeout",
            "Request Timeout",
            f"the request body did not arrive within {body_timeout_s:g} s",
        )
        self.stalling: OrderedDict[GuardedProtocol, None] = OrderedDict()
        """Connections that hold a place while sending nothing useful: nothing yet, part of
        a request head, or a body not yet whole; the longest stalling first."""
        self.idle: OrderedDict[GuardedProtocol, None] = OrderedDict()
        """Keep-alive connections between requests, the longest idle first."""
        self.closing = 0
        """Connections the guard has closed that the server still counts (until their
        `connection_lost`, a turn of the loop later)."""
        self.header_timeouts = Tally(
            "header_timeout",
            "closed {count} connection(s) that sent no whole request head within {timeout} s",
        )
        self.body_timeouts = Tally(
            "body_timeout",
            "closed {count} connection(s) whose request body did not arrive within "
            "{timeout} s, with 408",
        )
        self.evictions = Tally(
            "evicted",
            "at the cap of {cap} connections: closed {count} that stalled (or idled) longest, "
            "for new ones",
        )
        self.refusals = Tally(
            "refused",
            "at the cap of {cap} connections, all busy with requests: refused {count} new "
            "one(s) with 503",
        )

    def next_to_give_way(self) -> GuardedProtocol | None:
        """The connection that gives way to a new one at the cap: the longest stalling, else
        the longest idle; None when every connection waits on the server."""
        for queue in (self.stalling, self.idle):
            if queue:
                return next(iter(queue))
        return None
