"""Canned views on the person's own table: the page's requests for that table are answered
(Playwright's request routing) from views the test makes of literal positions, through the
game's own wire adapter, and what the page posts is recorded. A position a dealt game
reaches only by chance (a coffin, a redeal demand) is shown so."""

from __future__ import annotations

import json
import random
from types import SimpleNamespace
from typing import Any

from playwright.sync_api import Page, Request, Route

from app.api.games.adapter import Adapter
from app.domain.commands import Resign, ShuffleDeck
from app.domain.registry import GAMES
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


def played_out(variant: str, seats: int, seed: int, resign: tuple[int, int] | None = None) -> Any:
    """A game of `variant` with its default options, played by the engine to its end: random
    legal moves (and shuffles) drawn from `seed`; with `resign` = (moves, seat), that seat
    resigns after so many moves. The game's own state, for `wire_view`."""
    game = GAMES[variant]
    rng = random.Random(seed)
    state: Any = None
    for event in game.start_game(game.parse_options({}, seats), seats, 0):
        state = game.evolve(state, event)
    moves = 0
    while not game.is_terminal(state):
        if resign is not None and moves == resign[0]:
            command: Any = Resign(resign[1])
        elif game.is_chance_node(state):
            command = ShuffleDeck(rng.randbytes(8))
        else:
            command = rng.choice(game.legal_actions(state, rng.choice(game.to_act(state))))
        for event in game.decide(state, command):
            state = game.evolve(state, event)
        moves += 1
    return state


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
