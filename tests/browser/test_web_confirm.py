"""An action that ends a deal or the game at once is asked about before it is posted (issue
28, item 3): Sixty-six's claim out (S66-22: a false claim costs 2 or 3 game points), Bura's
declaration of 61 (B-20: a false one costs 6), kozel32's redeal demand (C32-11: the deal
stops and the demander's hand is shown) and resigning. Which actions are asked about, and
what they cost, is the view's (`cautions`, in the rules' words); the page computes no points
and keeps no list of its own: the question says what the view says, in the page's
language."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from app.api.games.kozel32 import ADAPTER as KOZEL32
from tests.browser.canned import CannedTable, wire_view
from tests.browser.table_page import ANY_READY, AnyClicks, AnyTablePage, choose_language
from tests.domain.kozel32.helpers import plain_deal
from tests.e2e.server import Server

QUESTIONS = {
    "claim_out": {"ru": "меньше 66", "en": "fewer than 66"},
    "declare": {"ru": "меньше 61", "en": "fewer than 61"},
    "demand_redeal": {"ru": "покажут всем", "en": "your cards to all"},
}
"""A phrase of each question (the view's caution for that move)."""


@pytest.fixture
def table(page: Page, server: Server) -> Iterator[AnyTablePage]:
    person = AnyTablePage(page, server.url)
    yield person
    person.close()


def offered(page: Page, kind: str) -> bool:
    return page.locator(f"#prompt .act[data-type={kind}]:enabled").count() > 0


def play_until_offered(table: AnyTablePage, kind: str, seed: int) -> None:
    """Play cards (and draw) until the page offers an action of type `kind`."""
    rng = random.Random(seed)
    clicks = AnyClicks()
    for _ in range(200):
        table.page.wait_for_selector(ANY_READY)
        if offered(table.page, kind):
            return
        assert table.step_any(rng, clicks, 0, prefer=lambda body: body["type"] == "draw")
    pytest.fail(f"no {kind} offered")


def check_asked_then_posted(table: AnyTablePage, kind: str) -> dict[str, object]:
    """A click asks (nothing is posted; in Russian and English), "no" takes the question
    back, and the question's own button posts the action. The API's view after it."""
    page = table.page
    version = table.version
    [caution] = [c for c in table.state()["cautions"] if c["move"] == kind]
    page.click(f"#prompt .act[data-type={kind}]")
    prompt = page.locator("#prompt")
    expect(prompt).to_have_attribute("data-prompt", "ask", timeout=5000)
    for language in ("ru", "en"):
        choose_language(page, language)
        expect(prompt.locator(".question")).to_contain_text(QUESTIONS[kind][language])
        expect(prompt.locator(".question")).to_contain_text(caution["reason"][language][1:])
    assert table.state()["version"] == version  # nothing posted
    assert table.version == version
    page.click("#ask-no")
    expect(prompt).not_to_have_attribute("data-prompt", "ask")
    expect(prompt.locator(f".act[data-type={kind}]")).to_be_enabled()
    page.click(f"#prompt .act[data-type={kind}]")
    page.click(f"#prompt .act.confirm[data-type={kind}]")
    page.wait_for_selector(f"body[data-busy=false]:not([data-version='{version}'])")
    return table.state()


def test_sixty_six_a_claim_out_is_asked_before_it_is_posted(table: AnyTablePage) -> None:
    table.register("Вася")
    table.create_any_table("sixty_six", others={1: "heuristic"})
    play_until_offered(table, "claim_out", seed=3)
    deal = table.state()["deal_no"]
    view = check_asked_then_posted(table, "claim_out")
    assert view["deal_no"] > deal or view["status"] == "finished"  # S66-22: the deal ended
    assert view["last_deal"]["reason"] in ("claim", "false_claim")


def test_bura_a_declaration_of_61_is_asked_before_it_is_posted(table: AnyTablePage) -> None:
    table.register("Вася")
    table.create_any_table("bura", seats=2, others={1: "heuristic"})
    play_until_offered(table, "declare", seed=20)
    view = check_asked_then_posted(table, "declare")
    assert view["last_deal"]["reason"] == "false_declaration"  # B-20: none has 61 so soon


def test_kozel32_a_redeal_demand_is_asked_before_it_is_posted(table: AnyTablePage) -> None:
    """C32-11: four nines in the hand; the demand ends the deal at once."""
    table.register("Вася")
    table.create_any_table("kozel32")
    hands = [
        "9C 9S 9H 9D AS AH AD 10S",
        "7C 8C QC QS 7S 8S KS JS",
        "QH QD JC JH 7H 8H KH 10H",
        "JD 7D 8D KD 10D 10C AC KC",
    ]
    view = wire_view(KOZEL32, plain_deal(hands, kon_no=2), table.table_id, 500)
    assert [a["body"]["type"] for a in view["legal_actions"]] == ["demand_redeal", "pass"]
    canned = CannedTable(table, view)
    canned.show(table.page)
    canned.answers.append({**view, "version": 501, "legal_actions": [], "to_act": [1]})
    page = table.page
    page.click("#prompt .act[data-type=demand_redeal]")
    expect(page.locator("#prompt")).to_have_attribute("data-prompt", "ask")
    for language in ("ru", "en"):
        choose_language(page, language)
        expect(page.locator("#prompt .question")).to_contain_text(
            QUESTIONS["demand_redeal"][language]
        )
    assert canned.posts == []
    page.click("#prompt .act.confirm[data-type=demand_redeal]")
    page.wait_for_selector("body[data-busy=false][data-version='501']")
    assert [(endpoint, body["type"]) for endpoint, body in canned.posts] == [
        ("moves", "demand_redeal")
    ]
    assert [c["move"] for c in view["cautions"]] == ["demand_redeal"]
    # Told of no caution, the page asks nothing: which moves it asks about is the view's.
    bare = {**view, "version": 502, "cautions": []}
    canned.show(page, bare)
    canned.answers.append({**bare, "version": 503, "legal_actions": [], "to_act": [1]})
    page.click("#prompt .act[data-type=demand_redeal]")
    page.wait_for_selector("body[data-busy=false][data-version='503']")
    assert [body["type"] for _, body in canned.posts] == ["demand_redeal", "demand_redeal"]


@pytest.mark.parametrize(
    ("variant", "question"),
    [("sixty_six", "Resign? You lose the game."), ("kozel4", "Your team resigns?")],
)
def test_resigning_is_asked_in_the_words_of_the_game(
    table: AnyTablePage, variant: str, question: str
) -> None:
    """Each for himself the player resigns, in teams his team does."""
    page = table.page
    table.register("Вася")
    table.create_any_table(variant)
    version = table.version
    page.click("#resign")
    expect(page.locator("#resign-confirm")).to_be_visible()
    expect(page.locator("#resign-confirm")).to_contain_text(question)
    assert table.state()["status"] == "playing"
    page.click("#resign-yes")
    expect(page.locator("#end")).to_be_visible()
    assert table.state()["status"] == "finished"
    assert table.version > version
