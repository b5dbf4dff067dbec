"""Kozly in the web table (issue 18, item 4): a person plays whole games against three bots,
clicking only what the page offers. At every turn the page shows every player's marks as the
view's `scores` (KZ-18), and no other player's running card points (KZ-15): not in the
game's panel, not in the note of a trick taken; no card face its seat's view does not hold.
A phone-sized screen, in Russian and in English."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table_page import (
    AnyClicks,
    AnyTablePage,
    check_no_sideways_scroll,
    choose_language,
)
from tests.browser.test_web_games import MOVES_PER_GAME, check_the_end_screen, check_what_is_shown
from tests.e2e.server import Server

POINTS_SHOWN = re.compile(r"\d+\s+(?:points?|очк\w*)")
"""A count of card points as the page writes it (js/i18n.js `points_n`), in either language."""
UNTRANSLATED = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
"""What js/i18n.js `t()` shows for a key it has no text for: the key itself."""


@pytest.fixture
def table(page: Page, server: Server) -> Iterator[AnyTablePage]:
    person = AnyTablePage(page, server.url)
    yield person
    person.close()


def check_the_marks(table: AnyTablePage, view: dict[str, Any]) -> None:
    """KZ-18: one row per player on the score, each with his marks as the view's `scores`;
    KZ-19: the marks received so far on each player's plate."""
    rows = table.page.eval_on_selector_all(
        "#score .team-row",
        "rows => rows.map(r => [Number(r.dataset.side), r.querySelector('.score').textContent])",
    )
    assert len(view["scores"]) == 4
    assert sorted(side for side, _ in rows) == [0, 1, 2, 3], rows
    assert {side: int(shown) for side, shown in rows} == dict(enumerate(view["scores"]))
    # KZ-19: each bar measures the marks received (not the balance) against the target
    toward = table.page.eval_on_selector_all(
        "#score .team-row", "rows => rows.map(r => r.querySelector('.bar-track').dataset.toward)"
    )
    assert [int(n) for n in toward] == [view["game"]["received"][side] for side, _ in rows]
    for seat, received in enumerate(view["game"]["received"]):
        marks = table.page.locator(f"#felt .seat[data-seat='{seat}'] .plate .game-mark")
        shown = [int(n) for text in marks.all_inner_texts() for n in re.findall(r"\d+", text)]
        assert shown == ([received] if received else []), (seat, shown, received)


def check_the_points_hidden(table: AnyTablePage, view: dict[str, Any]) -> None:
    """KZ-15: the running card points the page shows are exactly those the view gives: the
    person's own, and a taken trick's points only when they are his."""
    page = table.page
    game = view["game"]
    mine = view["my_seat"]
    assert all(p is None for s, p in enumerate(game["points"]) if s != mine), game["points"]
    fact = page.locator("#game-panel dd[data-fact=points]")
    if view["phase"] == "play":
        entries = [e.rsplit(" ", 1)[1] for e in fact.inner_text().split(" · ")]
        expected = ["—" if p is None else str(p) for p in game["points"]]
        assert entries == expected, (entries, game["points"])
    taken = view["last_trick"]
    for where in ("#trick-note", "#last-trick"):
        box = page.locator(where)
        text = box.inner_text() if box.is_visible() else ""
        counts = POINTS_SHOWN.findall(text)
        if taken is None or taken["points"] is None:
            assert counts == [], (where, text, taken)
        else:
            assert all(int(c.split()[0]) == taken["points"] for c in counts), (where, text)


def play_kozly(
    table: AnyTablePage, seed: int, each_turn: Callable[[dict[str, Any]], None]
) -> tuple[AnyClicks, int]:
    """Play to the end screen, checking every turn the page is at the API's version; the
    clicks made and the turns checked."""
    rng = random.Random(seed)
    clicks = AnyClicks()
    checked = 0
    for _ in range(MOVES_PER_GAME):
        view = check_what_is_shown(table)
        if view is not None and view["game"] is not None:
            check_the_marks(table, view)
            check_the_points_hidden(table, view)
            each_turn(view)
            checked += 1
        if not table.step_any(rng, clicks):
            return clicks, checked
    pytest.fail("the game did not end")


@pytest.mark.slow  # a whole game; the phone test plays Kozly in the default suite
def test_kozly_a_whole_game_against_three_bots_marks_shown_points_hidden(
    table: AnyTablePage,
) -> None:
    """To 5 marks received (one or two won rounds, and any void ones): the marks move on the
    score as the view's, other players' card points never appear."""
    table.register("Коля")
    table.create_any_table(
        "kozly", options={"target_marks": "5"}, others={1: "random", 2: "heuristic", 3: "random"}
    )
    expect(table.page.locator("#felt")).to_have_attribute("data-seats", "4")
    marks_seen: set[tuple[int, ...]] = set()
    phases: set[str] = set()

    def each_turn(view: dict[str, Any]) -> None:
        marks_seen.add(tuple(view["scores"]))
        phases.add(view["phase"])

    clicks, checked = play_kozly(table, 18, each_turn)
    assert clicks.cards >= 8
    assert checked >= 8
    assert "play" in phases
    view = check_the_end_screen(table)
    check_the_marks(table, view)
    assert view["variant"] == "kozly"
    assert max(view["game"]["received"]) >= 5  # KZ-19: the winner received the target
    assert view["result"]["winner"] == view["game"]["received"].index(max(view["game"]["received"]))
    assert len(marks_seen) >= 2  # the marks changed during the game, and the page followed
    assert sum(view["scores"]) == 48  # KZ-18: marks only move between the players


def test_kozly_on_a_phone_in_russian_and_english(table: AnyTablePage) -> None:
    """390 by 844, a game to one mark received: at every turn, in Russian and then in English,
    no horizontal scroll, no untranslated text, and the hand, the trick and the marks on the
    screen."""
    page = table.page
    page.set_viewport_size({"width": 390, "height": 844})
    table.register("Коля")
    table.create_any_table("kozly", options={"target_marks": "1"})
    languages = {"ru": 0, "en": 0}

    def each_turn(view: dict[str, Any]) -> None:
        if view["status"] == "finished":
            return  # the end screen lies over the language buttons: checked below
        for language in ("ru", "en"):
            choose_language(page, language)
            check_no_sideways_scroll(page)
            assert UNTRANSLATED.findall(page.locator("#screen-table").inner_text()) == []
            check_the_marks(table, view)  # the score's words change, its numbers do not
            check_the_points_hidden(table, view)
            heading = (
                "Метки; выигрывает получивший 1" if language == "ru" else "Marks; 1 received wins"
            )
            expect(page.locator("#score .score-unit")).to_have_text(heading)  # KZ-19
            languages[language] += 1
        expect(page.locator("#score .team-row")).to_have_count(4)
        expect(page.locator("#score")).to_be_in_viewport()
        if view["my_hand"]:
            expect(page.locator("#hand .card").first).to_be_in_viewport()
        if (view["trick"] or {}).get("plays"):
            expect(page.locator("#trick .play").first).to_be_in_viewport()

    clicks, checked = play_kozly(table, 390, each_turn)
    assert clicks.cards >= 4
    assert checked >= 4
    assert languages["ru"] == languages["en"] == checked - 1
    check_the_end_screen(table)
    check_no_sideways_scroll(page, "the phone's end screen")
