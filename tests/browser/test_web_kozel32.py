"""The classic 32-card Kozel in the web table: a person declares boasts and plays through
their steps (C32-14 … C32-18), the board of six pairs is drawn as rows of marks (C32-30), the
queen-of-spades table of three (C32-35, C32-36), and a phone-sized screen in Russian and in
English. The person clicks only what the page offers; at every turn the page shows no card
face its seat's view does not hold (`check_what_is_shown`)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.table_page import (
    AnyClicks,
    AnyTablePage,
    check_no_sideways_scroll,
    choose_language,
)
from tests.browser.test_web_games import MOVES_PER_GAME, check_what_is_shown
from tests.e2e.server import Server

PARTNER = 2
"""The person sits at seat 0; his partner (C32-1) across, seat 2."""
BOAST_NAMES = {"pants": "pants", "mirror": "mirror", "star": "star"}
"""The English names the page gives them (js/i18n_games.js)."""
ANSWERS = ("boast", "deal_plain")
"""The boast question (C32-8): the person answers it, never his partner."""


@pytest.fixture
def table(page: Page, server: Server) -> Iterator[AnyTablePage]:
    person = AnyTablePage(page, server.url)
    yield person
    person.close()


class Partner:
    """A second player at seat 2, playing through the API: any legal action at random, but
    never an answer to the boast question, which the person gives. A bot would answer it at
    once (the heuristic the boast its measured table picks; the random bot any answer)."""

    def __init__(self, api: httpx.Client, table_id: str, rng: random.Random) -> None:
        self.api, self.table_id, self.rng = api, table_id, rng
        token = api.post("/v1/players", json={"name": "Петя"}).json()["token"]
        self.headers = {"Authorization": f"Bearer {token}"}
        taken = api.put(f"/v1/tables/{table_id}/seats/{PARTNER}", headers=self.headers)
        assert taken.status_code in (200, 201), taken.text

    def view(self) -> dict[str, Any]:
        view: dict[str, Any] = self.api.get(
            f"/v1/tables/{self.table_id}/state", headers=self.headers
        ).json()
        return view

    def act(self) -> int | None:
        """One move if it has one (the version it led to), else None."""
        view = self.view()
        actions = [a for a in view["legal_actions"] if a["body"]["type"] not in ANSWERS]
        if not actions:
            return None
        action = self.rng.choice(actions)
        body = {**action["body"], "expected_version": view["version"]}
        posted = self.api.post(
            f"/v1/tables/{self.table_id}/{action['endpoint']}", json=body, headers=self.headers
        )
        assert posted.status_code in (200, 409), posted.text  # 409: a bot moved meanwhile
        version: int = posted.json().get("version", view["version"])
        return version


def check_the_board(table: AnyTablePage, view: dict[str, Any]) -> None:
    """C32-30: one row of six marks per side, as many lit as the side's pairs; the pending
    egg pairs (C32-28); the «спас» of the losers of a one-pair кон (C32-27)."""
    rows = table.page.eval_on_selector_all(
        "#score .k32-board-row",
        """rows => rows.map(r => [Number(r.dataset.side), Number(r.dataset.pairs),
             r.querySelectorAll('.k32-pair').length, r.querySelectorAll('.k32-pair.on').length,
             r.querySelectorAll('.k32-spas').length])""",
    )
    board = view["game"]["board"]
    assert board == view["scores"]
    assert sorted(side for side, *_ in rows) == list(range(len(board)))
    last = view["last_deal"]
    assert view["target"]["score"] == 6  # C32-30
    for side, pairs, marks, lit, saved in rows:
        assert (pairs, marks, lit) == (board[side], 6, board[side]), rows
        spas = last is not None and side in last["saved"]  # C32-27, as the view says
        assert saved == int(spas), (rows, last)
    eggs = table.page.locator("#score .k32-egg").count()
    assert eggs == view["game"]["eggs_pending"]


def check_the_boast_shown(table: AnyTablePage, view: dict[str, Any]) -> None:
    """The page names the boast being played and marks its boaster's seat (once the game is
    over no кон is on view, nor its boast in the panel)."""
    game = view["game"]
    if game["boast"] is None or view["status"] == "finished":
        expect(table.page.locator("#game-panel dd[data-fact=boast]")).to_have_count(0)
        return
    name = BOAST_NAMES.get(game["boast"], game["boast"].replace("_", " "))
    expect(table.page.locator("#game-panel dd[data-fact=boast]")).to_contain_text(name)
    plate = table.page.locator(f"#felt .seat[data-seat='{game['boaster']}'] .plate")
    expect(plate.locator(".game-mark", has_text=name)).to_have_count(1)


@dataclass
class Boasted:
    """What the person's boasts showed."""

    kons: dict[str, tuple[int, int]] = field(default_factory=dict)
    """boast -> the кон it was declared in: (the table's number, the deal's), since a game
    that ends first is followed by a new table"""
    tables: int = 0
    """tables played so far"""
    face_down_leads: int = 0
    """turns at which the boaster's own face-down lead of pants lay in trick 1"""
    star_rounds: list[int] = field(default_factory=list)


def boasts_of_the_person(
    table: AnyTablePage,
    wanted: list[str],
    seed: int,
    each_turn: Callable[[dict[str, Any]], None] = lambda view: None,
) -> Boasted:
    """New tables until the person has declared each of `wanted` and its кон is over;
    `each_turn` checks more at every turn."""
    rng = random.Random(seed)
    seen = Boasted()
    first = True
    while True:
        if not first:
            table.page.click("#end-lobby")
        first = False
        table.create_any_table("kozel32", others={1: "random", 2: "friend", 3: "random"})
        seen.tables += 1
        partner = Partner(table.api, table.table_id, random.Random(rng.random()))
        if play_boasts(table, partner, wanted, rng, seen, each_turn):
            return seen


def play_boasts(
    table: AnyTablePage,
    partner: Partner,
    wanted: list[str],
    rng: random.Random,
    seen: Boasted,
    each_turn: Callable[[dict[str, Any]], None],
) -> bool:
    """Play until every wanted boast was declared and its кон ended (True) or the game
    ended (False)."""
    clicks = AnyClicks()

    def prefer(body: dict[str, Any]) -> bool:
        left = [b for b in wanted if b not in seen.kons]
        return body["type"] == "boast" and bool(left) and body["name"] == left[0]

    def check() -> bool:
        """The checks of a turn; True once every wanted boast's кон is over."""
        view = check_what_is_shown(table)
        if view is None or view["game"] is None:
            return False
        check_the_board(table, view)
        check_the_boast_shown(table, view)
        each_turn(view)
        game = view["game"]
        kon = (seen.tables, view["deal_no"])
        if game["boaster"] == 0 and game["boast"] in wanted:
            seen.kons.setdefault(game["boast"], kon)
            check_the_boasts_steps(table, partner, view, seen)
        done = [b for b in wanted if seen.kons.get(b, kon) < kon]
        return len(done) == len(wanted)

    for _ in range(MOVES_PER_GAME):
        if check():
            return True
        while (version := partner.act()) is not None:
            table.page.wait_for_function(
                "v => Number(document.body.dataset.version) >= v", arg=version
            )
            if check():
                return True
        if not table.step_any(rng, clicks, 0.3, prefer=prefer):
            return False
    pytest.fail("the game did not end")


def check_the_boasts_steps(
    table: AnyTablePage, partner: Partner, view: dict[str, Any], seen: Boasted
) -> None:
    game = view["game"]
    plays = (view["trick"] or {}).get("plays", [])
    if game["boast"] == "pants":  # C32-15: the boaster's lead lies face down, his alone
        for play in plays:
            if play["seat"] == 0 and play["face"] == "down":
                assert play["cards"] is not None
                assert len(play["cards"]) == 1
                seen.face_down_leads += 1
                theirs = partner.view()
                if theirs["version"] == view["version"]:
                    lead = theirs["trick"]["plays"][0]
                    assert lead["seat"] == 0
                    assert lead["cards"] is None
    if game["boast"] == "star" and game["star_rounds"]:  # C32-18: the rounds are shown
        seen.star_rounds = game["star_rounds"]
        if view["status"] == "finished":
            return  # no кон is on view once the game is over
        shown = table.page.locator("#game-panel dd[data-fact=star_rounds]").inner_text()
        assert [int(n) for n in re.findall(r"\d+", shown)] == game["star_rounds"]


def test_kozel32_the_person_declares_pants(table: AnyTablePage) -> None:
    """C32-15: pants, declared with the boast question's button, played through its batches;
    the boaster's own face-down lead is his alone until trick 1 is turned (checked at any
    turn it lies there: the server plays a batch with one non-good card itself, C32-14, so
    there may be no such turn)."""
    table.register("Вася")
    seen = boasts_of_the_person(table, ["pants"], seed=15)
    assert set(seen.kons) == {"pants"}


@pytest.mark.slow
def test_kozel32_the_person_declares_pants_a_mirror_and_a_star(table: AnyTablePage) -> None:
    """C32-15, C32-16, C32-18: each in its own кон."""
    table.register("Вася")
    seen = boasts_of_the_person(table, ["pants", "mirror", "star"], seed=1618)
    assert set(seen.kons) == {"pants", "mirror", "star"}
    assert len(set(seen.kons.values())) == 3
    assert len(seen.star_rounds) == 3


UNTRANSLATED = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
"""What js/i18n.js `t()` shows for a key it has no text for: the key itself (`k32_board`)."""


def untranslated(page: Page) -> list[str]:
    text = page.locator("#screen-table").inner_text()
    return UNTRANSLATED.findall(text)


def play_kons(
    table: AnyTablePage,
    rng: random.Random,
    kons: int,
    each_turn: Callable[[dict[str, Any]], None],
) -> dict[str, Any]:
    """Play until `kons` кона are over or the game is; the view at the end."""
    clicks = AnyClicks()
    for _ in range(MOVES_PER_GAME):
        view = check_what_is_shown(table)
        if view is not None:
            each_turn(view)
            if view["deal_no"] > kons:
                return view
        if not table.step_any(rng, clicks, 0.3):
            return table.state()
    pytest.fail("the game did not end")


def test_kozel32_queen_of_spades_table_of_three(table: AnyTablePage) -> None:
    """C32-35, C32-36: three players, each his own board; the soloist takes the talon,
    discards and names the trump; two кона (or the whole game, if it is over sooner)."""
    table.register("Вася")
    table.create_any_table(
        "kozel32",
        seats=3,
        options={"three_player_mode": "queen_of_spades"},
        others={1: "random", 2: "random"},
    )
    expect(table.page.locator("#felt")).to_have_attribute("data-seats", "3")
    soloists: set[int] = set()

    def each_turn(view: dict[str, Any]) -> None:
        assert len(view["scores"]) == 3
        assert view["game"]["players"] == 3
        assert view["game"]["blinds"] == []
        check_the_board(table, view)
        soloist = view["game"]["soloist"]
        if soloist is not None:
            soloists.add(soloist)
            plate = table.page.locator(f"#felt .seat[data-seat='{soloist}'] .plate")
            expect(plate.locator(".game-mark", has_text="queen of spades")).to_have_count(1)
        assert untranslated(table.page) == []

    view = play_kons(table, random.Random(35), 2, each_turn)
    assert view["deal_no"] > 2 or view["status"] == "finished"
    assert soloists
    assert view["last_deal"] is not None
    assert len(view["last_deal"]["points"]) == 3  # each for himself (C32-36)


def test_kozel32_on_a_phone_in_russian_and_english(
    table: AnyTablePage, screenshots: Path | None
) -> None:
    """390 by 844, through a mirror the person declares (the boast question, his cut, the
    play): at every turn, in Russian and then in English (the language buttons), no
    horizontal scroll and no untranslated text."""
    page = table.page
    page.set_viewport_size({"width": 390, "height": 844})
    table.register("Вася")
    phases: set[str] = set()
    shots = [screenshots / "web-phone-kozel32.png"] if screenshots else []

    def each_turn(view: dict[str, Any]) -> None:
        phases.add(view["phase"])
        if view["status"] == "finished":
            return  # the end screen covers the language buttons (test_web_prompts checks it)
        if shots and view["phase"] == "play" and (view["trick"] or {}).get("plays"):
            page.screenshot(path=shots.pop(), full_page=True)  # the README's
        for language in ("ru", "en"):
            choose_language(page, language)
            check_no_sideways_scroll(page)
            assert untranslated(page) == [], language

    seen = boasts_of_the_person(table, ["mirror"], seed=390, each_turn=each_turn)
    assert set(seen.kons) == {"mirror"}
    assert {"boast", "boasting", "play"} <= phases
