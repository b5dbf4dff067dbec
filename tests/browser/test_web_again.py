"""Again, watch, replay in the browser (issue 30, item 8): "Again" on the end screen asks for
a rematch, says who is still to ask and opens the new table once the other player asked; the
lobby lists the live tables to watch; the replay page steps through a finished game, jumps to
a deal and says the deck follows from the seed, as the API tells it; in English and Russian,
on a desktop and on a phone."""

# The page speaks Russian: its Cyrillic letters that look like Latin ones are meant.

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.table_page import AnyTablePage, check_no_sideways_scroll, choose_language
from tests.e2e.server import Server

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def person(page: Page, server: Server) -> Iterator[AnyTablePage]:
    table = AnyTablePage(page, server.url)
    yield table
    table.close()


@pytest.fixture
def boris(server: Server) -> Iterator[Other]:
    other = Other(server, "Boris")
    yield other
    other.http.close()


class Other:
    """A second player, through the API."""

    def __init__(self, server: Server, name: str) -> None:
        self.http = httpx.Client(base_url=server.url, timeout=30)
        body = self.http.post("/v1/players", json={"name": name}).json()
        self.http.headers["Authorization"] = f"Bearer {body['token']}"
        self.name = name

    def state(self, table_id: str) -> dict[str, Any]:
        view: dict[str, Any] = self.http.get(f"/v1/tables/{table_id}/state").json()
        return view

    def post(self, path: str, body: Any = None) -> dict[str, Any]:
        response = self.http.post(path, json=body)
        assert response.status_code == 200, response.text
        answer: dict[str, Any] = response.json()
        return answer


def finished_game(other: Other, deals: int) -> str:
    """Sixty-six against a random bot, played at random until deal `deals` has begun, then
    resigned."""
    created = other.http.post(
        "/v1/tables", json={"variant": "sixty_six", "seat": 0, "bots": {"1": "random"}}
    )
    table_id: str = created.json()["id"]
    rng = random.Random(5)
    view = other.state(table_id)
    while view["deal_no"] < deals and view["status"] == "playing":
        action = rng.choice(view["legal_actions"])
        view = other.post(f"/v1/tables/{table_id}/{action['endpoint']}", action["body"])
    if view["status"] == "playing":
        other.post(f"/v1/tables/{table_id}/resign", {})
    return table_id


def test_again_waits_for_the_other_player_then_opens_the_new_table(
    person: AnyTablePage, boris: Other
) -> None:
    page = person.page
    person.register("Anya")
    table_id = person.create_any_table("sixty_six", others={1: "friend"})
    assert boris.http.put(f"/v1/tables/{table_id}/seats/1").status_code == 200
    expect(page.locator("#resign")).to_be_visible()
    page.click("#resign")
    page.click("#resign-yes")
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#end-replay")).to_be_visible()
    again = page.locator("#end-again")
    expect(again).to_have_text("Again")
    choose_language(page, "ru")
    expect(again).to_have_text("Ещё раз")
    again.click()
    expect(page.locator("#end-again-wait")).to_have_text("Ждём остальных: Boris")
    expect(again).to_be_disabled()
    assert boris.state(table_id)["rematch"] == {"asked": [0], "table_id": None}

    answer = boris.post(f"/v1/tables/{table_id}/rematch")
    assert answer["status"] == "created"
    page.wait_for_url(f"**#table={answer['table_id']}")
    page.wait_for_selector("#screen-table[data-status=playing][data-my-seat='0']")
    expect(page.locator("#end")).to_be_hidden()


def test_the_lobby_lists_live_tables_to_watch(person: AnyTablePage, boris: Other) -> None:
    page = person.page
    created = boris.http.post(
        "/v1/tables",
        json={"variant": "bura", "seats": 3, "seat": 0, "bots": {"1": "random", "2": "random"}},
    )
    table_id = created.json()["id"]
    person.register("Anya")
    row = page.locator(f"#live-tables li[data-table='{table_id}']")
    expect(row).to_contain_text("Boris")
    choose_language(page, "ru")
    expect(row.locator("button")).to_have_text("Смотреть")
    row.locator("button").click()
    page.wait_for_url(f"**#table={table_id}")
    page.wait_for_selector("#screen-table[data-status=playing][data-my-seat='']")
    assert page.locator("#hand .card").count() == 0  # a spectator holds no hand


@pytest.mark.parametrize("size", [None, PHONE], ids=["desktop", "phone"])
def test_the_replay_steps_through_a_finished_game(
    person: AnyTablePage,
    boris: Other,
    server: Server,
    size: dict[str, int] | None,
    screenshots: Path | None,
) -> None:
    page = person.page
    if size:
        page.set_viewport_size(size)
    table_id = finished_game(boris, deals=2)
    page.goto(f"{server.url}/play#replay={table_id}")  # public: no name asked first
    screen = page.locator("#screen-replay")
    expect(screen).to_be_visible()
    first = boris.http.get(f"/v1/tables/{table_id}/replay/1").json()
    deal_1, deal_2 = first["deals"][0], first["deals"][1]
    expect(screen).to_have_attribute("data-version", str(deal_1["first_version"]))
    expect(page.locator("#replay-check")).to_have_text(
        "Deal 1: The deck follows from the seed: verified"
    )

    page.click("#replay-forward")
    version = deal_1["first_version"] + 1
    expect(screen).to_have_attribute("data-version", str(version))
    replay = boris.http.get(f"/v1/tables/{table_id}/replay/{version}").json()
    shown = page.eval_on_selector_all(".replay-hand", "hands => hands.map(h => h.dataset.hand)")
    assert shown == [" ".join(hand) for hand in replay["hands"] if hand]
    page.click("#replay-back")
    expect(screen).to_have_attribute("data-version", str(deal_1["first_version"]))

    page.select_option("#replay-deal", "2")
    expect(screen).to_have_attribute("data-version", str(deal_2["first_version"]))
    expect(screen).to_have_attribute("data-deal", "2")
    page.click("#replay-prev-deal")
    expect(screen).to_have_attribute("data-deal", "1")
    choose_language(page, "ru")
    expect(page.locator("#replay-check")).to_have_text(
        "Раздача 1: Колода следует из зерна: проверено"
    )
    if size:
        check_no_sideways_scroll(page)
    if screenshots:  # a few steps into the first deal: a trick on the table
        for _ in range(5):
            page.click("#replay-forward")
        name = "web-phone-replay.png" if size else "web-replay.png"
        page.screenshot(path=screenshots / name, full_page=True)
