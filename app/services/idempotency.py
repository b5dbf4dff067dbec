"""When a `move_id` or an `Idempotency-Key` sent again names the same request: the digest kept
with it.

Two requests are the same when they ask the same thing: the same endpoint and the same body
as the server reads it (defaults filled in, the id itself left out). The digest is the SHA-256
of that, written as canonical JSON: keys sorted, no white space, UTF-8. So key order, white
space, `5.0` for `5` or a default spelled out do not make a request another one; anything
else does, and is refused (`IdempotencyMismatch`, 409 `idempotency_mismatch`) rather than
answered with the first result.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from app.services.errors import IdempotencyMismatch


def digest(endpoint: str, body: Mapping[str, Any]) -> str:
    """The digest of a request to `endpoint` with `body` (JSON values)."""
    canonical = json.dumps(
        {"endpoint": endpoint, "body": body},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        allow_nan=False,
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


def check(kept: str | None, sent: str, what: str) -> None:
    """Refuse a request sent again under `what` (its id) with another digest than the kept
    one. A record kept before digests were (None) matches any request."""
    if kept is not None and kept != sent:
        raise IdempotencyMismatch(
            f"{what} was sent before with another request; a retry sends the same request "
            "again, a new request needs a new id"
        )
