"""A person at the web table: fills in the forms and clicks what the page offers, nothing else.
The API is read beside it (with the same token) to check what the page shows."""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

import httpx
from playwright.sync_api import Page

BUSY_DONE = "body[data-busy=false]"
ACTIONABLE = (
    "#cut-go:enabled",
    "#exchange-yes:enabled",
    "#claim:enabled",
    "#hand .card.legal:enabled",
)
READY = ", ".join([*(f"{BUSY_DONE} {what}" for what in ACTIONABLE), "#end:not([hidden])"])

# K-3 and the page's order of the plain suits after the trumps.
TRUMPS = ["6C", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AC", "10C", "KC"]
PLAIN = [f"{rank}{suit}" for suit in "HSD" for rank in ("A", "10", "K", "6")]
HAND_ORDER = TRUMPS + PLAIN


@dataclass
class Clicks:
    """What a person clicked during a game."""

    cards: int = 0
    cuts: dict[int, int] = field(default_factory=dict)
    """deal number -> the cut position chosen on the slider"""
    exchanges: int = 0
    claims: int = 0


class TablePage:
    def __init__(self, page: Page, base_url: str) -> None:
        self.page = page
        self.base_url = base_url
        self.api = httpx.Client(base_url=base_url, timeout=30)

    def close(self) -> None:
        self.api.close()

    # Getting to a table, as a person does

    def register(self, name: str) -> None:
        self.page.goto(f"{self.base_url}/play")
        self.page.fill("#register-name", name)
        self.page.click("#register-submit")
        self.page.wait_for_selector("#screen-lobby:not([hidden])")

    def create_table(self, bots: str = "random", clock: str = "") -> str:
        for seat in (1, 2, 3):
            self.page.select_option(f"#new-seat-{seat}", bots)
        if clock:
            self.page.select_option("#new-clock", clock)
        self.page.click("#new-table-submit")
        self.page.wait_for_selector("body[data-version]")
        return self.table_id

    @property
    def table_id(self) -> str:
        match = re.search(r"table=([0-9a-f-]{36})", self.page.url)
        assert match, self.page.url
        return match.group(1)

    # What the page shows

    @property
    def version(self) -> int:
        return int(self.page.get_attribute("body", "data-version") or -1)

    def hand(self) -> list[str]:
        return self.page.eval_on_selector_all(
            "#hand .card", "cards => cards.map(c => c.dataset.card)"
        )

    def enabled_cards(self) -> set[str]:
        return set(
            self.page.eval_on_selector_all(
                "#hand .card", "cards => cards.filter(c => !c.disabled).map(c => c.dataset.card)"
            )
        )

    def face_up_cards(self) -> set[str]:
        """Every card face the page shows anywhere."""
        return set(
            self.page.eval_on_selector_all(
                ".card[data-card]", "cards => cards.map(c => c.dataset.card)"
            )
        )

    def wait_until_ready(self) -> None:
        self.page.wait_for_selector(READY)

    def game_over(self) -> bool:
        return self.page.locator("#end").is_visible()

    # The API beside it, with the page's own token

    @property
    def token(self) -> str:
        stored = self.page.evaluate("() => localStorage.getItem('kozel.player')")
        token: str = json.loads(stored)["token"]
        return token

    def state(self) -> dict[str, Any]:
        response = self.api.get(
            f"/v1/tables/{self.table_id}/state",
            headers={"Authorization": f"Bearer {self.token}"},
        )
        assert response.status_code == 200, response.text
        view: dict[str, Any] = response.json()
        return view

    def settled_state(self) -> dict[str, Any]:
        """The API's view at the version the page shows (bots move only after our moves)."""
        view = self.state()
        assert view["version"] == self.version, (view["version"], self.version)
        return view

    # Playing, as a person does

    def step(self, rng: random.Random, clicks: Clicks) -> bool:
        """Wait for something to do and do it; False once the game is over."""
        self.wait_until_ready()
        if self.game_over():
            return False
        before = self.version
        page = self.page
        if page.locator("#cut-go").is_visible():
            page.focus("#cut-position")  # the cut is a choice: move the slider, then cut
            key = rng.choice(["ArrowLeft", "ArrowRight"])
            for _ in range(rng.randrange(8)):
                page.keyboard.press(key)
            deal = int(page.get_attribute("#screen-table", "data-deal") or 0)
            clicks.cuts[deal] = int(page.input_value("#cut-position"))
            page.click("#cut-go")
        elif page.locator("#exchange-yes").is_visible():
            page.click(rng.choice(["#exchange-yes", "#exchange-keep"]))
            clicks.exchanges += 1
        elif page.locator("#claim").is_visible():
            page.click(rng.choice(["#claim", "#play-on"]))
            clicks.claims += 1
        else:
            cards = page.locator("#hand .card.legal:enabled")
            cards.nth(rng.randrange(cards.count())).click()
            clicks.cards += 1
        page.wait_for_selector(f"{BUSY_DONE}:not([data-version='{before}'])")
        return True


def legal_cards(view: dict[str, Any]) -> set[str]:
    """The cards the view lets its seat play or give."""
    found = set()
    for action in view["legal_actions"]:
        body = action["body"]
        if body.get("type") == "play":
            found.add(body["card"])
        elif "give" in body:
            found.add(body["give"])
    return found


def visible_to_seat(view: dict[str, Any]) -> set[str]:
    """Every card the seat's view contains."""
    seen = set(view["my_hand"] or [])
    for trick in [view["trick"], view["last_trick"], *view["tricks"]]:
        if trick:
            seen |= {play["card"] for play in trick["cards"]}
    for exchange in view["exchanges"]:
        seen |= {card for card in (exchange["trump"], exchange["given"]) if card}
    return seen
