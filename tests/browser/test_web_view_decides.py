"""The page draws, the domain decides (issue 28, item 1): what a game's rules say of a deal
or a table the page takes from the view, never from rules of its own. Each view here is the
engine's own (through the game's wire adapter), then altered in one fact the page could
otherwise have worked out itself; the page must draw the altered fact. K-14's «under 30»
and K-13's uncounted points (`last_deal.under_30`, `points_counted`), the target of every
game (`target`: K-17, C32-30, B-21), C32-27's спас (`last_deal.saved`), B-15's combination
of a claim (`game.claimable`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from app.api.games import ADAPTERS
from tests.browser.canned import CannedTable, wire_view
from tests.browser.table_page import AnyTablePage, choose_language
from tests.browser.test_web_bura import STOCK as BURA_STOCK
from tests.browser.test_web_bura import TABLE as BURA_TABLE
from tests.browser.test_web_bura import FakeTable, button
from tests.browser.test_web_bura import wire_view as bura_view
from tests.domain.bura.helpers import position as bura_position
from tests.domain.helpers import MIXED, MIXED_PLAYS
from tests.domain.helpers import deal as k24_deal
from tests.domain.helpers import play as k24_play
from tests.domain.kozel32.helpers import kon_over
from tests.e2e.server import Server


@pytest.fixture
def table(page: Page, server: Server) -> Iterator[AnyTablePage]:
    person = AnyTablePage(page, server.url)
    yield person
    person.close()


def shown(table: AnyTablePage, variant: str, state: Any, alter: dict[str, Any]) -> None:
    """The person at a real table of `variant`, shown seat 0's view of `state` with `alter`'s
    facts put in (a dotted path: `last_deal.saved`)."""
    table.register("Вася")
    table.create_any_table(variant)
    view = wire_view(ADAPTERS[variant], state, table.table_id, 900)
    for path, value in alter.items():
        *parents, last = path.split(".")
        part = view
        for name in parents:
            part = part[name]
        part[last] = value
    CannedTable(table, view).show(table.page)


def test_k14_k13_k17_kozel24_draws_the_summary_and_target_the_view_gives(
    table: AnyTablePage,
) -> None:
    """Deal 2 ends 7 : 113, K-14's four on us for under 30 points. Told instead that it was
    no write on under 30, with points that did not count, to a target of 5, the page says so."""
    state = k24_deal(MIXED, dealer=3, deal_no=2, written=(1, 3))
    for trick in MIXED_PLAYS:
        state, _ = k24_play(state, trick)
    assert state.last_deal.under_30  # the engine's own: 7 points
    alter = {"last_deal.under_30": False, "last_deal.points_counted": False, "target.score": 5}
    shown(table, "kozel24", state, alter)
    page = table.page
    choose_language(page, "en")
    expect(page.locator("#deal-summary .reason")).to_have_text("We: fewer points — 4 written.")
    expect(page.locator("#deal-summary p:not(.reason)")).to_have_count(0)  # no points line
    expect(page.locator("#score .written-table .head").nth(1)).to_have_text("to 5")
    widths = page.eval_on_selector_all(
        "#score .bar-fill", "bars => bars.map(b => b.style.width)"
    )  # we have 5 written of 5, they 3 of 5
    assert widths == ["100%", "60%"], widths
    choose_language(page, "ru")
    expect(page.locator("#deal-summary .reason")).to_have_text("Мы: меньше очков — записано 4.")
    expect(page.locator("#score .written-table .head").nth(1)).to_have_text("до 5")


def test_c32_27_c32_30_kozel32_draws_the_spas_and_the_board_the_view_gives(
    table: AnyTablePage,
) -> None:
    """A кон won 75 : 45 by one pair: the losers had the спас (C32-27). Told instead that
    the winners were the ones saved, on boards to 4, the page draws that."""
    state = kon_over((75, 45))
    assert state.last_deal.saved == (1,)
    shown(table, "kozel32", state, {"last_deal.saved": [0], "target.score": 4})
    rows = table.page.eval_on_selector_all(
        "#score .k32-board-row",
        """rows => rows.map(r => [Number(r.dataset.side), r.querySelectorAll('.k32-pair').length,
             r.querySelectorAll('.k32-spas').length])""",
    )
    assert sorted(rows) == [[0, 4, 1], [1, 4, 0]], rows


def test_b_15_b_21_bura_names_a_claim_and_the_target_as_the_view_does(
    page: Page, server: Server
) -> None:
    """Four aces make a четыре конца (B-15). Told that the claim of all four is a молодка,
    to a target of 7, the page's button and score say so."""
    person = AnyTablePage(page, server.url)
    try:
        person.register("Вася")
    finally:
        person.close()
    state = bura_position(["AS AH AC AD", "9S KS 7S 6S"], stock=BURA_STOCK, leader=1)
    view = bura_view(state, 10)
    [four] = [o for o in view["game"]["claimable"] if o["combination"] == "four_ends"]
    four["combination"] = "molodka"
    view["target"]["score"] = 7
    fake = FakeTable(view, {"target": 12, "declare": True})
    page.route(f"**/v1/tables/{BURA_TABLE}**", fake.handle)
    page.goto(f"{server.url}/play#table={BURA_TABLE}")
    page.wait_for_selector(f"body[data-busy=false][data-version='{view['version']}']")
    choose_language(page, "en")
    body = {"type": "claim", "cards": four["cards"]}
    expect(page.locator(button(body))).to_contain_text("Claim molodka")
    expect(page.locator("#score .score-unit")).to_have_text("Penalty points, to 7")
    choose_language(page, "ru")
    expect(page.locator(button(body))).to_contain_text("Объявить молодку")
    expect(page.locator("#score .score-unit")).to_have_text("Штрафные очки, до 7")
