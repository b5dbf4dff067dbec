"""Canned views on the person's own table: the page's requests for that table are answered
(Playwright's request routing) from views the test makes of literal positions, through the
game's own wire adapter, and what the page posts is recorded. A position a dealt game
reaches only by chance (a coffin, a redeal demand) is shown so."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from playwright.sync_api import Page, Request, Route

from app.api.games.adapter import Adapter
from tests.browser.table_page import TablePage


def wire_view(
    adapter: Adapter,
    state: Any,
    table_id: str,
    version: int,
    seat: int = 0,
    move_clock_s: int | None = None,
) -> dict[str, Any]:
    """Seat `seat`'s view of `state`, as `GET …/state` sends it."""
    table = SimpleNamespace(
        state=state,
        id=table_id,
        variant=adapter.variant,
        version=version,
        status="finished" if adapter.game.is_terminal(state) else "playing",
        messages=[],
        lobby=SimpleNamespace(created=SimpleNamespace(move_clock_s=move_clock_s)),
        deadlines=dict,
    )
    view: dict[str, Any] = adapter.view(table, seat)  # type: ignore[arg-type]
    return view


class CannedTable:
    """The person's real table, its state answered with `current`. A post is recorded and
    answered with the next of `answers`; a long-poll waits until `push`."""

    def __init__(self, person: TablePage, current: dict[str, Any]) -> None:
        self.table_id = person.table_id
        self.summary = person.api.get(f"/v1/tables/{self.table_id}").json()
        self.current = current
        self.answers: list[dict[str, Any]] = []
        self.posts: list[tuple[str, dict[str, Any]]] = []
        self.held: list[Route] = []

    def handle(self, route: Route, request: Request) -> None:
        path = request.url.split("?")[0]
        if request.method == "GET" and path.endswith(f"/tables/{self.table_id}"):
            route.fulfill(json=self.summary)
        elif request.method == "GET" and "since_version" in request.url:
            self.held.append(route)  # nothing new: the long-poll waits
        elif request.method == "GET":
            route.fulfill(json=self.current)
        else:
            self.posts.append((path.rsplit("/", 1)[1], json.loads(request.post_data or "{}")))
            assert self.answers, f"a post nobody expected: {self.posts[-1]}"
            self.current = self.answers.pop(0)
            route.fulfill(json=self.current)

    def show(self, page: Page, view: dict[str, Any] | None = None) -> None:
        """Route the table's requests here, and load the page on `view` (or `current`)."""
        if view is not None:
            self.current = view
        page.unroute(f"**/v1/tables/{self.table_id}**")
        page.route(f"**/v1/tables/{self.table_id}**", self.handle)
        page.reload()
        page.wait_for_selector(f"body[data-busy=false][data-version='{self.current['version']}']")

    def push(self, view: dict[str, Any]) -> None:
        """The next version, as the waiting long-poll's answer."""
        self.current = view
        while self.held:
            self.held.pop().fulfill(json=view)
