"""A small typed client for the Kozel API (httpx), for bot authors.

It knows the long-poll loop, retries a move with the same `move_id` after a network error,
and waits out 429 `rate_limited` answers for their `Retry-After`.

    client = KozelClient("http://127.0.0.1:8000")
    client.register("my-bot")
    for table_id, version in client.turns(wait=30):
        view = client.state(table_id)
        client.act(table_id, view["legal_actions"][0], expected_version=view["version"])
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from typing import Any

import httpx

View = dict[str, Any]
Action = dict[str, Any]


class KozelError(Exception):
    """A problem+json answer: `code` is stable (`illegal_move`, `version_conflict`, ...)."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(f"{status} {body.get('code')}: {body.get('detail')}")
        self.status, self.code, self.body = status, str(body.get("code")), body


class KozelClient:
    def __init__(self, base_url: str, token: str | None = None, timeout: float = 40.0) -> None:
        self._http = httpx.Client(base_url=base_url, timeout=timeout)
        self.token = token

    def close(self) -> None:
        self._http.close()

    def register(self, name: str) -> str:
        """Create a player; keeps and returns its token (shown only this once)."""
        self.token = self._call("POST", "/v1/players", json={"name": name})["token"]
        return self.token

    def create_table(self, seat: int | None = 0, bots: dict[int, str] | None = None) -> str:
        body = {"seat": seat, "bots": {str(s): level for s, level in (bots or {}).items()}}
        return str(self._call("POST", "/v1/tables", json=body)["id"])

    def sit(self, table_id: str, seat: int) -> None:
        self._call("PUT", f"/v1/tables/{table_id}/seats/{seat}")

    def state(self, table_id: str, since_version: int | None = None, wait: float = 0) -> View:
        params: dict[str, Any] = {}
        if since_version is not None:
            params = {"since_version": since_version, "wait": wait}
        view = self._call("GET", f"/v1/tables/{table_id}/state", params=params)
        return view if view is not None else self.state(table_id)

    def turns(self, wait: float = 30) -> Iterator[tuple[str, int]]:
        """Forever: the tables where this player must act (long-polls between answers)."""
        while True:
            for turn in self._call("GET", "/v1/players/me/turns", params={"wait": wait}):
                yield turn["table_id"], turn["version"]

    def act(self, table_id: str, action: Action, expected_version: int | None = None) -> View:
        """Post one of the view's legal actions; a network error is retried with the same
        move id, so the move happens at most once."""
        body = {**action["body"], "move_id": uuid.uuid4().hex}
        if expected_version is not None:
            body["expected_version"] = expected_version
        path = f"/v1/tables/{table_id}/{action['endpoint']}"
        for attempt in range(5):
            try:
                result: View = self._call("POST", path, json=body)
                return result
            except httpx.TransportError:
                time.sleep(0.5 * (attempt + 1))
        raise RuntimeError(f"could not reach the server for {path}")

    def _call(self, method: str, path: str, **kwargs: Any) -> Any:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        while True:
            response = self._http.request(method, path, headers=headers, **kwargs)
            if response.status_code == 429:  # rate limited: wait as told, then again
                time.sleep(float(response.headers.get("Retry-After", "1")))
                continue
            if response.status_code == 304:
                return None
            body = response.json()
            if response.status_code >= 400:
                raise KozelError(response.status_code, body)
            return body
