"""Bura in the web table (issue 17, item 4): tables of two and of four seats against bots,
each played to its end screen, and the combinations (B-15, B-17) and the declaration of 61
(B-20) as buttons exactly when the view lists them, in Russian and in English.

A combination comes up rarely in a dealt game, so the buttons are also shown on views of
literal positions: the engine's own view of each (through the game's wire adapter) is given
to the page by Playwright's request routing, as in test_web_prompts.py, and the page must
post exactly the listed body. A bura that ends the deal (B-16) is shown to all, its cards
from the view. In every game the page shows no card face its seat's view does not hold."""

from __future__ import annotations

import json
import random
import re
import uuid
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from playwright.sync_api import Page, Request, Route, expect

from app.api.games.bura import ADAPTER
from app.domain.bura import GAME
from app.domain.bura.commands import Beat, Claim, Lead
from app.domain.bura.options import Options
from app.domain.bura.state import GameState
from tests.browser.table_page import AnyClicks, AnyTablePage, TablePage, card_codes
from tests.browser.test_web_games import MOVES_PER_GAME, check_the_end_screen, check_what_is_shown
from tests.domain.bura.helpers import cards, play, position
from tests.e2e.server import Server

BUTTONS = ("claim", "declare")
"""Bura's moves that are buttons (js/actions.js); the others are cards chosen in the hand."""
NAMES = {
    "en": {
        "four_ends": "four ends",
        "moscow": "Moscow",
        "molodka": "molodka",
        "bura": "bura",
        "declare": "Declare 61",
    },
    "ru": {
        "four_ends": "четыре конца",
        "moscow": "Москву",
        "molodka": "молодку",
        "bura": "бура",  # noqa: RUF001
        "declare": "Объявить 61",
    },
}
"""What the page calls them (js/i18n_games.js): a claim's button names its combination."""
RANKS = {
    "en": {"A": "A", "K": "K", "Q": "Q", "J": "J"},
    "ru": {"A": "Т", "K": "К", "Q": "Д", "J": "В"},  # noqa: RUF001
}
SUITS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
UNTRANSLATED = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
"""What js/i18n.js `t()` shows for a key it has no text for: the key itself."""


def card_label(code: str, language: str) -> str:
    """A card as the page writes it in text (js/cards.js `label`): "A♦" (Russian letters)."""
    rank = code[:-1]
    return f"{RANKS[language].get(rank, rank)}{SUITS[code[-1]]}"


def combination(view: dict[str, Any], cards: list[str]) -> str:
    """B-15: the combination a claim's cards make, as the view names it (`game.claimable`)."""
    [named] = [o["combination"] for o in view["game"]["claimable"] if set(o["cards"]) == set(cards)]
    return str(named)


@pytest.fixture
def table(page: Page, server: Server) -> Iterator[AnyTablePage]:
    person = AnyTablePage(page, server.url)
    yield person
    person.close()


def button(body: dict[str, Any]) -> str:
    """The page's button for a body (js/actions.js keeps it as `data-body`)."""
    return f"#prompt .act[data-body='{json.dumps(body, separators=(',', ':'))}']"


def buttons_shown(page: Page) -> list[dict[str, Any]]:
    """The bodies of the action buttons on the page (not a selection's confirmation)."""
    bodies = page.locator("#prompt .act:not(.confirm)").evaluate_all(
        "bs => bs.map(b => b.dataset.body)"
    )
    return [json.loads(body) for body in bodies if body]


def check_the_buttons(page: Page, view: dict[str, Any], language: str) -> None:
    """A button for each claim and declaration the view lists, and for nothing else; each
    claim's names its combination and its cards."""
    listed = [a["body"] for a in view["legal_actions"] if a["body"]["type"] in BUTTONS]
    shown = buttons_shown(page)
    key = lambda body: json.dumps(body, sort_keys=True)  # noqa: E731
    assert sorted(map(key, shown)) == sorted(map(key, listed)), (shown, listed)
    for body in listed:
        label = page.locator(button(body)).inner_text()
        if body["type"] == "declare":
            assert label == NAMES[language]["declare"], label
        else:
            assert NAMES[language][combination(view, body["cards"])] in label, label
            assert all(card_label(c, language) in label for c in body["cards"]), label


def check_the_claims_shown(page: Page, view: dict[str, Any], language: str) -> None:
    """B-14, B-16, B-17: every combination claimed this deal and every bura, with their
    cards, are on the page (once the game is over, no deal is on view: its bura is in the
    summary of the deal it ended); its holder's plate says so."""
    game = view["game"]
    if game is None:
        return
    if view["status"] == "finished":
        expect(page.locator("#game-panel")).to_be_hidden()
        text = page.locator("#deal-summary").inner_text()
        for bura in game["buras"]:
            assert NAMES[language]["bura"] in text.lower(), text
            assert all(card_label(c, language) in text for c in bura["cards"]), (text, bura)
    else:
        for fact, shown in (("claims", game["claims"]), ("buras", game["buras"])):
            check_the_fact(page, fact, shown, language)
    for bura in game["buras"]:
        plate = page.locator(f"#felt .seat[data-seat='{bura['seat']}'] .plate")
        expect(plate.locator(".game-mark", has_text=NAMES[language]["bura"])).to_have_count(1)


def check_the_fact(page: Page, fact: str, shown: list[dict[str, Any]], language: str) -> None:
    """The game's panel lists every claim (or bura) of `shown` with its cards, or none."""
    facts = page.locator(f"#game-panel dd[data-fact={fact}]")
    if not shown:
        expect(facts).to_have_count(0)
        return
    text = facts.inner_text()
    for claim in shown:
        name = NAMES[language][claim["combination"]]
        if claim["combination"] != "bura":
            name = {"Москву": "Москва", "молодку": "молодка"}.get(name, name)
        assert name in text, (text, claim)
        assert all(card_label(c, language) in text for c in claim["cards"]), (text, claim)


def switch_to(page: Page, language: str) -> None:
    """The language buttons; over the end screen, which covers them, the stored choice."""
    if page.locator("#end").is_visible():
        version = page.get_attribute("body", "data-version")
        page.evaluate("l => localStorage.setItem('kozel.lang', l)", language)
        page.reload()
        page.wait_for_selector(f"body[data-busy=false][data-version='{version}']")
    else:
        page.click(f".lang[data-lang={language}]")
    expect(page.locator("html")).to_have_attribute("lang", language)


@pytest.mark.parametrize(
    ("seats", "others", "seed"),
    [
        pytest.param(2, {1: "heuristic"}, 2, marks=pytest.mark.slow),
        (4, {1: "heuristic", 2: "strong", 3: "heuristic"}, 4),
    ],
)
def test_bura_a_table_against_bots_to_its_end(
    table: AnyTablePage, seats: int, others: dict[int, str], seed: int
) -> None:
    """To 2 penalty points (B-21 `target`): one deal, or more after eggs (B-19); bots that
    do not declare 61 falsely (the random bot may, which would end the game at once). At every
    turn, in Russian and in English: the buttons are the view's claims and declaration, the
    claims and buras shown, no hidden card, no untranslated text. A claim the person is
    offered is made (B-17); the person never declares 61 (the buttons' test does)."""
    page = table.page
    table.register("Петя")
    table.create_any_table("bura", seats=seats, options={"target": "2"}, others=others)
    expect(page.locator("#felt")).to_have_attribute("data-seats", str(seats))
    rng = random.Random(seed)
    clicks = AnyClicks()
    turns = 0
    for _ in range(MOVES_PER_GAME):
        view = check_what_is_shown(table)
        if view is not None and view["status"] == "playing":
            assert len(view["scores"]) == seats
            for language in ("ru", "en"):
                switch_to(page, language)
                check_the_buttons(page, view, language)
                check_the_claims_shown(page, view, language)
                assert UNTRANSLATED.findall(page.locator("#screen-table").inner_text()) == []
            turns += 1
        if not table.step_any(rng, clicks, 0, prefer=lambda body: body["type"] == "claim"):
            break
    else:
        pytest.fail("the game did not end")
    assert turns >= 4
    assert clicks.cards >= 2
    view = check_the_end_screen(table)
    assert table.hidden_cards_shown(view) == set()
    assert view["variant"] == "bura"
    assert max(view["scores"]) >= 2
    assert view["last_deal"] is not None
    reason = page.locator("#deal-summary .reason").inner_text()
    assert reason
    assert reason != view["last_deal"]["reason"]  # the reason in words, not its key


# The combinations on views of literal positions (two players; trump diamonds, B-7).

TABLE = str(uuid.uuid4())
STOCK = "6H 7H 8H 9H JH QH KH 6C 7C 8C 9C 10C 10S 9S 8S 7S 6S"


def summary(options: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": TABLE,
        "variant": "bura",
        "status": "playing",
        "options": options,
        "seats": [
            {"seat": 0, "player": {"id": "me", "name": "Вася"}, "bot": None},
            {"seat": 1, "player": None, "bot": "heuristic"},
        ],
        "scores": [0, 0],
        "deal_no": 1,
        "version": 10,
        "created_at": "2026-12-01T10:00:00Z",
    }


def wire_view(state: GameState, version: int) -> dict[str, Any]:
    """The API's view of `state` for seat 0, as `GET …/state` gives it."""
    table = SimpleNamespace(
        state=state,
        id=TABLE,
        variant="bura",
        version=version,
        status="finished" if GAME.is_terminal(state) else "playing",
        messages=[],
        lobby=SimpleNamespace(created=SimpleNamespace(move_clock_s=None)),
        deadlines=dict,
    )
    view: dict[str, Any] = ADAPTER.view(table, 0)  # type: ignore[arg-type]
    return view


class FakeTable:
    """Answers the page's requests for this table with the current view; a post is recorded
    and answered with the view set to follow it."""

    def __init__(self, current: dict[str, Any], options: dict[str, Any]) -> None:
        self.current = current
        self.options = options
        self.following: dict[str, Any] | None = None
        self.posts: list[dict[str, Any]] = []
        self.held: list[Route] = []

    def handle(self, route: Route, request: Request) -> None:
        path = request.url.split("?")[0]
        if request.method == "GET" and path.endswith(f"/tables/{TABLE}"):
            route.fulfill(json=summary(self.options))
        elif request.method == "GET" and "since_version" in request.url:
            self.held.append(route)  # a long-poll with nothing new: it just waits
        elif request.method == "GET":
            route.fulfill(json=self.current)
        else:
            self.posts.append(json.loads(request.post_data or "{}"))
            assert self.following is not None, "a post nobody expected"
            self.current, self.following = self.following, None
            route.fulfill(json=self.current)


def show(page: Page, fake: FakeTable, view: dict[str, Any]) -> None:
    fake.current = view
    page.reload()
    page.wait_for_selector(f"body[data-busy=false][data-version='{view['version']}']")


def check_in_both_languages(page: Page, view: dict[str, Any]) -> None:
    faces = page.eval_on_selector_all(".card[data-card]", "cs => cs.map(c => c.dataset.card)")
    assert set(faces) - card_codes(view) == set()  # as AnyTablePage.hidden_cards_shown
    for language in ("ru", "en"):
        switch_to(page, language)
        check_the_buttons(page, view, language)
        check_the_claims_shown(page, view, language)
        assert UNTRANSLATED.findall(page.locator("#screen-table").inner_text()) == []


def click_and_check_the_post(
    page: Page, fake: FakeTable, view: dict[str, Any], body: dict[str, Any], then: dict[str, Any]
) -> None:
    posts = len(fake.posts)
    fake.following = then
    page.click(button(body))
    if body["type"] == "declare":  # it ends the deal at once: the page asks first
        expect(page.locator("#prompt")).to_have_attribute("data-prompt", "ask")
        assert len(fake.posts) == posts
        page.click("#prompt .act.confirm[data-type=declare]")
    page.wait_for_selector(f"body[data-busy=false][data-version='{then['version']}']")
    posted = fake.posts[-1]
    assert posted == {**body, "expected_version": view["version"], "move_id": posted["move_id"]}


def test_bura_combinations_and_the_declaration_are_buttons_exactly_when_legal(
    page: Page, server: Server
) -> None:
    """B-17: four aces when the other player has the lead make a четыре конца and four
    Москвы, each its own button; the claim given, its claimant leads, and may declare 61
    (B-20) but claim nothing more. A молодка; a hand with no combination (no button, with
    `declare` off none at all, and none when it is not the person's turn). A bura that ends
    the deal and the game (B-16) is shown to all, its cards from the view."""
    person = TablePage(page, server.url)
    try:
        person.register("Вася")  # a real player on the real server; only this table is fake
    finally:
        person.close()
    aces = position(["AS AH AC AD", "9S KS 7S 6S"], stock=STOCK, leader=1)
    claimed, _ = play(aces, Claim(0, cards("AC AS AH AD")))
    molodka = position(["7C 8C JC KC", "10H AS 6D 9S"], stock=STOCK, leader=1)
    plain = position(["9S KS 7S 6C", "10H AS 6D 9C"], stock=STOCK, leader=0)
    waiting = position(["9S KS 7S 6C", "10H AS 6D 9C"], stock=STOCK, leader=1)
    closed = position(["9S KS 7S 6C", "10H AS 6D 9C"], stock=STOCK, options=Options(declare=False))
    bura = position(
        ["6C KS 7S 6S", "9C QD 9D 6D"], stock="AD 8S 10D", trump="7D", penalties=(10, 0)
    )
    bura, _ = play(bura, Lead(0, cards("6C")), Beat(1, cards("9C")))  # seat 1 draws A♦
    assert GAME.is_terminal(bura)

    views = [
        wire_view(state, version)
        for version, state in enumerate((aces, claimed, molodka, plain, waiting, closed, bura), 10)
    ]
    (v_aces, v_claimed, v_molodka, v_plain, v_waiting, v_closed, v_bura) = views
    claims = [a["body"] for a in v_aces["legal_actions"]]
    assert len(claims) == 5
    assert {combination(v_aces, b["cards"]) for b in claims} == {"four_ends", "moscow"}
    assert {a["body"]["type"] for a in v_claimed["legal_actions"]} == {"lead", "declare"}
    assert [a["body"]["type"] for a in v_molodka["legal_actions"]] == ["claim"]
    assert v_waiting["legal_actions"] == []
    assert "declare" not in {a["body"]["type"] for a in v_closed["legal_actions"]}
    assert v_bura["game"]["buras"]

    fake = FakeTable(v_aces, {"target": 12, "declare": True})
    page.route(f"**/v1/tables/{TABLE}**", fake.handle)
    page.goto(f"{server.url}/play#table={TABLE}")
    page.wait_for_selector(f"body[data-busy=false][data-version='{v_aces['version']}']")

    # Four aces: a четыре конца and four Москвы, no card to play.
    check_in_both_languages(page, v_aces)
    assert page.locator("#hand .card:enabled").count() == 0
    four_ends = next(b for b in claims if combination(v_aces, b["cards"]) == "four_ends")
    click_and_check_the_post(page, fake, v_aces, four_ends, v_claimed)

    # The claim is shown to all with its cards; its claimant leads, and may declare.
    check_in_both_languages(page, v_claimed)
    plate = page.locator("#felt .seat[data-seat='0'] .plate")
    expect(plate.locator(".game-mark", has_text="claimed")).to_have_count(1)
    declare = {"type": "declare"}
    assert buttons_shown(page) == [declare]
    click_and_check_the_post(page, fake, v_claimed, declare, v_molodka)

    # A молодка: one button.
    check_in_both_languages(page, v_molodka)
    assert [combination(v_molodka, b["cards"]) for b in buttons_shown(page)] == ["molodka"]
    molodka_claim = v_molodka["legal_actions"][0]["body"]
    click_and_check_the_post(page, fake, v_molodka, molodka_claim, v_plain)

    # No combination: the declaration alone; not his turn, or `declare` off: no button.
    check_in_both_languages(page, v_plain)
    assert buttons_shown(page) == [declare]
    for view in (v_waiting, v_closed):
        show(page, fake, view)
        check_in_both_languages(page, view)
        assert buttons_shown(page) == []
    expect(page.locator("#prompt .act")).to_have_count(0)

    # A bura ends the deal and the game: its cards are shown to all.
    show(page, fake, v_bura)
    check_in_both_languages(page, v_bura)
    assert v_bura["game"]["buras"][0]["seat"] == 1
    assert sorted(v_bura["game"]["buras"][0]["cards"]) == ["6D", "9D", "AD", "QD"]
    assert "AD" not in v_bura["my_hand"]
    expect(page.locator("#deal-summary .reason")).to_have_text(
        "Bot 2's bura (A♦ Q♦ 9♦ 6♦) ended the deal."
    )
    end = page.locator("#end")
    expect(end).to_be_visible()
    assert end.get_attribute("data-scores") == ":".join(map(str, v_bura["result"]["scores"]))
    assert len(fake.posts) == 3
