"""The rare prompts, exactly: the page is given views (through Playwright's request routing)
where the lone trump (K-9), the no-queens claim (K-10), the partner's give and the cut (K-5)
apply, and must post exactly the bodies those views list — retrying a 429 after its
Retry-After with the same move_id. A dealt game reaches these only by chance."""

from __future__ import annotations

import json
import re
import time
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from playwright.sync_api import Page, Request, Route, expect

from app.domain.kozel24.deck import RANKING
from tests.browser.table_page import TablePage
from tests.e2e.server import Server

TABLE = str(uuid.uuid4())


def seats() -> list[dict[str, Any]]:
    me = {"seat": 0, "player": {"id": "me", "name": "Вася"}, "bot": None}
    return [me, *({"seat": n, "player": None, "bot": "heuristic"} for n in (1, 2, 3))]


def summary() -> dict[str, Any]:
    return {
        "id": TABLE,
        "variant": "kozel24",
        "status": "playing",
        "options": {"eggs": True, "messages": True, "move_clock_s": 30, "first_dealer": None},
        "seats": seats(),
        "written": [0, 2],
        "deal_no": 2,
        "version": 10,
        "created_at": "2026-11-30T10:00:00Z",
    }


def view(version: int, **changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "table_id": TABLE,
        "version": version,
        "status": "playing",
        "deal_no": 2,
        "phase": "decisions",
        "dealer": 3,
        "cutter": 2,
        "first_leader": 0,
        "to_act": [0],
        "my_seat": 0,
        "my_hand": ["QC", "AS", "10S", "KH", "AD", "6D"],
        "trumps": [str(card) for card in RANKING.trumps],  # K-3, as the server's views say
        "refused": [],
        "pick": None,
        "hand_sizes": [6, 6, 6, 6],
        "trick": None,
        "last_trick": None,
        "tricks": [],
        "tricks_taken": [0, 0],
        "points": [0, 0],
        "written": [0, 2],
        "eggs_multiplier": 2,
        "eggs_played": True,
        "exchanges": [],
        "messages": [],
        "messages_allowed": True,
        "commitment": "ab" * 32,
        "legal_actions": [],
        "move_clock_s": 30,
        "deadlines": [],
        "last_deal": {
            "deal_no": 1,
            "points": [60, 60],
            "written_on": None,
            "amount": 0,
            "reason": "eggs",
            "wiped": None,
            "queen_caught_by": None,
        },
        "result": None,
    }
    return {**base, **changes}


def action(endpoint: str, **body: Any) -> dict[str, Any]:
    return {"endpoint": endpoint, "body": body}


class FakeTable:
    """Answers the page's table requests from a script of views; records what it posts."""

    def __init__(self, views: list[dict[str, Any]]) -> None:
        self.views = views
        self.current = views[0]
        self.posts: list[tuple[str, dict[str, Any], float]] = []
        self.refuse_next = True  # the first post gets 429 with Retry-After
        self.held: list[Route] = []

    def handle(self, route: Route, request: Request) -> None:
        path = request.url.split("?")[0]
        if request.method == "GET" and path.endswith(f"/tables/{TABLE}"):
            route.fulfill(json=summary())
        elif request.method == "GET" and "since_version" in request.url:
            self.held.append(route)  # a long-poll with nothing new: it just waits
        elif request.method == "GET":
            route.fulfill(json=self.current)
        else:
            self.posts.append(
                (path.rsplit("/", 1)[1], json.loads(request.post_data or "{}"), time.monotonic())
            )
            if self.refuse_next:
                self.refuse_next = False
                problem = {
                    "type": "about:blank",
                    "title": "Too many requests",
                    "status": 429,
                    "detail": "slow down",
                    "code": "rate_limited",
                }
                route.fulfill(status=429, headers={"Retry-After": "1"}, json=problem)
                return
            self.current = self.views[self.views.index(self.current) + 1]
            route.fulfill(json=self.current)


def test_the_lone_trump_the_claim_the_give_and_the_cut_post_what_the_view_lists(
    page: Page, server: Server
) -> None:
    soon = (datetime.now(UTC) + timedelta(seconds=20)).isoformat()
    gives = [action("exchange", give="AS"), action("exchange", give="KH")]
    cuts = [action("moves", type="cut", position=n) for n in range(1, 24)]
    views = [
        view(
            10,
            legal_actions=[
                action("exchange", decision="exchange"),
                action("exchange", decision="keep"),
            ],
            deadlines=[{"seat": 0, "at": soon}],
        ),
        view(
            11,
            legal_actions=[
                action("moves", type="claim_no_queens"),
                action("moves", type="play_on"),
            ],
        ),
        view(
            12,
            legal_actions=gives,
            to_act=[0],
            exchanges=[{"from_seat": 2, "to_seat": 0, "trump": None, "given": None}],
        ),
        view(
            13,
            phase="cut",
            deal_no=3,
            dealer=1,
            cutter=0,
            my_hand=[],
            hand_sizes=[0, 0, 0, 0],
            legal_actions=cuts,
        ),
        view(
            14,
            status="finished",
            phase="game_over",
            deal_no=3,
            to_act=[],
            my_hand=[],
            hand_sizes=[0, 0, 0, 0],
            written=[0, 14],
            eggs_multiplier=1,
            last_deal={
                "deal_no": 3,
                "points": [0, 0],
                "written_on": 1,
                "amount": 8,
                "reason": "queen_caught",
                "wiped": None,
                "queen_caught_by": 0,
            },
            result={
                "loser": 1,
                "written": [0, 14],
                "titles": ["goats", "tailed", "with_eggs", "dry"],
                "reason": "written",
            },
        ),
    ]
    fake = FakeTable(views)
    person = TablePage(page, server.url)
    try:
        person.register("Вася")  # a real player on the real server; only this table is fake
    finally:
        person.close()
    page.route(f"**/v1/tables/{TABLE}**", fake.handle)
    page.goto(f"{server.url}/play#table={TABLE}")

    # K-9: a lone trump is a clear question, with the trump named; the move clock runs.
    prompt = page.locator("#prompt")
    expect(prompt).to_have_attribute("data-prompt", "exchange")
    expect(prompt).to_contain_text("lone trump (Q♣)")
    assert page.locator("#hand .card:enabled").count() == 0
    expect(page.locator(".seat[data-seat='0'] .clock")).to_have_text(re.compile(r"^(20|19|18) s$"))
    expect(page.locator("#score")).to_contain_text("Eggs: the next write \u00d72")
    expect(page.locator("#deal-summary .reason")).to_have_text(
        "60:60 — eggs! Nothing written; the next write is doubled."
    )
    page.click("#exchange-yes")
    # 429: the page says so, waits Retry-After, and sends the same request again.
    expect(page.locator("#conn")).to_contain_text("Too many requests")
    expect(prompt).to_have_attribute("data-prompt", "claim")
    (first, refused, t0), (again, retried, t1) = fake.posts
    assert first == again == "exchange"
    assert (
        refused
        == retried
        == {"decision": "exchange", "expected_version": 10, "move_id": refused["move_id"]}
    )
    assert t1 - t0 >= 0.9
    expect(page.locator("#conn")).to_be_hidden()

    # K-10: the team's claim, or play on.
    expect(prompt).to_contain_text("no queen")
    page.click("#play-on")
    expect(prompt).to_have_attribute("data-prompt", "give")
    assert fake.posts[-1][:2] == (
        "moves",
        {"type": "play_on", "expected_version": 11, "move_id": fake.posts[-1][1]["move_id"]},
    )

    # The partner's give: exactly the listed cards are enabled.
    enabled = page.eval_on_selector_all(
        "#hand .card", "cs => cs.filter(c => !c.disabled).map(c => c.dataset.card)"
    )
    assert sorted(enabled) == ["AS", "KH"]
    expect(page.locator("#score")).to_contain_text("Exchange: Bot 3 → Вася")
    page.click("#hand .card[data-card='KH']")
    expect(prompt).to_have_attribute("data-prompt", "cut")
    assert fake.posts[-1][1]["give"] == "KH"

    # K-5: the cut is a choice on a slider (12 to start; three steps left: 9).
    page.focus("#cut-position")
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    expect(page.locator(".cut-value")).to_have_text("9")
    page.click("#cut-go")
    expect(page.locator("#end")).to_be_visible()
    assert fake.posts[-1][:2] == (
        "moves",
        {
            "type": "cut",
            "position": 9,
            "expected_version": 13,
            "move_id": fake.posts[-1][1]["move_id"],
        },
    )

    # K-13 in the summary, K-17 on the end screen.
    expect(page.locator("#deal-summary .reason")).to_have_text(
        "The queen of clubs was caught: Вася played 6♣ on Q♣. They: 8 written."
    )
    expect(page.locator("#end-title")).to_have_text("You won!")
    expect(page.locator("#end-titles li")).to_have_text(["goats", "tailed", "with eggs", "dry"])
    expect(page.locator("#end-written")).to_have_text("We 0 — 14 They")
    assert len({body["move_id"] for _, body, _ in fake.posts}) == len(fake.posts) - 1


def test_russian_counts_take_their_plural_form(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/play")
    forms = page.evaluate(
        """async () => {
          const i18n = await import("/static/js/i18n.js");
          i18n.setLanguage("ru");
          const counts = [0, 1, 2, 4, 5, 11, 12, 21, 22, 25, 44];
          return [counts.map((n) => i18n.plural("points_n", n)), i18n.plural("cards_n", 3)];
        }"""
    )
    assert forms == [
        [
            "0 очков",
            "1 очко",
            "2 очка",
            "4 очка",
            "5 очков",
            "11 очков",
            "12 очков",
            "21 очко",
            "22 очка",
            "25 очков",
            "44 очка",
        ],
        "3 карты",
    ]


def test_the_end_of_a_game_in_russian_says_who_remains_goats(page: Page, server: Server) -> None:
    """K-17 from the viewer's side of the table; the trick just taken counts its points."""
    person = TablePage(page, server.url)
    try:
        person.register("Вася")
    finally:
        person.close()
    page.evaluate("localStorage.setItem('kozel.lang', 'ru')")
    plays = zip((1, 2, 3, 0), ("KH", "AH", "6H", "10H"), strict=True)
    taken = {
        "leader": 1,
        "cards": [{"seat": seat, "card": code} for seat, code in plays],
        "winner": 2,
        "points": 25,
    }
    fake = FakeTable([view(20)])
    page.route(f"**/v1/tables/{TABLE}**", fake.handle)
    for my_seat, loser, line in [
        (0, 1, "Козлами остаются соперники"),
        (1, 1, "Мы с партнёром остаёмся козлами"),  # noqa: RUF001
        (None, 0, "Козлами остаются Вася и Бот 3"),
    ]:
        fake.current = view(
            20,
            status="finished",
            phase="game_over",
            to_act=[],
            my_seat=my_seat,
            my_hand=[] if my_seat is not None else None,
            hand_sizes=[0, 0, 0, 0],
            last_trick=taken,
            written=[12, 0] if loser == 0 else [0, 12],
            result={
                "loser": loser,
                "written": [12, 0] if loser == 0 else [0, 12],
                "titles": ["goats", "dry"],
                "reason": "written",
            },
        )
        page.goto(f"{server.url}/play#table={TABLE}")
        page.reload()
        expect(page.locator("#end-loser")).to_have_text(line)
        note = "Взятку взял(а) Бот 3: 25 очков"  # noqa: RUF001
        expect(page.locator("#trick-note")).to_have_text(note)
