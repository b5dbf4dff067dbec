"""The table's layout on a 1280 by 800 desktop and a 390 by 844 phone (issue 28, items 8, 9 and
10): the hand stays on screen whatever the side panels hold (kozel32's big coffins, C32-20:
a first trick of 24 plays, 22 of them face down), face-down counts never overlap, the
seats' backs stay on the felt (kozel32 with two blinds, C32-33), the trump is on the felt
(Kozly), the buttons keep their words on one line, and the end screen leaves the language
switch free."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from app.api.games.kozel32 import ADAPTER as KOZEL32
from app.domain.cards import Card, Suit
from app.domain.kozel32.commands import NameTrump, PlayCard
from app.domain.kozel32.deck import DECK
from app.domain.kozel32.options import Boast
from tests.browser.canned import CannedTable, wire_view
from tests.browser.table_page import (
    AnyClicks,
    AnyTablePage,
    check_no_sideways_scroll,
    choose_language,
)
from tests.browser.test_web_games import check_what_is_shown
from tests.domain.kozel32.helpers import after_cut, apply
from tests.e2e.server import Server

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SUITS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}


@pytest.fixture
def table(page: Page, server: Server) -> Iterator[AnyTablePage]:
    person = AnyTablePage(page, server.url)
    yield person
    person.close()


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found


def boxes(page: Page, selector: str) -> list[dict[str, float]]:
    found: list[dict[str, float]] = page.eval_on_selector_all(
        selector,
        """es => es.map(e => e.getBoundingClientRect()).filter(r => r.width && r.height)
             .map(r => ({x: r.x, y: r.y, width: r.width, height: r.height}))""",
    )
    return found


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"] - 1
        and b["x"] < a["x"] + a["width"] - 1
        and a["y"] < b["y"] + b["height"] - 1
        and b["y"] < a["y"] + a["height"] - 1
    )


def check_inside(page: Page, selector: str, within: str) -> None:
    """Every element `selector` lies inside the first `within`, side to side."""
    outer = box(page, within)
    for inner in boxes(page, selector):
        assert inner["x"] >= outer["x"] - 1, (selector, inner, outer)
        assert inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 1, (selector, inner)


def check_the_hand_on_screen(page: Page, hand: list[str]) -> None:
    """Every card of the hand is on the screen as the page opens, scrolled to its top."""
    page.evaluate("window.scrollTo(0, 0)")
    height = page.viewport_size["height"] if page.viewport_size else 0
    shown = page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.dataset.card)")
    assert sorted(shown) == sorted(hand)
    for card in boxes(page, "#hand .card"):
        assert card["y"] >= 0, card
        assert card["y"] + card["height"] <= height, (card, height)


def check_no_count_overlaps(page: Page) -> None:
    for where in ("#trick", "#last-trick"):
        labels = boxes(page, f"{where} .down-count")
        for n, label in enumerate(labels):
            others = [other for other in labels[n + 1 :] if overlap(label, other)]
            assert others == [], (where, label, others)


def coffins(table_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """C32-20, big coffins declared by seat 3: the coffin of 24 taken (trick 1), then seat
    3's lead of trick 2 with the coffin as the last trick; the person, seat 0, holds 2."""
    state = after_cut(tuple(DECK), boast=Boast.BIG_COFFINS, boaster=3, kon_no=2)
    taken = wire_view(KOZEL32, state, table_id, 900)
    state, _ = apply(state, NameTrump(3, Suit.HEARTS))
    lead = next(c for c in state.deal.hands[3])
    state, _ = apply(state, PlayCard(3, lead))
    led = wire_view(KOZEL32, state, table_id, 901)
    assert len(taken["last_trick"]["plays"]) == 24
    assert sum(play["face"] == "down" for play in taken["last_trick"]["plays"]) == 22
    assert led["last_trick"] == taken["last_trick"]
    assert isinstance(lead, Card)
    return taken, led


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_kozel32_the_hand_stays_on_screen_beside_the_big_coffin(
    table: AnyTablePage, size: dict[str, int]
) -> None:
    page = table.page
    page.set_viewport_size(size)
    table.register("Вася")
    table.create_any_table("kozel32")
    taken, led = coffins(table.table_id)
    canned = CannedTable(table, taken)
    for view in (taken, led):
        canned.show(page, view)
        for language in ("ru", "en"):
            choose_language(page, language)
            check_the_hand_on_screen(page, view["my_hand"])
            check_no_count_overlaps(page)
            check_inside(page, "#felt .card", "#felt")
            check_no_sideways_scroll(page, str(size))
    expect(page.locator("#last-trick")).to_be_visible()  # the coffin, beside trick 2
    expect(page.locator("#last-trick .down-count")).to_have_count(2)  # one per side's backs


def test_kozel32_with_blinds_on_a_phone_keeps_every_seat_on_the_felt(
    table: AnyTablePage,
) -> None:
    """C32-33: the two blinds' eight backs each, on the left and the right, on 390 pixels."""
    page = table.page
    page.set_viewport_size(PHONE)
    table.register("Вася")
    table.create_any_table("kozel32", seats=2)
    rng = random.Random(9)
    checked = 0
    for _ in range(12):
        view = check_what_is_shown(table)
        if view is not None and max(view["hand_sizes"]) >= 6:  # dealt, and little played
            check_inside(page, "#felt .seat .backs", "#felt")
            check_inside(page, "#felt .seat .plate", "#felt")
            check_no_sideways_scroll(page)
            checked += 1
        if checked == 3 or not table.step_any(rng, AnyClicks(), 0.3):
            break
    assert checked == 3


def test_kozly_on_a_phone_shows_the_trump_on_the_felt(table: AnyTablePage) -> None:
    page = table.page
    page.set_viewport_size(PHONE)
    table.register("Вася")
    table.create_any_table("kozly")
    rng = random.Random(4)
    for _ in range(4):
        view = check_what_is_shown(table)
        if view is not None and view["game"] is not None and view["game"]["trump_suit"]:
            trump = page.locator("#felt .felt-trump")
            expect(trump).to_be_visible()
            expect(trump).to_contain_text(SUITS[view["game"]["trump_suit"]])
            check_inside(page, "#felt .felt-trump", "#felt")
            felt = box(page, "#felt")
            assert felt["y"] + felt["height"] <= PHONE["height"]  # the felt: above the fold
            return
        assert table.step_any(rng, AnyClicks(), 0)
    pytest.fail("no trump in the view")


def lines(page: Page, selector: str) -> int:
    """How many lines a button's words take."""
    count: int = page.eval_on_selector(
        selector,
        """b => { const range = document.createRange(); range.selectNodeContents(b);
                  const tops = [...range.getClientRects()].map(r => Math.round(r.top));
                  return new Set(tops).size; }""",
    )
    return count


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_end_screen_leaves_the_language_switch_free(
    table: AnyTablePage, size: dict[str, int]
) -> None:
    """The player resigns; over the end screen the language buttons still work, and the
    buttons' words stay on one line."""
    page = table.page
    page.set_viewport_size(size)
    table.register("Вася")
    table.create_any_table("sixty_six")
    choose_language(page, "ru")
    assert lines(page, "#to-lobby") == 1
    page.click("#resign")
    page.click("#resign-yes")
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#end-title")).to_have_text("Вы проиграли")
    assert lines(page, "#end-lobby") == 1
    assert lines(page, "#end-look") == 1
    page.click(".lang[data-lang=en]", timeout=3000)  # not covered by the end screen
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#end-title")).to_have_text("You lost")
    expect(page.locator("#end")).to_be_visible()
