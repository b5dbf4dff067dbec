"""Which answers keep their connection (`app.api.retry_after`): those whose client, back after
its Retry-After with a second to spare, still finds the connection open; the others close it.
(`tests/api/test_long_poll_cap.py` and `test_limits.py` see the header on the long-poll cap's
429 and not on the polling limit's; `tests/e2e/test_retry_after.py` plays the sequence.)"""

from __future__ import annotations

import pytest
from starlette.types import Receive, Scope, Send

from app.api.retry_after import CloseOnLongRetry


async def _app(scope: Scope, receive: Receive, send: Send) -> None:
    """(Not called.)"""


@pytest.mark.parametrize(
    ("retry_after", "idle_timeout_s", "keeps"),
    [
        (b"1", 5.0, True),
        (b"4", 5.0, True),
        (b"5", 5.0, False),  # the long-poll cap's against the default idle timeout
        (b"2", 3.0, True),
        (b"3", 3.0, False),
        (b"Wed, 21 Oct 2026 07:28:00 GMT", 60.0, False),
    ],
)
def test_an_answer_keeps_its_connection_only_if_the_client_comes_back_in_time(
    retry_after: bytes, idle_timeout_s: float, keeps: bool
) -> None:
    rule = CloseOnLongRetry(_app, idle_timeout_s)
    headers = [(b"content-type", b"application/problem+json"), (b"retry-after", retry_after)]
    assert rule.keeps(headers) is keeps
    assert rule.keeps(headers[:1]), "an answer without Retry-After keeps its connection"
