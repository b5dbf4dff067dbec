"""A person at the web table: fills in the forms and clicks what the page offers, nothing else.
The API is read beside it (with the same token) to check what the page shows."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
from playwright.sync_api import Page, expect

BUSY_DONE = "body[data-busy=false]"
ACTIONABLE = (
    "#cut-go:enabled",
    "#exchange-yes:enabled",
    "#claim:enabled",
    "#hand .card.legal:enabled",
)
READY = ", ".join([*(f"{BUSY_DONE} {what}" for what in ACTIONABLE), "#end:not([hidden])"])


WIDER_THAN_THE_SCREEN = """() => [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
    .slice(0, 5).map(e => `${e.tagName}#${e.id}.${e.className}`)"""


def check_no_sideways_scroll(page: Page, where: str = "a phone") -> None:
    """The page is no wider than the screen (the message names what sticks out)."""
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], (
        f"horizontal scroll on {where}: {width} {page.evaluate(WIDER_THAN_THE_SCREEN)}"
    )


def choose_language(page: Page, language: str) -> None:
    """Click the page's language button and wait for the page to speak it."""
    page.click(f".lang[data-lang={language}]")
    expect(page.locator("html")).to_have_attribute("lang", language)


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
        """The hand's cards a click plays or selects (a refused card is only focusable, to
        say why: `aria-disabled`)."""
        return set(
            self.page.eval_on_selector_all(
                "#hand .card",
                """cards => cards
                     .filter(c => !c.disabled && c.getAttribute("aria-disabled") !== "true")
                     .map(c => c.dataset.card)""",
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


# Any game: what the page offers for every game's legal actions (js/actions.js).
ANY_READY = ", ".join(
    [
        *(
            f"{BUSY_DONE} {what}"
            for what in ("#cut-go:enabled", "#prompt .act:enabled", "#hand .card.legal:enabled")
        ),
        "#end:not([hidden])",
    ]
)
CARD_CODE = re.compile(r"^(?:10|[AKQJ9876])[CSHD]$")


def card_codes(value: Any) -> set[str]:
    """Every card code anywhere in a view (its hand, tricks, stock, game part…)."""
    if isinstance(value, str):
        return {value} if CARD_CODE.match(value) else set()
    if isinstance(value, dict):
        return set().union(*(card_codes(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(card_codes(v) for v in value)) if value else set()
    return set()


@dataclass
class AnyClicks:
    """What a person clicked in a game of any variant."""

    cards: int = 0
    buttons: dict[str, int] = field(default_factory=dict)
    confirmed: list[list[str]] = field(default_factory=list)
    """the cards of every multi-card play confirmed"""


class AnyTablePage(TablePage):
    """A person at the table of any game: clicks what the page offers, nothing else."""

    def create_any_table(
        self,
        variant: str,
        seats: int | None = None,
        options: dict[str, str] | None = None,
        others: dict[int, str] | None = None,
    ) -> str:
        """`options`: a value per option field (an enum's select: the option's value, as
        the schema gives it); `others`: the choice for a seat (a bot level or "friend")."""
        page = self.page
        page.wait_for_selector(f"#new-game option[value='{variant}']", state="attached")
        page.select_option("#new-game", variant)
        if seats is not None:
            page.select_option("#new-seats", str(seats))
        for name, value in (options or {}).items():
            field = page.locator(f"#opt-{name}")
            if field.evaluate("e => e.tagName") == "SELECT":  # js/options.js: by its index
                index = field.evaluate("(e, v) => e.choices.map(String).indexOf(v)", value)
                assert index >= 0, (name, value)
                field.select_option(str(index))
            else:
                field.fill(value)
        for seat, choice in (others or {}).items():
            page.select_option(f"#new-seat-{seat}", choice)
        page.click("#new-table-submit")
        page.wait_for_selector("body[data-version]")
        return self.table_id

    def step_any(
        self,
        rng: random.Random,
        clicks: AnyClicks,
        button_odds: float = 0.2,
        prefer: Callable[[dict[str, Any]], bool] | None = None,
    ) -> bool:
        """Wait for something to do and do it; False once the game is over. A button whose
        action body `prefer` accepts is clicked whenever one is offered (a boast, a close…)."""
        page = self.page
        page.wait_for_selector(ANY_READY, timeout=30_000)
        if self.game_over():
            return False
        before = [
            self.version,
            page.get_attribute("body", "data-selection") or "",
            page.get_attribute("body", "data-asking") or "",
        ]
        confirm = page.locator("#prompt .act.confirm:enabled")
        cards = page.locator("#hand .card.legal:enabled:not(.selected)")
        buttons = page.locator("#prompt .act:enabled:not(.confirm)")
        wanted = [
            n
            for n, body in enumerate(buttons.evaluate_all("bs => bs.map(b => b.dataset.body)"))
            if prefer is not None and body and prefer(json.loads(body))
        ]
        if wanted:
            chosen = buttons.nth(rng.choice(wanted))
            kind = chosen.get_attribute("data-type") or ""
            clicks.buttons[kind] = clicks.buttons.get(kind, 0) + 1
            chosen.click()
        elif page.locator("#cut-go").is_visible():
            page.click("#cut-go")
        elif confirm.count():
            chosen = confirm.nth(rng.randrange(confirm.count()))
            selected = page.eval_on_selector_all(
                "#hand .card.selected", "cs => cs.map(c => c.dataset.card)"
            )
            clicks.confirmed.append(selected)
            chosen.click()
        elif cards.count() and (not buttons.count() or rng.random() >= button_odds):
            cards.nth(rng.randrange(cards.count())).click()
            clicks.cards += 1
        else:
            chosen = buttons.nth(rng.randrange(buttons.count()))
            kind = chosen.get_attribute("data-type") or ""
            clicks.buttons[kind] = clicks.buttons.get(kind, 0) + 1
            chosen.click()
        page.wait_for_function(  # a new version, a card selected, or a question asked
            """([version, selection, asking]) => document.body.dataset.busy === "false" && (
                 document.body.dataset.version !== String(version)
                 || (document.body.dataset.selection || "") !== selection
                 || (document.body.dataset.asking || "") !== asking)""",
            arg=before,
            timeout=30_000,
        )
        return True

    def hidden_cards_shown(self, view: dict[str, Any]) -> set[str]:
        """Card faces on the page that the seat's view does not hold (must be none)."""
        return self.face_up_cards() - card_codes(view)
