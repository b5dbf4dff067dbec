"""What the table says (issue 28, items 7, 11, 12 and 14): who led the trick, in every game;
which game is played and by how many, on the table and in the page's title, with the
lobby's link to each game's rules page; the move clock in the seconds the rules give; counts
in their plural forms and names apart from their figures, in Russian and in English."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from app.api.games.sixty_six import ADAPTER as SIXTY_SIX
from tests.browser.canned import CannedTable, wire_view
from tests.browser.table_page import ANY_READY, AnyClicks, AnyTablePage, Clicks, choose_language
from tests.browser.test_web_games import check_what_is_shown
from tests.domain.sixty_six.helpers import dealt
from tests.e2e.server import Server


@pytest.fixture
def table(page: Page, server: Server) -> Iterator[AnyTablePage]:
    person = AnyTablePage(page, server.url)
    yield person
    person.close()


def trick_in_play(view: dict[str, Any]) -> dict[str, Any] | None:
    """The trick being played, once its lead is on the felt."""
    trick = view["trick"]
    return trick if trick and (trick.get("plays") or trick.get("cards")) else None


def check_the_leader(table: AnyTablePage, view: dict[str, Any]) -> bool:
    """The seat that led the trick in play is marked, on its plate and in the trick, and no
    other is; False when no trick is being played."""
    trick = trick_in_play(view)
    if trick is None:
        return False
    page = table.page
    marked = page.eval_on_selector_all(
        "#felt .seat .plate .marker.leader", "ms => ms.map(m => m.closest('.seat').dataset.seat)"
    )
    assert marked == [str(trick["leader"])], (marked, trick)
    leads = page.eval_on_selector_all("#trick .play.lead", "ps => ps.map(p => p.dataset.seat)")
    assert leads == [str(trick["leader"])], (leads, trick)
    return True


@pytest.mark.parametrize(
    ("variant", "seats"),
    [("kozel24", 4), ("kozel32", 4), ("kozel4", 4), ("bura", 3), ("kozly", 4), ("sixty_six", 2)],
)
def test_every_game_marks_who_led_the_trick(table: AnyTablePage, variant: str, seats: int) -> None:
    table.register("Вася")
    table.create_any_table(variant, seats=seats if variant == "bura" else None)
    rng = random.Random(7)
    checked = 0
    for _ in range(80):
        # At the seat's turn the bots wait for it, so the page and the API agree on the
        # version (right after its own move they may not yet, on a loaded host).
        if variant == "kozel24":
            table.wait_until_ready()
        else:
            table.page.wait_for_selector(ANY_READY, timeout=30_000)
        view = check_what_is_shown(table)
        if view is not None and view["phase"] != "cut" and check_the_leader(table, view):
            checked += 1
            if checked == 3:
                expect(table.page.locator(".marker.leader").first).to_have_text("led")
                choose_language(table.page, "ru")
                expect(table.page.locator(".marker.leader").first).to_have_text("заход")
                return
        more = (
            table.step(rng, Clicks())
            if variant == "kozel24"
            else table.step_any(rng, AnyClicks(), 0, prefer=lambda body: body["type"] == "draw")
        )
        assert more, "the game ended before three tricks were seen"
    pytest.fail("no trick on the felt")


@pytest.mark.parametrize(
    ("variant", "seats", "others", "named"),
    [
        ("bura", 3, {}, {"en": "Bura · 3 players", "ru": "Бура (Буркозёл) · 3 игрока"}),
        (
            "kozel32",
            2,
            {},
            {
                "en": "Kozel, 32 cards, with boasts · 2 players",
                "ru": "Козёл на 32 карты, хвалёнки · 2 игрока",
            },
        ),
        ("kozly", None, {}, {"en": "Kozly · 4 players", "ru": "Козлы · 4 игрока"}),
    ],
)
def test_the_table_names_its_game_and_players(
    table: AnyTablePage,
    variant: str,
    seats: int | None,
    others: dict[int, str],
    named: dict[str, str],
) -> None:
    page = table.page
    table.register("Вася")
    table.create_any_table(variant, seats=seats, others=others)
    for language in ("ru", "en"):
        choose_language(page, language)
        expect(page.locator("#table-game")).to_have_text(named[language])
        expect(page).to_have_title(
            f"{named[language]} — {'Козёл' if language == 'ru' else 'Kozel'}"
        )
    page.click("#to-lobby")
    expect(page).to_have_title("Kozel")
    expect(page.locator("#table-game")).to_be_hidden()


def test_the_lobby_links_each_game_to_its_rules_page(table: AnyTablePage) -> None:
    page = table.page
    table.register("Вася")
    games = table.api.get("/v1/games").json()
    assert len(games) >= 6
    for game in games:
        page.select_option("#new-game", game["variant"])
        link = page.locator("#new-game-rules-link")
        expect(link).to_have_attribute("href", game["rules"])
        expect(link).to_have_text("The rules")
        assert table.api.get(game["rules"]).status_code == 200
    choose_language(page, "ru")
    expect(page.locator("#new-game-rules-link")).to_have_text("Правила игры")


def http_date(moment: datetime) -> str:
    return format_datetime(moment, usegmt=True)


def test_the_move_clock_counts_the_seconds_the_rules_give(table: AnyTablePage) -> None:
    """A view's deadline a few seconds beyond the table's move clock (a slow answer, a clock
    behind) shows the clock's own seconds, never more; an answer whose Date lags does not
    push the count up; the count goes down by whole seconds."""
    page = table.page
    table.register("Вася")
    table.create_any_table("sixty_six", others={1: "heuristic"})
    position = dealt(("AH 10H KH QH JH 9H", "AS 10S KS QS JS 9S"), "9C", "AC 10C KC QC JC AD")

    def clocked(version: int, clock: int, due: timedelta) -> dict[str, Any]:
        view = wire_view(SIXTY_SIX, position, table.table_id, version, move_clock_s=clock)
        at = datetime.now(UTC) + due
        return {**view, "deadlines": [{"seat": 0, "at": at.isoformat()}]}

    canned = CannedTable(table, clocked(600, 60, timedelta(seconds=75)))
    canned.show(page)
    shown = page.locator("#felt .seat[data-seat='0'] .clock")
    expect(shown).to_have_text("60 s")
    canned.show(page, clocked(601, 30, timedelta(seconds=40)))
    expect(shown).to_have_text("30 s")

    # An answer whose Date header is 6 s behind the server's clock changes nothing.
    def late(route: Any, request: Any) -> None:
        if request.method == "GET" and "/state" in request.url and "since" not in request.url:
            headers = {"Date": http_date(datetime.now(UTC) - timedelta(seconds=6))}
            route.fulfill(json=canned.current, headers=headers)
        else:
            canned.handle(route, request)

    canned.current = clocked(602, 30, timedelta(seconds=20.5))
    page.unroute(f"**/v1/tables/{table.table_id}**")
    page.route(f"**/v1/tables/{table.table_id}**", late)
    page.reload()
    page.wait_for_selector("body[data-version='602']")
    first = int(shown.inner_text().split()[0])
    # 20.5 s left, read on a clock that a whole-second Date may set up to 1 s behind: 18-22;
    # a page that took the late Date would show 26 or more.
    assert 18 <= first <= 22, first
    page.wait_for_timeout(2100)
    assert int(shown.inner_text().split()[0]) in (first - 2, first - 3)


NAME_AND_FIGURE = re.compile(r"(?:Bot|Бот) \d+ \d")
"""A seat's name ("Bot 2") run into a figure after it."""


def test_counts_take_their_plural_and_names_stand_apart_from_figures(
    table: AnyTablePage,
) -> None:
    """Sixty-six after a deal won for one game point, to a match of one game point."""
    page = table.page
    table.register("Вася")
    table.create_any_table("sixty_six", others={1: "heuristic"})
    position = dealt(("AH 10H KH QH JH 9H", "AS 10S KS QS JS 9S"), "9C", "AC 10C KC QC JC AD")
    view = wire_view(SIXTY_SIX, position, table.table_id, 700)
    view["game"]["rules"]["match_target"] = 1
    view["game"]["tricks_won"] = [1, 3]
    view["last_deal"] = {
        "deal_no": 1,
        "dealer": 1,
        "trump": "C",
        "winner": 1,
        "game_points": 1,
        "reason": "claim",
        "points": [14, 66],
        "tricks": [1, 3],
        "claimer": 1,
    }
    CannedTable(table, view).show(page)
    texts = {
        "en": ("Bot 2 won the deal: 1 game point", "to 1 game point", "Bot 2: 66", "Bot 2: 3"),
        "ru": ("Сдачу выиграл(а) Бот 2: 1 очко партии", "до 1 очка", "Бот 2: 66", "Бот 2: 3"),  # noqa: RUF001
    }
    for language, (won, match, points, tricks) in texts.items():
        choose_language(page, language)
        summary = page.locator("#deal-summary").inner_text()
        assert won in summary, summary
        assert points in summary, summary
        expect(page.locator("#game-panel dd[data-fact=match]")).to_have_text(match)
        expect(page.locator("#game-panel dd[data-fact=tricks]")).to_contain_text(tricks)
        assert NAME_AND_FIGURE.findall(page.locator("#screen-table").inner_text()) == []


def test_kozel32_speaks_english_in_english(table: AnyTablePage) -> None:
    """The кон is a deal in English; names apart from their figures on every panel."""
    page = table.page
    table.register("Вася")
    table.create_any_table("kozel32", seats=2)
    rng = random.Random(32)
    for _ in range(12):
        view = check_what_is_shown(table)
        if view is not None and view["game"] is not None:
            text = page.locator("#screen-table").inner_text()
            assert re.findall(r"\bkons?\b", text, re.IGNORECASE) == [], text
            assert NAME_AND_FIGURE.findall(text) == [], text
        if not table.step_any(rng, AnyClicks(), 0.3):
            break
    expect(page.locator("#game-panel h2")).to_have_text("This deal")
