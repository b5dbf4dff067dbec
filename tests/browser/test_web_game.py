"""A person plays whole games in the web table: against bots to the end, through a reload and
a dropped connection, with illegal cards disabled, messages (K-16) and both languages; a bot
account is shown as a bot."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.table_page import Clicks, TablePage, legal_cards, visible_to_seat
from tests.e2e.server import Server

MOVES_PER_GAME = 400
"""A game has at most a few dozen of one seat's moves; this only bounds a broken loop."""


@pytest.fixture
def table(page: Page, server: Server) -> Iterator[TablePage]:
    person = TablePage(page, server.url)
    yield person
    person.close()


def test_a_whole_game_against_three_bots_ends_as_the_api_says(
    table: TablePage, screenshots: Path | None
) -> None:
    rng = random.Random(7)
    table.register("Вася")
    table_id = table.create_table(bots="random")
    clicks = Clicks()
    for _ in range(MOVES_PER_GAME):
        if not table.step(rng, clicks):
            break
    else:
        pytest.fail("the game did not end")

    # The end screen shows the API's result: the loser, what was written, every title (K-17).
    view = table.state()
    summary = table.api.get(f"/v1/tables/{table_id}").json()
    result = view["result"]
    assert summary["status"] == "finished"
    assert summary["written"] == result["written"]
    end = table.page.locator("#end")
    expect(end).to_be_visible()
    assert end.get_attribute("data-loser") == str(result["loser"])
    assert end.get_attribute("data-written") == ":".join(map(str, result["written"]))
    shown = table.page.eval_on_selector_all(
        "#end-titles li", "items => items.map(i => i.dataset.title)"
    )
    assert shown == result["titles"]
    assert "goats" in shown
    mine = view["my_seat"] % 2
    expect(table.page.locator("#end-title")).to_have_text(
        "You remain goats!" if result["loser"] == mine else "You won!"
    )
    written = f"We {result['written'][mine]} — {result['written'][1 - mine]} They"
    expect(table.page.locator("#end-written")).to_have_text(written)
    # The last deal's summary (K-13/K-14/K-15) is the API's last_deal.
    last = view["last_deal"]
    box = table.page.locator("#deal-summary")
    assert box.get_attribute("data-deal") == str(last["deal_no"])
    assert box.get_attribute("data-reason") == last["reason"]
    # Every cut was made where the slider stood (K-5), as the finished deals show.
    for deal_no, position in clicks.cuts.items():
        record = table.api.get(f"/v1/tables/{table_id}/deals/{deal_no}").json()
        assert record["cut_position"] == position
    assert clicks.cards >= 6
    if screenshots:
        table.page.screenshot(path=screenshots / "web-game-over.png")


def test_a_reload_and_a_dropped_connection_keep_the_seat_and_the_hand(table: TablePage) -> None:
    rng = random.Random(3)
    table.register("Петя")
    table.create_table(bots="random")
    clicks = Clicks()
    # Into the middle of a deal: our turn to play with at least one trick taken.
    for _ in range(MOVES_PER_GAME):
        table.wait_until_ready()
        view = table.settled_state()
        if view["phase"] == "play" and view["tricks"] and legal_cards(view):
            break
        assert table.step(rng, clicks), "the game ended before a deal got going"
    hand = table.hand()
    assert hand == view["my_hand"]  # in the view's order (K-3's trumps, then ♠ ♥ ♦)
    assert table.face_up_cards() <= visible_to_seat(view)

    table.page.reload()
    table.wait_until_ready()
    after = table.settled_state()
    assert after["my_seat"] == view["my_seat"]
    assert table.hand() == hand
    assert table.enabled_cards() == legal_cards(after)

    # The connection drops as we click: the page retries the same move (one move_id) and
    # the move counts once when the network is back.
    played = next(card for card in hand if card in table.enabled_cards())
    table.page.context.set_offline(True)
    table.page.click(f"#hand .card[data-card='{played}']")
    expect(table.page.locator("#conn")).to_be_visible()
    table.page.context.set_offline(False)
    expect(table.page.locator("#conn")).to_be_hidden(timeout=15_000)
    table.page.wait_for_selector(f"body[data-busy=false]:not([data-version='{after['version']}'])")
    moved = table.settled_state()
    log = table.api.get(
        f"/v1/tables/{table.table_id}/events", params={"after_seq": after["version"]}
    ).json()["items"]
    ours = [
        e["data"]["card"]
        for e in log
        if e["type"] == "card_played" and e["data"]["seat"] == after["my_seat"]
    ]
    assert ours == [played]
    assert played not in moved["my_hand"]
    assert table.hand() == moved["my_hand"]

    # And the game goes on from the page, to the next deal.
    deal = moved["deal_no"]
    for _ in range(MOVES_PER_GAME):
        if table.settled_state()["deal_no"] > deal or not table.step(rng, clicks):
            break
    assert table.settled_state()["deal_no"] > deal or table.game_over()


TABLES_FOR_DEAL_2 = 5
"""A deal-1 sweep is rare among random bots; five in a row means something is wrong."""


def _play_deal_1_checking_cards_and_messages(table: TablePage, rng: random.Random) -> bool:
    """Play deal 1 and on until a turn had a card to refuse; False if the game ended first."""
    page = table.page
    clicks = Clicks()
    refused = False
    # Deal 1 (K-16: no messages): at every turn the enabled cards are exactly the legal ones.
    for _ in range(MOVES_PER_GAME):
        table.wait_until_ready()
        view = table.settled_state()
        if view["deal_no"] >= 2 or view["status"] == "finished":
            break
        expect(page.locator("#message-text")).to_be_disabled()
        expect(page.locator("#message-note")).to_have_text(
            "No messages in the first deal: the blind are being played."
        )
        if view["phase"] == "play" and legal_cards(view):
            assert table.enabled_cards() == legal_cards(view)
            refused = refused or set(view["my_hand"]) != legal_cards(view)
            # The move clock (K-5/K-18 option) runs for us, and shows.
            expect(page.locator(f".seat[data-seat='{view['my_seat']}'] .clock")).to_contain_text(
                "s"
            )
        assert table.face_up_cards() <= visible_to_seat(view)
        table.step(rng, clicks)
    if table.game_over():
        return False
    # Leads are free: if deal 1 had no turn with a card to refuse, a later one will.
    while not refused and table.step(rng, clicks):
        view = table.settled_state()
        if view["phase"] == "play" and legal_cards(view) and not table.game_over():
            assert table.enabled_cards() == legal_cards(view)
            refused = set(view["my_hand"]) != legal_cards(view)
    assert refused, "no turn had a card to refuse"
    return True


def test_illegal_cards_are_disabled_messages_wait_for_deal_2_and_languages_switch(
    table: TablePage, screenshots: Path | None
) -> None:
    rng = random.Random(11)
    page = table.page
    table.register("Коля")
    expect(page.locator("#new-table-submit")).to_have_text("Create the table")  # en-US browser
    # A first-deal sweep ends the game "blind" (K-14) before deal 2: then try another table.
    for _ in range(TABLES_FOR_DEAL_2):
        table.create_table(bots="random", clock="60")
        if _play_deal_1_checking_cards_and_messages(table, rng):
            break
        page.click("#end-lobby")
        page.wait_for_selector("#screen-lobby:not([hidden])")
    else:
        pytest.fail(f"{TABLES_FOR_DEAL_2} games in a row ended in deal 1")

    # Deal 2: messages are on; user text is shown as text, never as markup.
    table.wait_until_ready()
    view = table.settled_state()
    if view["status"] != "finished":
        page.fill("#message-text", "прицеп")
        page.click("#message-send")
        expect(page.locator("#message-list li span").last).to_have_text("прицеп")
        text = "<img src=x onerror=alert(1)> 10♥?"
        page.fill("#message-text", text)
        page.click("#message-send")
        expect(page.locator("#message-list li span").last).to_have_text(text)
        assert page.locator("#message-list img").count() == 0
        messages = table.state()["messages"]
        assert messages[-1]["text"] == text

    # Русский: the switch changes every text, and the choice stays after a reload.
    if table.game_over():
        page.click("#end-look")  # the end card covers the table; look at it instead
    page.click("button[data-lang='ru']")
    expect(page.locator("#messages h2")).to_have_text("Сообщения")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    page.reload()
    table.wait_until_ready()
    expect(page.locator("#message-send")).to_have_text("Отправить")
    if table.game_over():
        page.click("#end-look")
    if screenshots and view["status"] != "finished":
        page.screenshot(path=screenshots / "web-table.png")
        page.set_viewport_size({"width": 390, "height": 844})
        page.screenshot(path=screenshots / "web-phone.png")
    page.click("button[data-lang='en']")
    expect(page.locator("#to-lobby")).to_have_text("Lobby")


def test_the_language_follows_the_browser_until_chosen(
    page: Page, browser: Browser, server: Server
) -> None:
    russian = browser.new_context(locale="ru-RU")
    try:
        other = russian.new_page()
        other.goto(f"{server.url}/play")
        expect(other.locator("#register-submit")).to_have_text("Играть")
        expect(other.locator("html")).to_have_attribute("lang", "ru")
    finally:
        russian.close()
    page.goto(f"{server.url}/play")
    expect(page.locator("#register-submit")).to_have_text("Play")


def test_a_shared_link_seats_a_friend_and_the_lobby_lists_the_open_table(
    table: TablePage, browser: Browser, server: Server
) -> None:
    page = table.page
    table.register("Вася")
    page.select_option("#new-seat-1", "random")
    page.select_option("#new-seat-2", "friend")  # the partner's seat stays free
    page.select_option("#new-seat-3", "random")
    page.click("#new-table-submit")
    expect(page.locator("#waiting")).to_be_visible()
    link = page.input_value("#share-link")
    assert link == f"{server.url}/play#table={table.table_id}"

    friend_context = browser.new_context(locale="en-US")
    try:
        friend = TablePage(friend_context.new_page(), server.url)
        friend.register("Петя")
        # The lobby lists the open table with its free seat (seat 3 to a person: index 2).
        row = friend.page.locator(f"#open-tables li[data-table='{table.table_id}']")
        expect(row.locator("button[data-seat='2']")).to_have_text("Take seat 3")
        friend.page.goto(link)
        friend.page.click("#waiting-actions button[data-seat='2']")
        # The fourth seat starts the game for both of them; each sees its own seat.
        for person, seat in ((table, 0), (friend, 2)):
            expect(person.page.locator("#screen-table")).to_have_attribute("data-status", "playing")
            expect(person.page.locator("#screen-table")).to_have_attribute(
                "data-my-seat", str(seat)
            )
        expect(page.locator(".seat[data-seat='2'] .name")).to_have_text("Петя")
        expect(friend.page.locator(".seat[data-seat='0'] .name")).to_have_text("Вася")
        # K-18: a team resigns (with a second click to confirm); both see how it ended.
        friend.page.click("#resign")
        friend.page.click("#resign-yes")
        for person in (table, friend):
            end = person.page.locator("#end")
            expect(end).to_have_attribute("data-loser", "0")
            expect(person.page.locator("#end-title")).to_have_text("You remain goats!")
            expect(person.page.locator("#end-reason")).to_have_text("A team resigned.")
        assert table.state()["result"]["reason"] == "resigned"
        friend.close()
    finally:
        friend_context.close()


def test_a_bot_account_is_shown_as_a_bot(table: TablePage, server: Server) -> None:
    """A table opened by a bot account (`"bot": true` at sign-up): the lobby and the table
    name it as a bot, as a person's name is not."""
    with httpx.Client(base_url=server.url) as http:
        bot = http.post("/v1/players", json={"name": "R2", "bot": True}).json()
        auth = {"Authorization": f"Bearer {bot['token']}"}
        bots = {"1": "random", "3": "random"}
        created = http.post("/v1/tables", json={"seat": 0, "bots": bots}, headers=auth)
        table_id = created.json()["id"]
    page = table.page
    table.register("Вася")
    row = page.locator(f"#open-tables li[data-table='{table_id}']")
    expect(row.locator(".who")).to_contain_text("R2 (bot)")
    page.goto(f"{server.url}/play#table={table_id}")
    page.click("#waiting-actions button[data-seat='2']")
    expect(page.locator("#screen-table")).to_have_attribute("data-status", "playing")
    expect(page.locator(".seat[data-seat='0'] .name")).to_have_text("R2")
    expect(page.locator(".seat[data-seat='0'] .tag")).to_have_text("partner · bot")
    expect(page.locator(".seat[data-seat='2'] .tag")).to_have_text("you")
