"""A person plays every game but kozel24 in the web table, from the lobby to the end screen,
clicking only what the page offers (js/actions.js makes it from the view's legal_actions).
At every turn the page shows no card face its seat's view does not hold, and draws each
face-down play as that many backs. Where a game has an option that shortens it (a low
target), the test sets it in the lobby's options form."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table_page import AnyClicks, AnyTablePage, check_no_sideways_scroll
from tests.e2e.server import Server

MOVES_PER_GAME = 600
"""Clicks a game needs at most (cards selected one by one count); only bounds a broken loop."""


@pytest.fixture
def table(page: Page, server: Server) -> Iterator[AnyTablePage]:
    person = AnyTablePage(page, server.url)
    yield person
    person.close()


def check_what_is_shown(table: AnyTablePage) -> dict[str, Any] | None:
    """The page at the API's version: no hidden card face, face-down plays as backs."""
    view = table.state()
    if view["version"] != table.version:
        return None  # a bot moved since the page drew; the next turn checks again
    assert table.hidden_cards_shown(view) == set()
    if view.get("stock"):  # the stock's size, and its trump card face up where shown
        stock = table.page.locator("#stock")
        assert stock.get_attribute("data-size") == str(view["stock"]["size"])
        if view["stock"]["trump_card"]:
            assert stock.locator(f".card[data-card='{view['stock']['trump_card']}']").count() == 1
    plays = (view["trick"] or {}).get("plays", [])
    for seat in {play["seat"] for play in plays}:
        # A seat's face-down plays lie in one pile (js/felt.js `seatPlays`): backs, but for
        # the cards the view gives (its seat's own).
        down = [play for play in plays if play["seat"] == seat and play["face"] == "down"]
        if not down:
            continue
        pile = table.page.locator(f"#trick .play.face-down[data-seat='{seat}']")
        own = [card for play in down for card in play["cards"] or []]
        assert pile.locator(".card.back").count() == sum(play["count"] for play in down) - len(own)
        faces = pile.locator(".card[data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)")
        assert sorted(faces) == sorted(own)
    return view


def play_to_the_end(
    table: AnyTablePage,
    rng: random.Random,
    screenshot: Path | None = None,
    button_odds: float = 0.2,
) -> AnyClicks:
    clicks = AnyClicks()
    shot = screenshot
    for _ in range(MOVES_PER_GAME):
        view = check_what_is_shown(table)
        if shot and view and view["phase"] != "cut" and view["trick"] and view["trick"]["plays"]:
            table.page.screenshot(path=shot)
            shot = None
        if not table.step_any(rng, clicks, button_odds):
            break
    else:
        pytest.fail("the game did not end")
    return clicks


def check_the_end_screen(table: AnyTablePage) -> dict[str, Any]:
    """The end screen shows the API's result: winner, loser, scores, titles."""
    view = table.state()
    summary = table.api.get(f"/v1/tables/{table.table_id}").json()
    result = view["result"]
    assert summary["status"] == "finished"
    assert summary["scores"] == result["scores"]
    end = table.page.locator("#end")
    expect(end).to_be_visible()
    for key in ("winner", "loser"):
        shown = end.get_attribute(f"data-{key}")
        assert shown == ("" if result[key] is None else str(result[key]))
    assert end.get_attribute("data-scores") == ":".join(map(str, result["scores"]))
    titles = table.page.eval_on_selector_all(
        "#end-titles li", "items => items.map(i => i.dataset.title)"
    )
    assert titles == result["titles"]
    expect(table.page.locator("#end-title")).not_to_be_empty()
    return view


def test_sixty_six_a_match_to_one_game_point(table: AnyTablePage, screenshots: Path | None) -> None:
    table.register("Вася")
    table.create_any_table("sixty_six", options={"match_target": "1"})
    expect(table.page.locator("#felt")).to_have_attribute("data-seats", "2")
    clicks = play_to_the_end(
        table, random.Random(66), screenshots and screenshots / "sixty_six.png", 0.3
    )
    assert clicks.cards >= 1  # a deal may end after two cards (a marriage and 66, a claim)
    view = check_the_end_screen(table)
    assert view["variant"] == "sixty_six"


def test_bura_on_a_phone_to_three_penalty_points(
    table: AnyTablePage, screenshots: Path | None
) -> None:
    page = table.page
    page.set_viewport_size({"width": 390, "height": 844})
    table.register("Петя")
    page.wait_for_selector("#new-game option[value='bura']", state="attached")
    page.select_option("#new-game", "bura")
    expect(page.locator("#new-seats-label")).to_be_visible()  # Bura: 2, 3 or 4 players
    table.create_any_table("bura", seats=3, options={"target": "3"})
    expect(page.locator("#felt")).to_have_attribute("data-seats", "3")
    clicks = AnyClicks()
    rng = random.Random(5)
    shot = screenshots and screenshots / "bura.png"
    for _ in range(MOVES_PER_GAME):
        view = check_what_is_shown(table)
        check_no_sideways_scroll(page)
        if shot and view and view["trick"] and view["trick"]["plays"]:
            page.screenshot(path=shot)
            page.screenshot(path=shot.with_name("web-phone-bura.png"), full_page=True)
            shot = None
        if not table.step_any(rng, clicks, 0.1):
            break
    else:
        pytest.fail("the game did not end")
    check_the_end_screen(table)


def test_kozly_each_for_himself_to_one_mark(table: AnyTablePage, screenshots: Path | None) -> None:
    table.register("Коля")
    table.create_any_table("kozly", options={"target_marks": "1"})
    # Each for himself: four sides on the score, no partner.
    expect(table.page.locator("#score .team-row")).to_have_count(4)
    expect(table.page.locator(".plate .tag", has_text="partner")).to_have_count(0)
    play_to_the_end(table, random.Random(12), screenshots and screenshots / "kozly.png")
    check_the_end_screen(table)


def test_kozel4_multi_card_plays_are_selected_then_confirmed(
    table: AnyTablePage, screenshots: Path | None
) -> None:
    """K4: leads of several cards, beaten card by card or discarded face down. The page
    offers only selections inside a listed action, and posts exactly that action."""
    page = table.page
    table.register("Маша")
    table.create_any_table("kozel4")
    rng = random.Random(4)
    clicks = AnyClicks()
    shot = screenshots and screenshots / "kozel4.png"
    multi = face_down = 0
    for _ in range(MOVES_PER_GAME):
        view = check_what_is_shown(table)
        if view and view["trick"]:
            face_down += sum(p["face"] == "down" for p in view["trick"]["plays"])
        if view and any(len(a["body"].get("cards", [])) > 1 for a in view["legal_actions"]):
            listed = [sorted(a["body"]["cards"]) for a in view["legal_actions"]]
            # Select card by card: every enabled card keeps the selection inside a listed one.
            while not page.locator("#prompt .act.confirm:enabled").count():
                chosen = set(
                    page.eval_on_selector_all(
                        "#hand .card.selected", "cs => cs.map(c => c.dataset.card)"
                    )
                )
                offered = page.eval_on_selector_all(
                    "#hand .card.legal:enabled:not(.selected)", "cs => cs.map(c => c.dataset.card)"
                )
                for card in offered:
                    assert any(chosen | {card} <= set(cards) for cards in listed)
                page.click(f"#hand .card[data-card='{rng.choice(offered)}']")
            selected = sorted(
                page.eval_on_selector_all(
                    "#hand .card.selected", "cs => cs.map(c => c.dataset.card)"
                )
            )
            assert selected in listed
            version = view["version"]
            page.locator("#prompt .act.confirm:enabled").first.click()
            page.wait_for_selector(f"body[data-busy=false]:not([data-version='{version}'])")
            # The log has our play of exactly those cards.
            events = table.api.get(
                f"/v1/tables/{table.table_id}/events",
                params={"after_seq": version},
                headers={"Authorization": f"Bearer {table.token}"},
            ).json()["items"]
            plays = ("cards_led", "cards_beaten", "cards_discarded")
            mine = [
                e["data"]
                for e in events
                if e["type"] in plays and e["data"].get("seat") == view["my_seat"]
            ]
            assert mine, events[:3]
            assert sorted(mine[0]["cards"]) == selected
            multi += 1
            if shot:
                page.screenshot(path=shot)
                shot = None
            if multi >= 2 and face_down:
                break
            continue
        if not table.step_any(rng, clicks):
            break
    assert multi >= 1, "no multi-card play came up"


@pytest.mark.slow
def test_kozel4_a_whole_game(table: AnyTablePage) -> None:
    table.register("Маша")
    table.create_any_table("kozel4")
    play_to_the_end(table, random.Random(44))
    check_the_end_screen(table)


def test_kozel32_a_table_of_two_with_blinds_through_two_kons(
    table: AnyTablePage, screenshots: Path | None
) -> None:
    """C32-33: two players and two blind dummies; the pre-play phase (boasts, demands) is
    buttons from legal_actions; the blinds' cards are picked face down."""
    table.register("Вася")
    table.create_any_table("kozel32", seats=2)
    expect(table.page.locator("#felt")).to_have_attribute("data-seats", "4")
    expect(table.page.locator(".seat .name", has_text="Blind")).to_have_count(2)
    rng = random.Random(32)
    clicks = AnyClicks()
    shot = screenshots and screenshots / "kozel32.png"
    for _ in range(MOVES_PER_GAME):
        view = check_what_is_shown(table)
        if shot and view and view["phase"] == "play" and view["trick"] and view["trick"]["plays"]:
            table.page.screenshot(path=shot)
            shot = None
        if view and view["deal_no"] >= 3:
            break
        if not table.step_any(rng, clicks):
            break
    assert table.state()["deal_no"] >= 3 or table.game_over()


@pytest.mark.slow
def test_kozel32_a_whole_game_of_four(table: AnyTablePage) -> None:
    table.register("Вася")
    table.create_any_table("kozel32")
    play_to_the_end(table, random.Random(320))
    check_the_end_screen(table)
