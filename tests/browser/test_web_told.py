"""The page draws what the view tells it (issue 28, items 1, 2 and 13; STYLE.md: the page
draws, the domain decides): in every game the hand lies in the view's order (`my_hand`), a
card is marked a trump exactly when the view lists it in `trumps` (in the hand, the trick,
the last trick, the stock), a card is greyed exactly when the view refuses it (`refused`),
and says why in the rules' words, in Russian and in English: as its accessible name, and
as visible text while it is pointed at, focused or tapped. A move of several cards says
what it needs (`pick`) and how many more cards before its button appears.

The games are real tables against bots; the rare positions (kozel32's diamonds led to a
hand with the queen and jack of diamonds, kozel4's answer to a lead of three) are literal
engine positions, shown through the server's own wire adapters (`canned.py`)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from app.api.games.kozel4 import ADAPTER as KOZEL4
from app.api.games.kozel32 import ADAPTER as KOZEL32
from app.domain.kozel4.commands import Beat, Discard, Lead
from tests.browser.canned import CannedTable, wire_view
from tests.browser.table_page import AnyClicks, AnyTablePage, Clicks, choose_language
from tests.browser.test_web_kozel4 import stock_for
from tests.domain.kozel4.helpers import cards as k4_cards
from tests.domain.kozel4.helpers import play as k4_play
from tests.domain.kozel4.helpers import position as k4_position
from tests.domain.kozel32.helpers import in_play
from tests.e2e.server import Server

ME = 0
"""The person's seat at a table he creates."""
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def table(page: Page, server: Server) -> Iterator[AnyTablePage]:
    person = AnyTablePage(page, server.url)
    yield person
    person.close()


def check_told(table: AnyTablePage, view: dict[str, Any], language: str = "en") -> None:
    """The hand in the view's order; a trump mark on exactly the face-up cards the view
    lists as trumps, wherever they lie; a greyed card for exactly each card the view refuses,
    named with its reason in `language`."""
    page = table.page
    assert table.hand() == (view["my_hand"] or []), "the hand is not in the view's order"
    trumps = set(view["trumps"])
    marks = page.eval_on_selector_all(
        ".card[data-card]", "cs => cs.map(c => [c.dataset.card, c.classList.contains('trump')])"
    )
    wrong = [(code, marked) for code, marked in marks if marked != (code in trumps)]
    assert wrong == [], f"trump marks not the view's {view['trumps']}: {wrong}"
    refused = {refusal["card"]: refusal["reason"] for refusal in view["refused"]}
    greyed = page.eval_on_selector_all("#hand .card.refused", "cs => cs.map(c => c.dataset.card)")
    assert sorted(greyed) == sorted(refused)
    for code, reason in refused.items():
        card = page.locator(f"#hand .card[data-card='{code}']")
        expect(card).to_have_attribute("aria-disabled", "true")
        assert reason[language] in (card.get_attribute("aria-label") or "")
    assert table.enabled_cards().isdisjoint(refused)


def at_version(table: AnyTablePage) -> dict[str, Any] | None:
    """The API's view, if the page shows its version (else a bot has moved since)."""
    view = table.state()
    return view if view["version"] == table.version else None


@pytest.mark.parametrize(
    ("variant", "seats"),
    [("kozel24", 4), ("kozel32", 4), ("kozel4", 4), ("bura", 3), ("kozly", 4), ("sixty_six", 2)],
)
def test_every_game_draws_the_hand_its_trumps_and_its_refusals_as_the_view_tells(
    table: AnyTablePage, variant: str, seats: int
) -> None:
    """Against bots, turn by turn until six turns with trumps on view were checked."""
    table.register("Вася")
    table.create_any_table(variant, seats=seats if variant == "bura" else None)
    rng = random.Random(28)
    checked = 0
    for _ in range(200):
        view = at_version(table)
        if view is not None and view["trumps"] and view["my_hand"]:
            check_told(table, view)
            checked += 1
            if checked == 6:
                return
        more = (
            table.step(rng, Clicks())
            if variant == "kozel24"
            else table.step_any(rng, AnyClicks(), 0, prefer=lambda body: body["type"] == "draw")
        )
        assert more, f"the game ended after {checked} turns with trumps on view"
    pytest.fail(f"only {checked} turns with trumps on view")


def diamonds_led() -> Any:
    """kozel32 (shamok: 7♣, the queens, the jacks, then clubs, C32-5): seat 3 leads K♦; the
    person holds 7♣ Q♦ J♦ 8♣, and A♦ 10♦ of the plain diamonds, so must follow with those
    (C32-23)."""
    hands = [
        "7C QD JD AD 10D 9S KH 8C",
        "QC QS JS AS 10S KS 8S 7S",
        "QH JH AH 10H 9H 8H 7H JC",
        "AC 10C KC 9C 9D 8D 7D",
    ]
    return in_play(hands, trick="KD", leader=3)


def test_kozel32_the_permanent_trumps_lead_the_hand_marked_and_a_refused_card_says_why(
    table: AnyTablePage, screenshots: Path | None
) -> None:
    """Issue 28, items 1 and 2: 7♣, the top trump, first; Q♦ and J♦ marked trumps among the
    trumps, not among the diamonds; each card but A♦ 10♦ greyed, and why, in both languages,
    when pointed at, when focused, and in its accessible name."""
    page = table.page
    table.register("Вася")
    table.create_any_table("kozel32")
    view = wire_view(KOZEL32, diamonds_led(), table.table_id, 500)
    assert view["my_hand"] == ["7C", "QD", "JD", "8C", "9S", "KH", "AD", "10D"]
    CannedTable(table, view).show(page)
    check_told(table, view)
    assert table.hand()[0] == "7C"
    marked = page.eval_on_selector_all("#hand .card.trump", "cs => cs.map(c => c.dataset.card)")
    assert marked == ["7C", "QD", "JD", "8C"]
    assert table.enabled_cards() == {"AD", "10D"}
    reason = next(r["reason"] for r in view["refused"] if r["card"] == "QD")
    assert reason["code"] == "follow_suit"
    why = page.locator("#why")
    expect(why).to_be_visible()
    expect(why).not_to_have_text(reason["en"])  # the hint, until a card is pointed at
    queen = page.locator("#hand .card[data-card='QD']")
    queen.hover()
    expect(why).to_have_text(reason["en"])
    if screenshots:
        page.screenshot(path=screenshots / "web-refused.png")
    assert "diamonds" in reason["en"]
    page.locator("#hand .card[data-card='AD']").hover()
    expect(why).not_to_have_text(reason["en"])
    choose_language(page, "ru")
    check_told(table, view, "ru")
    queen.focus()
    expect(why).to_have_text(reason["ru"])
    expect(queen).to_have_attribute("aria-label", f"дама бубен (козырь): {reason['ru']}")
    queen.click(force=True)  # aria-disabled: it does nothing but say why
    expect(why).to_have_text(reason["ru"])
    assert page.get_attribute("body", "data-busy") == "false"


def test_a_tap_on_a_refused_card_on_a_phone_says_why(browser: Browser, server: Server) -> None:
    """A phone has no pointer to hover with: a tap shows the reason, and it stays."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="ru-RU")
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        person = AnyTablePage(page, server.url)
        person.register("Вася")
        person.create_any_table("kozel32")
        view = wire_view(KOZEL32, diamonds_led(), person.table_id, 500)
        CannedTable(person, view).show(page)
        reasons = {r["card"]: r["reason"]["ru"] for r in view["refused"]}
        why = page.locator("#why")
        page.locator("#hand .card[data-card='JD']").tap(force=True)  # aria-disabled
        expect(why).to_have_text(reasons["JD"])
        expect(why).to_be_in_viewport()
        page.locator("#hand .card[data-card='9S']").tap(force=True)
        expect(why).to_have_text(reasons["9S"])
        person.close()
    finally:
        context.close()
    assert errors == []


def answer_to_three() -> tuple[Any, Any]:
    """kozel4: seat 1 leads K♠ Q♠ 9♠, seat 2 passes three face down, seat 3 beats with
    10♠ J♠ 6♥; the person answers with three cards: beats with 7♥ 8♥ 9♥ or discards three
    (K4-12). Also the position after his beat."""
    hands = ["7H 8H 9H 6C", "KS QS 9S 7D", "6D 8D 9D 10C", "10S JS 6H JC"]
    start = k4_position(hands, stock=stock_for(hands), dealer=1)
    before, _ = k4_play(
        start,
        Lead(1, k4_cards("KS QS 9S")),
        Discard(2, k4_cards("6D 8D 9D")),
        Beat(3, k4_cards("10S JS 6H")),
    )
    after, _ = k4_play(before, Beat(ME, k4_cards("7H 8H 9H")))
    return before, after


def test_kozel4_an_answer_of_several_cards_says_how_many_and_why_no_button_yet(
    table: AnyTablePage,
) -> None:
    """Issue 28, item 13: the prompt gives the rule of the answer (three cards: beat, or
    discard face down), then after each card how many more before the buttons appear; the
    buttons appear with the third."""
    page = table.page
    table.register("Маша")
    table.create_any_table("kozel4")
    before, after = answer_to_three()
    view = wire_view(KOZEL4, before, table.table_id, 60)
    pick = view["pick"]
    assert (pick["least"], pick["most"], pick["moves"]) == (3, 3, ["beat", "discard"])
    canned = CannedTable(table, view)
    canned.answers = [wire_view(KOZEL4, after, table.table_id, 61)]
    canned.show(page)
    prompt = page.locator("#prompt .pick")
    confirm = page.locator("#prompt .act.confirm")
    lines = {
        "en": (
            f"Your move: {pick['rule']['en']}. Pick the cards, then confirm.",
            f"{pick['rule']['en']}: pick 2 more cards, then the “Beat / Discard face down”"
            " button appears.",
            f"{pick['rule']['en']}: pick 1 more card, then the “Beat / Discard face down”"
            " button appears.",
        ),
        "ru": (
            f"Ваш ход: {pick['rule']['ru']}. Нажмите на карты, затем подтвердите.",
            f"{pick['rule']['ru']}: выберите ещё 2 карты — тогда появится кнопка"
            " «Побить / Сбросить рубашкой».",
            f"{pick['rule']['ru']}: выберите ещё 1 карту — тогда появится кнопка"
            " «Побить / Сбросить рубашкой».",
        ),
    }
    assert "10♠ J♠ 6♥" in pick["rule"]["en"]
    for language, (start, two, one) in lines.items():
        choose_language(page, language)
        expect(prompt).to_have_text(start)
        page.click("#hand .card[data-card='9H']")
        expect(prompt).to_have_text(two)
        expect(confirm).to_have_count(0)
        page.click("#hand .card[data-card='8H']")
        expect(prompt).to_have_text(one)
        expect(confirm).to_have_count(0)
        page.click("#hand .card[data-card='7H']")
        expect(confirm).to_have_count(2)  # beat, or discard the three face down
        expect(page.locator("#prompt .pick")).to_have_count(0)
        page.click("#clear-selection")
    for code in ("9H", "8H", "7H"):
        page.click(f"#hand .card[data-card='{code}']")
    page.locator("#prompt .act.confirm[data-type=beat]").click()
    page.wait_for_selector("body[data-busy=false][data-version='61']")
    ((kind, posted),) = canned.posts
    assert kind == "moves"
    assert (posted["type"], sorted(posted["cards"])) == ("beat", ["7H", "8H", "9H"])
