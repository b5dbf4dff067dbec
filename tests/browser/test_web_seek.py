""" "Play now" in the browser (issue 30, item 8): a seek from the lobby, the waiting screen
(how long it has waited, when bots join, Cancel) and the table the match opens. Two people
(a desktop in English, a phone in Russian) are matched with each other; one alone gets server
bots; Cancel, a seek cancelled elsewhere or expired, a reload and a seek already waiting.

Each test seeks in a pool of its own (game, seat count, `rated`), so that no test's seek is
matched with another's on the shared server."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.table_page import TablePage, check_no_sideways_scroll, choose_language
from tests.e2e.server import Server


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    """A second person: a phone (390 by 844) whose browser speaks Russian."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="ru-RU")
    context.set_default_timeout(15_000)
    errors: list[str] = []
    opened = context.new_page()
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert errors == [], f"the page threw: {errors}"


Register = Callable[[Page, str], TablePage]


@pytest.fixture
def people(server: Server) -> Iterator[Register]:
    """Registers a person on a page; their API clients are closed afterwards."""
    opened: list[TablePage] = []

    def register(page: Page, name: str) -> TablePage:
        person = TablePage(page, server.url)
        opened.append(person)
        person.register(name)
        return person

    yield register
    for person in opened:
        person.close()


def saved_seek(page: Page) -> str:
    stored = page.evaluate("() => localStorage.getItem('kozel.seek')")
    assert stored, "no seek saved"
    seek_id: str = json.loads(stored)["id"]
    return seek_id


def seek_status(table: TablePage, seek_id: str) -> dict[str, object]:
    response = table.api.get(
        f"/v1/seeks/{seek_id}", headers={"Authorization": f"Bearer {table.token}"}
    )
    assert response.status_code == 200, response.text
    seek: dict[str, object] = response.json()
    return seek


def play_now(page: Page, variant: str, seats: int | None, rated: bool, bots: str) -> None:
    """Choose in the lobby's "Play now" panel and press its button for `variant` (a seek
    matched at once goes to its table straight away)."""
    row = page.locator(f"#play-now-games li[data-variant={variant}]")
    if seats is not None:
        row.locator("select").select_option(str(seats))
    page.locator("#play-rated").set_checked(rated)
    page.select_option("#play-bots", bots)
    row.locator("button.play-now").click()


def waited_s(page: Page) -> int:
    text = page.locator("#seek-waited").inner_text()
    match = re.search(r"(\d+):(\d\d)", text)
    assert match, text
    return int(match.group(1)) * 60 + int(match.group(2))


def test_two_people_are_matched_into_one_table(
    page: Page, phone: Page, people: Register, screenshots: Path | None
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    desk = people(page, "Аня")
    play_now(page, "sixty_six", None, rated=True, bots="30")
    expect(page.locator("#screen-seek")).to_be_visible()
    # The waiting screen counts up the wait and down to the bots.
    expect(page.locator("#seek-game")).to_have_text("Sixty-six · 2 players · rated")
    expect(page.locator("#seek-bots")).to_have_text(re.compile(r"^Bots join in (2\d|30) s$"))
    expect(page.locator("#seek-waited")).to_have_text(re.compile(r"^Waiting: 0:(0[2-9]|[1-5]\d)$"))
    left = int(page.get_attribute("#seek-bots", "data-left") or 0)
    assert 15 <= left <= 28, left
    check_no_sideways_scroll(page, "a desktop")
    if screenshots:
        page.screenshot(path=screenshots / "web-seek.png")

    # The second person, on a phone in Russian, seeks people only in the same pool.
    other = people(phone, "Боря")
    expect(phone.locator("#play-now h2")).to_have_text("Играть сейчас")
    check_no_sideways_scroll(phone)
    play_now(phone, "sixty_six", None, rated=True, bots="")
    for person, mine, theirs in ((desk, "Аня", "Боря"), (other, "Боря", "Аня")):
        person.page.wait_for_selector("body[data-version]")
        view = person.state()
        seat = view["my_seat"]
        expect(person.page.locator(f"#felt .seat[data-seat='{seat}'] .plate .name")).to_have_text(
            mine
        )
        expect(
            person.page.locator(f"#felt .seat[data-seat='{1 - seat}'] .plate .name")
        ).to_have_text(theirs)
        assert person.page.evaluate("() => localStorage.getItem('kozel.seek')") is None
    assert desk.table_id == other.table_id
    check_no_sideways_scroll(phone)


def test_alone_with_bots_after_5_s_gets_a_table_with_a_server_bot(
    page: Page, people: Register
) -> None:
    table = people(page, "Зоя")
    play_now(page, "bura", 3, rated=False, bots="5")
    expect(page.locator("#screen-seek")).to_be_visible()
    expect(page.locator("#seek-game")).to_have_text("Bura · 3 players · unrated")
    expect(page.locator("#seek-bots")).to_have_text(re.compile(r"^Bots join in [1-4] s$"))
    page.wait_for_selector("body[data-version]", timeout=15_000)
    seats = table.api.get(f"/v1/tables/{table.table_id}").json()["seats"]
    assert sorted(bool(row["bot"]) for row in seats) == [False, True, True], seats
    assert [row["player"]["name"] for row in seats if row["player"]] == ["Зоя"]
    expect(page.locator("#felt .plate .name", has_text=re.compile(r"^Bot \d$"))).to_have_count(2)


def test_on_a_phone_in_russian_a_reload_waits_on_and_cancel_returns_to_the_lobby(
    phone: Page, people: Register, screenshots: Path | None
) -> None:
    table = people(phone, "Глеб")
    check_no_sideways_scroll(phone)
    play_now(phone, "kozly", None, rated=False, bots="")
    expect(phone.locator("#screen-seek")).to_be_visible()
    seek_id = saved_seek(phone)
    expect(phone.locator("#seek-title")).to_have_text("Ищем игру")
    expect(phone.locator("#seek-game")).to_have_text("Козлы · 4 игрока · без рейтинга")
    expect(phone.locator("#seek-bots")).to_have_text("Только люди: ждём, пока наберутся игроки")
    expect(phone.locator("#seek-waited")).to_have_text(re.compile(r"^Ждём: 0:(0[1-9]|[1-5]\d)$"))
    check_no_sideways_scroll(phone)
    if screenshots:
        phone.screenshot(path=screenshots / "web-phone-seek.png")
    before = waited_s(phone)
    phone.reload()
    expect(phone.locator("#screen-seek")).to_be_visible()
    expect(phone.locator("#seek-waited")).to_have_text(re.compile(r"^Ждём: 0:(0[1-9]|[1-5]\d)$"))
    assert waited_s(phone) >= before  # counted from the seek's creation, not the page's
    assert saved_seek(phone) == seek_id
    choose_language(phone, "en")  # the screen speaks the other language at once
    expect(phone.locator("#seek-game")).to_have_text("Kozly · 4 players · unrated")
    expect(phone.locator("#seek-cancel")).to_have_text("Cancel")
    choose_language(phone, "ru")
    phone.click("#seek-cancel")
    expect(phone.locator("#screen-lobby")).to_be_visible()
    expect(phone.locator("#notice")).to_have_text("Поиск игры отменён.")
    assert seek_status(table, seek_id)["status"] == "cancelled"
    assert phone.evaluate("() => localStorage.getItem('kozel.seek')") is None


def test_a_seek_already_waiting_is_waited_on_and_one_cancelled_elsewhere_ends(
    page: Page, server: Server, people: Register
) -> None:
    table = people(page, "Даша")
    # Another tab of the same player seeks first: the page's own seek is refused
    # (409 already_seeking) and the page waits on that one.
    headers = {"Authorization": f"Bearer {table.token}"}
    first = httpx.post(
        f"{server.url}/v1/seeks", json={"variant": "kozel4", "rated": False}, headers=headers
    )
    assert first.status_code == 201, first.text
    play_now(page, "kozel4", None, rated=False, bots="")
    expect(page.locator("#screen-seek")).to_be_visible()
    expect(page.locator("#notice")).to_contain_text("already looking for a game of")
    assert saved_seek(page) == first.json()["id"]
    # Cancelled elsewhere (the other tab): the long-poll hears it, the lobby says so.
    gone = httpx.delete(f"{server.url}/v1/seeks/{first.json()['id']}", headers=headers)
    assert gone.status_code == 200, gone.text
    expect(page.locator("#screen-lobby")).to_be_visible()
    expect(page.locator("#notice")).to_have_text("The search for a game was cancelled.")


def test_an_expired_seek_returns_to_the_lobby_saying_so(
    page: Page, server: Server, people: Register
) -> None:
    people(page, "Ева")
    play_now(page, "kozel32", 2, rated=True, bots="")
    expect(page.locator("#screen-seek")).to_be_visible()
    seek_id = saved_seek(page)
    # Its lifetime over (as if ten minutes had gone by): the server's sweep expires it.
    database = server.database_url.removeprefix("sqlite+aiosqlite:///")
    with sqlite3.connect(database, timeout=10) as db:
        db.execute("UPDATE seeks SET expires_at = created_at WHERE id = ?", (seek_id,))
    expect(page.locator("#screen-lobby")).to_be_visible()
    expect(page.locator("#notice")).to_have_text("No game was found in 0 min: the search is over.")
    assert page.evaluate("() => localStorage.getItem('kozel.seek')") is None
