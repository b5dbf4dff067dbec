"""Sixty-six in the web table: a person closes the stock (S66-19), declares a marriage (S66-15)
and exchanges the trump nine for the face-up trump card (S66-14), each through the button the
page makes from the view's legal actions; after each, the page shows its effect as the API's
view has it. And a whole match on a phone-sized screen, in Russian and in English. At every
turn the page shows no card face its seat's view does not hold (`check_what_is_shown`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table_page import (
    ANY_READY,
    BUSY_DONE,
    AnyClicks,
    AnyTablePage,
    check_no_sideways_scroll,
    choose_language,
)
from tests.browser.test_web_games import MOVES_PER_GAME, check_the_end_screen, check_what_is_shown
from tests.browser.test_web_kozel32 import untranslated
from tests.e2e.server import Server

PLAYING = {"close_or_draw", "lead", "follow"}
SUITS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
WANTED = ("close", "declare", "exchange")
"""The bodies' types (app/domain/sixty_six/commands.py, docs/rules/sixty_six.md «Moves»)."""
NAME = "Вася"
DECKS = ("66", "schnapsen", "schnapsen")
"""The matches take turns with the two decks (S66-2): the exchange card is the 9 or the J.
Schnapsen twice as often: there the forehand may exchange before any trick (S66-14)."""
MATCHES = 24
"""Matches to one game point the person plays at most to click all three (each deal is
dealt at random by the server; three or four matches usually suffice)."""


@pytest.fixture
def table(page: Page, server: Server) -> Iterator[AnyTablePage]:
    person = AnyTablePage(page, server.url)
    yield person
    person.close()


def fact(table: AnyTablePage, name: str) -> str:
    """The text of one of the game panel's facts (js/games/sixty_six.js)."""
    return table.page.locator(f"#game-panel dd[data-fact={name}]").inner_text()


def check_the_scores(table: AnyTablePage, view: dict[str, Any]) -> None:
    """The game points of the match, per seat, as the view has them."""
    for seat, score in enumerate(view["scores"]):
        row = table.page.locator(f"#score .team-row[data-side='{seat}'] .score")
        expect(row).to_have_text(str(score))


def check_closed(table: AnyTablePage, before: dict[str, Any], view: dict[str, Any]) -> None:
    """S66-19: the trump card is turned down, nobody draws, the panel names the closer."""
    me = view["my_seat"]
    assert before["game"]["closing"] is None
    assert view["game"]["closing"]["closer"] == me
    assert view["stock"]["trump_card"] is None
    stock = table.page.locator("#stock")
    expect(stock.locator(".card[data-card]")).to_have_count(0)  # no face up under the pile
    assert stock.get_attribute("data-size") == str(view["stock"]["size"])
    assert view["stock"]["size"] == before["stock"]["size"]  # nothing drawn by closing
    assert fact(table, "closing") == NAME  # seat 0's player, who registered as NAME


def check_declared(table: AnyTablePage, before: dict[str, Any], view: dict[str, Any]) -> None:
    """S66-15: the marriage is listed with its points (40 in trumps, 20 else), its two cards
    shown; the lead must now be one of them."""
    me = view["my_seat"]
    new = view["game"]["marriages"][len(before["game"]["marriages"]) :]
    assert len(new) == 1, new
    assert new[0]["seat"] == me
    marriage = new[0]
    assert marriage["points"] == (40 if marriage["suit"] == view["game"]["trump"] else 20)
    shown = fact(table, "marriages")
    assert SUITS[marriage["suit"]] in shown
    assert f"({marriage['points']})" in shown, shown
    pair = {f"K{marriage['suit']}", f"Q{marriage['suit']}"}
    assert pair <= set(view["game"]["shown"][me])
    assert fact(table, "shown").count(SUITS[marriage["suit"]]) >= 2
    enabled = table.enabled_cards()
    assert enabled, "nothing to lead"
    assert enabled <= pair, enabled  # S66-18: one of the pair is led


def check_exchanged(table: AnyTablePage, before: dict[str, Any], view: dict[str, Any]) -> None:
    """S66-14: the former trump card is in the hand, the exchange card (the trump nine, or
    the jack with 20 cards: S66-5) lies under the stock."""
    former = before["stock"]["trump_card"]
    nine = f"{'J' if view['game']['rules']['deck'] == 'schnapsen' else '9'}{former[-1]}"
    assert nine in before["my_hand"]
    assert former in view["my_hand"]
    assert nine not in view["my_hand"]
    assert view["stock"]["trump_card"] == nine
    assert table.hand().count(former) == 1
    assert nine not in table.hand()
    trump = table.page.locator("#stock .stock-trump")
    expect(trump).to_have_attribute("data-card", nine)
    exchange = view["game"]["exchanges"][-1]
    assert (exchange["exchange_card"], exchange["trump_card"]) == (nine, former)
    assert fact(table, "exchange")


CHECKS: dict[str, Callable[[AnyTablePage, dict[str, Any], dict[str, Any]], None]] = {
    "close": check_closed,
    "declare": check_declared,
    "exchange": check_exchanged,
}


def test_sixty_six_the_person_closes_declares_and_exchanges(table: AnyTablePage) -> None:
    table.register(NAME)
    rng = random.Random(14)
    done: dict[str, int] = {}
    view: dict[str, Any] | None = None

    def prefer(body: dict[str, Any]) -> bool:
        kind = body["type"]
        if kind == "draw":
            return True  # never a claim out by chance: the person plays whole deals
        if kind not in WANTED or kind in done:
            return False
        if kind != "close":
            return True
        # Closing ends marriages and exchanges for the deal: close late, or once they are seen.
        late = view is not None and view["stock"] is not None and view["stock"]["size"] <= 6
        return late or {"declare", "exchange"} <= set(done)

    for match in range(MATCHES):
        if match:
            table.page.click("#end-lobby")
        # The heuristic bot plays whole deals (the random one may claim out at once, falsely).
        options = {"match_target": "1", "deck": DECKS[match % len(DECKS)]}
        table.create_any_table("sixty_six", options=options, others={1: "heuristic"})
        clicks = AnyClicks()
        for _ in range(MOVES_PER_GAME):
            view = check_what_is_shown(table)
            if view is not None:
                check_the_scores(table, view)
            table.page.wait_for_selector(ANY_READY)
            before = table.state()  # when the person may act, nobody else moves
            counts = dict(clicks.buttons)
            if not table.step_any(rng, clicks, 0.0, prefer=prefer):
                break
            clicked = [k for k in WANTED if clicks.buttons.get(k, 0) > counts.get(k, 0)]
            for kind in clicked:  # the person is still on lead: no bot moved since
                after = table.settled_state()
                assert table.hidden_cards_shown(after) == set()
                CHECKS[kind](table, before, after)
                done[kind] = done.get(kind, 0) + 1
        else:
            pytest.fail("the game did not end")
        check_the_end_screen(table)
        if set(done) == set(WANTED):
            break
    assert set(done) == set(WANTED), f"after {MATCHES} matches only {done}"


def test_sixty_six_on_a_phone_in_russian_and_english(
    table: AnyTablePage, screenshots: Path | None
) -> None:
    """390 by 844: at every turn, in Russian and then in English, no horizontal scroll, no
    untranslated text, and the hand, the stock with its trump card and the scores on screen;
    a match to one game point played to its end."""
    page = table.page
    page.set_viewport_size({"width": 390, "height": 844})
    table.register("Петя")
    table.create_any_table("sixty_six", options={"match_target": "1"}, others={1: "heuristic"})
    rng = random.Random(390)
    clicks = AnyClicks()
    shot = screenshots and screenshots / "web-phone-sixty_six.png"
    played = 0
    for _ in range(MOVES_PER_GAME):
        view = check_what_is_shown(table)
        if view is not None and view["phase"] in PLAYING:
            for language in ("ru", "en"):
                choose_language(page, language)
                check_no_sideways_scroll(page)
                assert untranslated(page) == [], language
                on_screen(page, "#hand")
                assert sorted(table.hand()) == sorted(view["my_hand"])
                on_screen(page, "#score")
                check_the_scores(table, view)
                if view["stock"] is not None and view["stock"]["size"]:
                    on_screen(page, "#stock")
                    if view["stock"]["trump_card"]:
                        on_screen(page, "#stock .stock-trump")
            played += 1
            if shot and view["trick"] and view["trick"]["plays"] and view["stock"]["size"]:
                page.screenshot(path=shot, full_page=True)
                shot = None
        # Cards, and the draw where it is offered: no claim out by chance, a whole deal.
        if not table.step_any(rng, clicks, 0.0, prefer=lambda body: body["type"] == "draw"):
            break
    else:
        pytest.fail("the game did not end")
    assert played >= 3
    check_the_end_screen(table)


def on_screen(page: Page, selector: str) -> None:
    """Shown, and inside the phone's width (its height may need a scroll)."""
    found = page.locator(selector).first
    expect(found).to_be_visible()
    box = found.bounding_box()
    assert box is not None, selector
    assert box["x"] >= 0, (selector, box)
    assert box["x"] + box["width"] <= 390 + 1, (selector, box)


AFTER_A_WON_TRICK = {"draw", "close", "claim_out"}
"""S66-20 with 24 cards: the winner of a trick may close before he draws, or claim out."""


def test_sixty_six_the_page_draws_after_a_won_trick_unless_the_person_closes(
    table: AnyTablePage,
) -> None:
    """Issue 28, item 4: with 24 cards the person never clicks "Draw". After a trick he won,
    while the stock is open, the page offers the close (one click) and draws by itself
    unless he closes: twice the page draws (S66-11: his hand is full again), then he closes
    before the draw (S66-19: five cards each, the stock as it was)."""
    page = table.page
    table.register(NAME)
    table.create_any_table("sixty_six", options={"deck": "66"}, others={1: "heuristic"})
    rng = random.Random(11)
    drawn = 0
    ready = ", ".join(
        [
            f"{BUSY_DONE} {what}"
            for what in ("#hand .card.legal:enabled", "#prompt .act[data-type=draw]", "#cut-go")
        ]
        + ["#end:not([hidden])"]
    )
    for _ in range(MOVES_PER_GAME):
        page.wait_for_selector(ready)
        if table.game_over():  # the match ended before the third won trick: another
            page.click("#end-lobby")
            table.create_any_table("sixty_six", options={"deck": "66"}, others={1: "heuristic"})
            continue
        version = table.version
        if page.locator("#cut-go").count():
            page.click("#cut-go")
            page.wait_for_selector(f"{BUSY_DONE}:not([data-version='{version}'])")
            continue
        if not page.locator("#prompt .act[data-type=draw]").count():
            cards = page.locator("#hand .card.legal:enabled")
            cards.nth(rng.randrange(cards.count())).click()
            page.wait_for_selector(f"{BUSY_DONE}:not([data-version='{version}'])")
            continue
        # A trick won with the stock open: the close is offered before the draw.
        expect(page.locator("#prompt")).to_have_attribute("data-prompt", "draw")
        stock = int(page.get_attribute("#stock", "data-size") or 0)
        if drawn == 2:
            page.click("#prompt .act[data-type=close]")  # one click: the page does not draw
            page.wait_for_selector(f"{BUSY_DONE}:not([data-version='{version}'])")
            after = table.settled_state()
            assert after["game"]["closing"]["closer"] == after["my_seat"]
            assert after["stock"]["size"] == stock
            assert len(after["my_hand"]) == 5
            return
        expect(page.locator("#prompt")).to_contain_text("drawing from the stock")
        page.wait_for_selector(f"{BUSY_DONE}:not([data-version='{version}'])")  # by itself
        events = table.api.get(
            f"/v1/tables/{table.table_id}/events",
            params={"after_seq": version},
            headers={"Authorization": f"Bearer {table.token}"},
        ).json()["items"]
        assert (events[0]["type"], events[0]["data"]["seat"]) == ("card_drawn", 0), events[:2]
        assert len(table.state()["my_hand"]) == 6
        drawn += 1
    pytest.fail("no third won trick with the stock open")
