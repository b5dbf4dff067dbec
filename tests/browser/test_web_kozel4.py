"""Kozel with 4 cards in the web table: the pairing of a beat shown as the cards land (K4-12:
each beating card tagged with the card it covers, as the view's `game.covers` gives it),
face-down discards as backs to the other seats (K4-17), the молодка claim as a button exactly
when the view lists one (K4-14), and a game on a phone-sized screen in Russian and English.

The rare positions (a claim, a beaten lead of three) are real engine positions: the page is
given their views (Playwright's request routing, as in `test_web_prompts.py`), made by the
game and the wire adapter the server uses."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, Request, Route, expect

from app.api.games.adapter import envelope
from app.api.games.kozel4 import ADAPTER
from app.domain import codec
from app.domain.kozel4 import GAME
from app.domain.kozel4.commands import Beat, Claim, Discard, Lead
from app.domain.kozel4.state import GameState
from tests.browser.table_page import (
    AnyClicks,
    AnyTablePage,
    check_no_sideways_scroll,
    choose_language,
)
from tests.browser.test_web_games import MOVES_PER_GAME, check_the_end_screen, check_what_is_shown
from tests.browser.test_web_kozel32 import untranslated
from tests.domain.kozel4.helpers import cards, position
from tests.domain.kozel4.helpers import play as apply
from tests.e2e.server import Server

ME = 0
"""The person's seat at a table he creates."""
RANKS = ("A", "10", "K", "Q", "J", "9", "8", "7", "6")


@pytest.fixture
def table(page: Page, server: Server) -> Iterator[AnyTablePage]:
    person = AnyTablePage(page, server.url)
    yield person
    person.close()


# What the page must show


def shown_trick(view: dict[str, Any]) -> dict[str, Any] | None:
    """The trick the page draws: the running one once led, else the last one taken."""
    trick = view["trick"]
    return trick if trick and trick["plays"] else view["last_trick"]


def check_the_pairing(table: AnyTablePage, view: dict[str, Any]) -> tuple[int, int]:
    """K4-12: every beating card on the page names the card it covers, as the view's
    `game.covers` pairs them, and lies under it: the i-th card of a beat covers the i-th card
    of the set it beat (the lead as dealt out, or the previous beat as drawn). K4-17: another
    seat's discard is its count of backs. Returns the most cards any beat on view has, and
    the number of other seats' discards on view."""
    covers = view["game"]["covers"]
    trick = shown_trick(view) or {"plays": []}
    page = table.page
    on_page = page.eval_on_selector_all(
        "#trick .play .card[data-covers]",
        """cs => cs.map(c => [Number(c.closest('.play').dataset.seat), c.dataset.card,
                              c.dataset.covers])""",
    )
    wanted = [[c["seat"], c["card"], c["covers"]] for c in covers]
    assert sorted(on_page) == sorted(wanted), (on_page, wanted)
    top: list[str] = []
    widest = discards = 0
    for n, play in enumerate(trick["plays"]):
        drawn = page.eval_on_selector_all(
            f"#trick .play[data-seat='{play['seat']}'] .card",
            "cs => cs.map(c => c.dataset.card ?? null)",
        )
        mine = {c["card"]: c["covers"] for c in covers if c["seat"] == play["seat"]}
        if n == 0:
            assert drawn == play["cards"]  # the lead, as the view lists it
            top = drawn
        elif mine:
            assert play["face"] == "up"
            assert [mine[card] for card in drawn] == top, (drawn, top, mine)
            assert sorted(drawn) == sorted(play["cards"])
            top = drawn
            widest = max(widest, len(drawn))
        else:  # a discard: face down, to all but its player a count of backs
            assert play["face"] == "down"
            if play["seat"] != view["my_seat"]:
                assert play["cards"] is None
                assert drawn == [None] * play["count"]
                count = page.locator(f"#trick .play[data-seat='{play['seat']}'] .down-count")
                assert str(play["count"]) in count.inner_text()
                discards += 1
    return widest, discards


def check_the_claim_button(table: AnyTablePage, view: dict[str, Any]) -> int:
    """K4-14: a claim button for exactly each claim the view lists; their number."""
    claims = [a["body"] for a in view["legal_actions"] if a["body"]["type"] == "claim"]
    shown = table.page.eval_on_selector_all(
        "#prompt .act[data-type=claim]", "bs => bs.map(b => JSON.parse(b.dataset.body))"
    )
    assert shown == claims
    return len(claims)


# Canned views of real engine positions


def stock_for(hands: list[str], trump: str = "QH") -> str:
    """The other 20 cards, the shown trump card second from the top (K4-8: position 1)."""
    dealt = {code for hand in hands for code in hand.split()}
    rest = [f"{r}{s}" for s in "CSHD" for r in RANKS if f"{r}{s}" not in dealt | {trump}]
    return " ".join([rest[0], trump, *rest[1:]])


def wire_view(state: GameState, table_id: str, version: int) -> dict[str, Any]:
    """Seat ME's view of `state` as `GET …/state` sends it (the server's own adapter)."""
    view = GAME.view_for(state, ME)
    where = SimpleNamespace(
        id=table_id,
        variant="kozel4",
        version=version,
        status="finished" if GAME.is_terminal(state) else "playing",
        messages=[],
        lobby=None,
        deadlines=dict,
    )
    return {
        **envelope(where, ME, view),  # type: ignore[arg-type]
        "legal_actions": [ADAPTER.legal_action(a) for a in view.legal_actions],
        "last_deal": codec.encode(view.last_deal),
        "game": codec.encode(view.game),
    }


class FakeTable:
    """The person's real table, its state answered from canned views; records the posts. A
    post moves to the next view; `push` answers the waiting long-poll with a view."""

    def __init__(self, table: AnyTablePage, views: list[dict[str, Any]]) -> None:
        self.table_id = table.table_id
        self.summary = table.api.get(f"/v1/tables/{self.table_id}").json()
        self.views = views
        self.current = views[0]
        self.posts: list[dict[str, Any]] = []
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
            self.posts.append(json.loads(request.post_data or "{}"))
            self.current = self.views[self.views.index(self.current) + 1]
            route.fulfill(json=self.current)

    def push(self, view: dict[str, Any]) -> None:
        self.current = view
        while self.held:
            self.held.pop().fulfill(json=view)

    def show(self, page: Page) -> None:
        page.route(f"**/v1/tables/{self.table_id}**", self.handle)
        page.reload()
        page.wait_for_selector(f"body[data-version='{self.current['version']}']")


def at_version(table: AnyTablePage, view: dict[str, Any]) -> None:
    table.page.wait_for_selector(f"body[data-busy=false][data-version='{view['version']}']")


def test_kozel4_a_beaten_lead_of_three_shows_which_card_covers_which(table: AnyTablePage) -> None:
    """Seat 1 leads three spades, seat 2 passes three face down, seat 3 beats with 10♠ J♠ 6♥
    (the engine pairs 10♠→K♠, 6♥→Q♠, J♠→9♠), and the person beats that with three hearts:
    each beat lies card by card under what it covers, the pass is three backs."""
    table.register("Маша")
    table.create_any_table("kozel4")
    hands = ["7H 8H 9H 6C", "KS QS 9S 7D", "6D 8D 9D 10C", "10S JS 6H JC"]
    start = position(hands, stock=stock_for(hands), dealer=1)
    before, _ = apply(
        start,
        Lead(1, cards("KS QS 9S")),
        Discard(2, cards("6D 8D 9D")),
        Beat(3, cards("10S JS 6H")),
    )
    beaten, _ = apply(before, Beat(ME, cards("7H 8H 9H")))
    views = [wire_view(before, table.table_id, 50), wire_view(beaten, table.table_id, 51)]
    covers = {(c["card"], c["covers"]) for c in views[0]["game"]["covers"]}
    assert covers == {("10S", "KS"), ("6H", "QS"), ("JS", "9S")}  # not the beat's own order
    fake = FakeTable(table, views)
    fake.show(table.page)
    page = table.page

    assert check_the_pairing(table, views[0]) == (3, 1)
    assert table.hidden_cards_shown(views[0]) == set()
    expect(page.locator("#trick .play[data-seat='3'] .covers-tag")).to_have_text(
        ["on K♠", "on Q♠", "on 9♠"]
    )
    assert check_the_claim_button(table, views[0]) == 0
    for code in ("7H", "8H", "9H"):  # select the beat card by card, then confirm it
        page.click(f"#hand .card[data-card='{code}']")
    page.locator("#prompt .act.confirm[data-type=beat]").click()
    at_version(table, views[1])
    (posted,) = fake.posts
    assert posted == {
        "type": "beat",
        "cards": ["9H", "8H", "7H"],
        "expected_version": 50,
        "move_id": posted["move_id"],
    }
    # The trick is taken: it stays on view, dimmed, with both beats' pairing.
    assert views[1]["trick"]["plays"] == []
    assert check_the_pairing(table, views[1]) == (3, 1)
    assert table.hidden_cards_shown(views[1]) == set()
    assert len(views[1]["game"]["covers"]) == 6
    expect(page.locator("#trick")).to_have_class(re.compile(r"\btaken\b"))


def test_kozel4_the_molodka_claim_is_a_button_exactly_when_it_is_legal(
    table: AnyTablePage,
) -> None:
    """K4-14, example 7 turned round: seat 1 leads 10♦, seat 2 passes 6♣ face down; the person
    (seat 0) holds four spades and may claim out of turn: one button, posting the listed
    body. Once claimed the played cards are back in their hands, the person's four spades are
    the lead, and no claim button is left; nor when a new trick comes to him without one."""
    table.register("Маша")
    table.create_any_table("kozel4")
    hands = ["7S 9S JS KS", "10D KC QC 9C", "6C JD 9D 6D", "AS 10S QS 8H"]
    start = position(hands, stock=stock_for(hands), dealer=1)
    before, _ = apply(start, Lead(1, cards("10D")), Discard(2, cards("6C")))
    claimed, _ = apply(before, Claim(ME, cards("KS JS 9S 7S")))
    taken, _ = apply(
        claimed,
        Discard(1, cards("10D KC QC 9C")),
        Discard(2, cards("6C JD 9D 6D")),
        Beat(3, cards("AS 10S QS 8H")),
    )
    led, _ = apply(taken, Lead(3, taken.running.board.hands[3][:1]))
    views = [
        wire_view(state, table.table_id, version)
        for state, version in ((before, 30), (claimed, 31), (led, 40))
    ]
    listed = [a["body"] for a in views[0]["legal_actions"]]
    assert listed == [{"type": "claim", "cards": ["KS", "JS", "9S", "7S"]}]
    assert views[0]["to_act"] == [3]  # out of turn
    fake = FakeTable(table, views)
    fake.show(table.page)
    page = table.page

    assert check_the_claim_button(table, views[0]) == 1
    claim = page.locator("#prompt .act[data-type=claim]")
    expect(claim).to_be_enabled()
    expect(claim).to_contain_text("Claim molodka")
    assert page.locator("#hand .card.legal:enabled").count() == 0  # nothing else to do
    assert check_the_pairing(table, views[0]) == (0, 1)  # seat 2's pass: one back
    claim.click()
    at_version(table, views[1])
    (posted,) = fake.posts
    assert posted == {**listed[0], "expected_version": 30, "move_id": posted["move_id"]}

    assert check_the_claim_button(table, views[1]) == 0
    expect(claim).to_have_count(0)
    lead = page.locator(f"#trick .play[data-seat='{ME}'] .card")
    expect(lead).to_have_count(4)
    assert sorted(lead.evaluate_all("cs => cs.map(c => c.dataset.card)")) == sorted(
        ["KS", "JS", "9S", "7S"]
    )
    expect(page.locator("#trick .play")).to_have_count(1)  # 10♦ and 6♣ went back
    mark = page.locator(f"#felt .seat[data-seat='{ME}'] .game-mark")
    expect(mark).to_have_text("claimed")
    assert table.hidden_cards_shown(views[1]) == set()

    # A new trick led to the person: beats and discards to choose, still no claim.
    fake.push(views[2])
    at_version(table, views[2])
    assert views[2]["to_act"] == [ME]
    assert all(a["body"]["type"] != "claim" for a in views[2]["legal_actions"])
    assert check_the_claim_button(table, views[2]) == 0
    expect(page.locator("#hand .card.legal:enabled").first).to_be_visible()
    assert table.hidden_cards_shown(views[2]) == set()


# Real games against bots


def multi_card_choice(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A person who likes leads and beats of several cards: the largest such action, if any."""
    plays = [
        a["body"]
        for a in view["legal_actions"]
        if a["body"]["type"] in ("lead", "beat") and len(a["body"].get("cards", [])) > 1
    ]
    if not plays:
        return None
    most = max(len(b["cards"]) for b in plays)
    return rng.choice([b for b in plays if len(b["cards"]) == most])


def play_chosen(table: AnyTablePage, view: dict[str, Any], body: dict[str, Any]) -> None:
    """Select the body's cards in the hand one by one, then confirm it."""
    page = table.page
    for code in body["cards"]:
        page.click(f"#hand .card[data-card='{code}']")
    confirm = page.locator(
        f"#prompt .act.confirm[data-body='{json.dumps(body, separators=(',', ':'))}']"
    )
    expect(confirm).to_have_count(1)
    confirm.click()
    page.wait_for_selector(f"body[data-busy=false]:not([data-version='{view['version']}'])")


@dataclass
class Played:
    """What a game showed and what the person did in it."""

    turns: int = 0
    widest_beat: int = 0
    """the most cards of a beat on view, with its pairing checked"""
    others_discards: int = 0
    """turns with another seat's face-down discard on view, checked as backs"""
    confirmed: int = 0
    """plays made by selecting cards and confirming (every kozel4 play is one)"""


class Partner:
    """A second player at seat 2 through the API, who beats with as many cards as he can,
    else leads as many as he can, else does anything legal: so that beats of several cards
    come up and lie on view at the person's turns."""

    SEAT = 2

    def __init__(self, api: httpx.Client, table_id: str, rng: random.Random) -> None:
        self.api, self.table_id, self.rng = api, table_id, rng
        token = api.post("/v1/players", json={"name": "Петя"}).json()["token"]
        self.headers = {"Authorization": f"Bearer {token}"}
        taken = api.put(f"/v1/tables/{table_id}/seats/{self.SEAT}", headers=self.headers)
        assert taken.status_code in (200, 201), taken.text

    def act(self) -> int | None:
        """One move if it has one (the version it led to), else None."""
        view = self.api.get(f"/v1/tables/{self.table_id}/state", headers=self.headers).json()
        actions = [a["body"] for a in view["legal_actions"]]
        if not actions:
            return None
        beats = [b for b in actions if b["type"] == "beat"]
        body = multi_card_choice(view, self.rng) if beats else None
        body = body or self.rng.choice(beats or actions)
        posted = self.api.post(
            f"/v1/tables/{self.table_id}/moves",
            json={**body, "expected_version": view["version"]},
            headers=self.headers,
        )
        assert posted.status_code in (200, 409), posted.text  # 409: a bot moved meanwhile
        version: int = posted.json().get("version", view["version"])
        return version


def play_checking(
    table: AnyTablePage,
    rng: random.Random,
    done: Callable[[dict[str, Any], Played], bool],
    each_turn: Callable[[dict[str, Any]], None] = lambda view: None,
    partner: Partner | None = None,
) -> Played:
    """Play until `done` says so or the game ends, checking the pairing and the claim
    button at every turn the page shows the API's version (the partner's turns too)."""
    clicks = AnyClicks()
    seen = Played()

    def check() -> dict[str, Any] | None:
        view = check_what_is_shown(table)
        if view is None or view["game"] is None:
            return None
        seen.turns += 1
        widest, discards = check_the_pairing(table, view)
        seen.widest_beat = max(seen.widest_beat, widest)
        seen.others_discards += discards > 0
        check_the_claim_button(table, view)
        each_turn(view)
        return view

    for _ in range(MOVES_PER_GAME):
        view = check()
        if view is not None and done(view, seen):
            return seen
        while partner is not None and (version := partner.act()) is not None:
            table.page.wait_for_function(
                "v => Number(document.body.dataset.version) >= v", arg=version
            )
            view = check()
            if view is not None and done(view, seen):
                return seen
        if table.game_over():
            return seen
        view = check_what_is_shown(table)
        chosen = None if view is None else multi_card_choice(view, rng)
        if view is not None and chosen is not None:
            play_chosen(table, view, chosen)
            seen.confirmed += 1
            continue
        before = len(clicks.confirmed)
        if not table.step_any(rng, clicks, 0.2):
            return seen
        seen.confirmed += len(clicks.confirmed) - before
    pytest.fail("the game did not end")


def test_kozel4_against_bots_every_beat_shows_its_pairing(table: AnyTablePage) -> None:
    """Against a heuristic and a random bot, with a partner and the person who lead and beat
    with as many cards as they can:
    at every turn the page's pairing is the view's, the others' discards are backs, the
    claim button is there exactly when a claim is listed; until a beat of several cards and
    another seat's discard have been on view (or the game is over)."""
    table.register("Маша")
    table.create_any_table("kozel4", others={1: "heuristic", 2: "friend", 3: "random"})
    rng = random.Random(412)
    seen = play_checking(
        table,
        rng,
        lambda view, seen: seen.widest_beat >= 2 and seen.others_discards > 0,
        partner=Partner(table.api, table.table_id, random.Random(rng.random())),
    )
    assert seen.widest_beat >= 2, "no beat of several cards was on view"
    assert seen.others_discards > 0, "no other seat's discard was on view"


@pytest.mark.parametrize(
    "whole_game",
    [False, pytest.param(True, marks=pytest.mark.slow)],
    ids=["a_deal", "a_whole_game"],
)
def test_kozel4_on_a_phone_in_russian_and_english(
    table: AnyTablePage, screenshots: Path | None, whole_game: bool
) -> None:
    """390 by 844: at every turn, in Russian and then in English (the language buttons), no
    horizontal scroll, no untranslated text, the hand's cards and the prompt's buttons inside
    the screen's width; the pairing and the claim button as above; every play selected in the
    hand and confirmed. The game has no option that shortens it (`GET /v1/games/kozel4`:
    only switches), and a whole game on a phone takes about a minute here, so the default
    suite plays the first deal and the slow suite the whole game."""
    page = table.page
    page.set_viewport_size({"width": 390, "height": 844})
    table.register("Вася")
    options = table.api.get("/v1/games/kozel4").json()["options"]["properties"]
    assert {o["type"] for o in options.values()} == {"boolean"}  # no target to lower
    table.create_any_table("kozel4")
    shot = screenshots and screenshots / "web-phone-kozel4.png"
    languages: set[str] = set()

    def each_turn(view: dict[str, Any]) -> None:
        nonlocal shot
        if view["status"] == "finished":  # the end screen covers the page (checked below)
            check_the_phone_screen(page)
            return
        for language in ("ru", "en"):
            choose_language(page, language)
            check_the_phone_screen(page)
            assert untranslated(page) == [], language
            languages.add(language)
        if shot and view["game"]["covers"] and view["my_hand"]:
            page.click(".lang[data-lang=ru]")
            page.screenshot(path=shot, full_page=True)
            page.click(".lang[data-lang=en]")
            shot = None

    def done(view: dict[str, Any], seen: Played) -> bool:
        return not whole_game and view["deal_no"] > 1

    seen = play_checking(table, random.Random(390), done, each_turn)
    assert languages == {"ru", "en"}
    assert seen.confirmed > 0, "the person never played"
    view = table.state()
    assert view["last_deal"] is not None
    if whole_game or view["status"] == "finished":
        check_the_end_screen(table)


def check_the_phone_screen(page: Page) -> None:
    """No horizontal scroll; the hand and the prompt's buttons within the screen's width."""
    check_no_sideways_scroll(page)
    outside = page.eval_on_selector_all(
        "#hand .card, #prompt button",
        """es => es.filter(e => { const r = e.getBoundingClientRect();
                 return r.width > 0 && (r.left < 0 || r.right > window.innerWidth); })
               .map(e => e.dataset.card ?? e.textContent)""",
    )
    assert outside == [], outside
