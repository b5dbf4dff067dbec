"""How deals and games end, as the page says it (issue 28, items 5 and 6, and Kozly on a
phone): every game's end screen names who won and who lost, says why in the game's words
(`result.reason`, worded per game) and gives every side's final place and score
(`result.places`); a deal's summary names the player who ended it and the cards it showed,
and what it wrote on whom; what no longer applies is cleared (after the game: no trump, no
trick counts); on a phone the last deal's result is on the felt.

The positions are the engine's: games played to their end by random legal moves, and
literal deals of the domain tests, shown through the server's own wire adapters
(`canned.py`) at the person's real table, in English and in Russian."""

# The page speaks Russian too: its Cyrillic letters that look like Latin ones are meant.
# ruff: noqa: RUF001, RUF002

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from app.api.games import ADAPTERS
from app.domain import kozel24 as k24
from app.domain.bura.commands import Beat, Declare, Lead
from app.domain.commands import ShuffleDeck
from app.domain.kozel32.commands import PlayCard
from app.domain.kozel32.options import Boast
from app.domain.kozly import GAME as KOZLY
from app.domain.registry import GAMES
from tests.browser.canned import CannedTable, played_out, wire_view
from tests.browser.table_page import AnyTablePage, check_no_sideways_scroll, choose_language
from tests.domain.bura.helpers import cards as bura_cards
from tests.domain.bura.helpers import play as bura_play
from tests.domain.bura.helpers import position as bura_position
from tests.domain.bura.test_b_combinations import with_pile
from tests.domain.helpers import SWEEP
from tests.domain.helpers import deal as k24_deal
from tests.domain.kozel32.helpers import C as C32
from tests.domain.kozel32.helpers import apply as k32_apply
from tests.domain.kozel32.helpers import in_play
from tests.domain.kozly.helpers import count_deal, new_game
from tests.domain.sixty_six.helpers import act as s66_act
from tests.domain.sixty_six.helpers import position as s66_position
from tests.domain.sixty_six.helpers import won
from tests.e2e.server import Server

PHONE = {"width": 390, "height": 844}
SEATS = {
    "kozel24": None,
    "kozel32": None,
    "kozel4": None,
    "bura": 3,
    "kozly": None,
    "sixty_six": None,
}
"""The seats of the person's real table per game (None: the game's default)."""


@pytest.fixture
def table(page: Page, server: Server) -> Iterator[AnyTablePage]:
    person = AnyTablePage(page, server.url)
    yield person
    person.close()


def canned(
    table: AnyTablePage, variant: str, state: Any, seats: int | None = None
) -> dict[str, Any]:
    """The person at a real table of `variant` (his seat 0), shown seat 0's view of `state`."""
    table.register("Вася")
    table.create_any_table(variant, seats=seats)
    view = wire_view(ADAPTERS[variant], state, table.table_id, 900)
    CannedTable(table, view).show(table.page)
    return view


# The end of every game

ENDS: dict[str, tuple[str, int, int, tuple[int, int] | None, dict[str, tuple[str, str, str]]]] = {
    # id: variant, seats, seed, resign (moves, seat); per language the title, who won and
    # lost, and why
    "kozel24": (
        "kozel24",
        4,
        2,
        None,
        {
            "en": ("You won!", "Our opponents remain goats", "12 or more written."),
            "ru": ("Вы победили!", "Козлами остаются соперники", "Набрано 12 или больше."),
        },
    ),
    "kozel32": (
        "kozel32",
        4,
        1,
        None,
        {
            "en": (
                "You lost",
                "Winners: Bot 2 & Bot 4 · Losers: Вася & Bot 3",
                "Bot 2 & Bot 4 have 6 pairs on the board and win. Вася & Bot 3 are goats.",
            ),
            "ru": (
                "Вы проиграли",
                "Победители: Бот 2 и Бот 4 · Проиграли: Вася и Бот 3",
                "Бот 2 и Бот 4: 6 пар на доске — победа. Вася и Бот 3: козлы.",
            ),
        },
    ),
    "kozel4": (
        "kozel4",
        4,
        0,
        None,
        {
            "en": (
                "You lost",
                "Winners: Bot 2 & Bot 4 · Losers: Вася & Bot 3",
                "Вася & Bot 3 have 12 or more written and remain goats.",
            ),
            "ru": (
                "Вы проиграли",
                "Победители: Бот 2 и Бот 4 · Проиграли: Вася и Бот 3",
                "Вася и Бот 3: записано 12 или больше — остаются козлами.",
            ),
        },
    ),
    "bura": (
        "bura",
        3,
        1,
        None,
        {
            "en": (
                "You won!",
                "Winners: Вася, Bot 2 · Loser: Bot 3",
                "Bot 3 reached 12 penalty points and remains the goat.",
            ),
            "ru": (
                "Вы победили!",
                "Победители: Вася, Бот 2 · Проигравший: Бот 3",
                "Бот 3: 12 штрафных очков или больше — остаётся козлом.",
            ),
        },
    ),
    "kozly": (
        "kozly",
        4,
        1,
        None,
        {
            "en": (
                "Game over: you are in place 3",
                "Winner: Bot 2 · Loser: Bot 4",
                "Bot 2 received 12 marks and wins. Bot 4: the last goat.",
            ),
            "ru": (
                "Игра окончена: ваше место — 3",
                "Победитель: Бот 2 · Проигравший: Бот 4",
                "Бот 2 получил(а) 12 меток — победа. Бот 4: последний козёл.",
            ),
        },
    ),
    "kozly-resigned": (
        "kozly",
        4,
        5,
        (12, 2),
        {
            "en": (
                "Game over: you are in place 1",
                "Loser: Bot 3",
                "Bot 3 resigned and is the goat; nobody wins.",
            ),
            "ru": (
                "Игра окончена: ваше место — 1",
                "Проигравший: Бот 3",
                "Бот 3: сдался(-лась) и остаётся козлом; никто не выиграл.",
            ),
        },
    ),
    "sixty_six": (
        "sixty_six",
        2,
        1,
        None,
        {
            "en": (
                "You won!",
                "Winner: Вася · Loser: Bot 2",
                "Вася reached 7 game points and wins the match.",
            ),
            "ru": (
                "Вы победили!",
                "Победитель: Вася · Проигравший: Бот 2",
                "Вася набрал(а) 7 очков партии — партия выиграна.",
            ),
        },
    ),
}


def check_the_places(page: Page, result: dict[str, Any]) -> None:
    """One row per side, the best place first, with the side's place and final score."""
    rows = page.eval_on_selector_all(
        "#end-places li",
        """rs => rs.map(r => [Number(r.dataset.side), Number(r.dataset.place),
                              r.querySelector('.place-score').textContent, r.dataset.role])""",
    )
    assert sorted(side for side, *_ in rows) == list(range(len(result["places"])))
    assert [place for _, place, *_ in rows] == sorted(result["places"])
    for side, place, score, _ in rows:
        assert (place, int(score)) == (result["places"][side], result["scores"][side])
    expect(page.locator("#end-places")).to_be_visible()


@pytest.mark.parametrize("case", list(ENDS))
def test_every_end_screen_says_who_won_who_lost_why_and_every_place(
    table: AnyTablePage, case: str, screenshots: Path | None
) -> None:
    variant, seats, seed, resign, texts = ENDS[case]
    view = canned(table, variant, played_out(variant, seats, seed, resign), SEATS[variant])
    page = table.page
    result = view["result"]
    assert view["status"] == "finished"
    for language, (title, who, why) in texts.items():
        choose_language(page, language)
        expect(page.locator("#end")).to_be_visible()
        expect(page.locator("#end-title")).to_have_text(title)
        expect(page.locator("#end-loser")).to_have_text(who)
        expect(page.locator("#end-reason")).to_have_text(why)
        check_the_places(page, result)
    if screenshots and case == "bura":
        page.screenshot(path=screenshots / "web-end-bura.png")
    # After the game no deal is on view: no trump and no trick counts of the last one.
    page.click("#end-look")
    expect(page.locator("#game-panel")).to_be_hidden()
    expect(page.locator("#felt-trump")).to_be_hidden()
    assert page.locator(".card.trump").count() == 0


def test_every_games_end_reasons_and_titles_are_worded_in_both_languages(
    page: Page, server: Server
) -> None:
    """Each game's codes (`GameInfo.end_reasons` and `titles`, the enums of its result in the
    OpenAPI document) have a text, in Russian and in English."""
    page.goto(f"{server.url}/play")
    codes = {
        variant: {"end": list(game.info.end_reasons), "title": list(game.info.titles)}
        for variant, game in GAMES.items()
    }
    missing = page.evaluate(
        """async (codes) => {
          const i18n = await import("/static/js/i18n.js");
          const { gameText } = await import("/static/js/scoreboard.js");
          const missing = [];
          for (const lang of ["ru", "en"]) {
            i18n.setLanguage(lang);
            for (const [variant, kinds] of Object.entries(codes)) {
              for (const [kind, names] of Object.entries(kinds)) {
                for (const name of names) {
                  if (gameText(variant, `${kind}_${name}`, { n: 1 }, null) === null) {
                    missing.push(`${lang} ${variant} ${kind}_${name}`);
                  }
                }
              }
            }
          }
          return missing;
        }""",
        codes,
    )
    assert missing == []


# The last deal


def bura_false_declaration() -> Any:
    """B-20: the person declares 61 with no card taken."""
    state, _ = bura_play(bura_position(["6C 7C", "8C 9C"], trump="7D", stock="6S 7S"), Declare(0))
    return state


def bura_bura() -> Any:
    """B-16: seat 1 draws A♦ and holds four trumps, a бура, as the first trick is taken."""
    state = bura_position(["6C KS 7S 6S", "9C QD 9D 6D"], stock="AD 8S 10D", trump="7D")
    state = with_pile(state, 0, "AS 10H KH")
    state, _ = bura_play(state, Lead(0, bura_cards("6C")), Beat(1, bura_cards("9C")))
    return state


def sixty_six_claim() -> Any:
    """S66-22: the person, on lead with 67 in four tricks, claims out."""
    tricks = (won(0, "AS 10S"), won(0, "AC 10C"), won(0, "AD 10D"), won(0, "JH JC"))
    state = s66_position(
        ("KH QH 9C", "9D JD KD"), "H", stock="9S JS QS KS 10H", tricks=tricks, leader=0
    )
    state, _ = s66_act(state, "claim_out 0")
    return state


def kozly_round() -> Any:
    """KZ-16 … KZ-18: seat 1 takes 70 points, the round, and 5 marks."""
    state, _ = count_deal(new_game(), (20, 70, 20, 10))
    return state


def kozel32_lyusya() -> Any:
    """C32-29: the person's pants (C32-8), every trick of the кон to his side."""
    state = in_play(["AS", "7S", "8S", "9S"], boast=Boast.PANTS, boaster=0, trick="")
    moves = [PlayCard(seat, C32(code)) for seat, code in enumerate(("AS", "7S", "8S", "9S"))]
    state, _ = k32_apply(state, *moves)
    return state


def kozel24_no_queens() -> Any:
    """K-10: seat 3's team holds no queen, and seat 3 claims it."""
    state, _ = k24.apply(k24_deal(SWEEP, dealer=3, deal_no=2), k24.ClaimNoQueens(3))
    return state


DEALS: dict[str, tuple[str, int | None, Callable[[], Any], dict[str, list[str]]]] = {
    # id: variant, seats, the position; per language the reason and the lines under it
    "bura-false-61": (
        "bura",
        2,
        bura_false_declaration,
        {
            "en": [
                "Вася declared 61, falsely: +6 penalty points.",
                "Penalty points of the deal: You: +6",
            ],
            "ru": ["Вася объявил(а) 61 — ложно: +6 штрафных.", "Штрафные очки за сдачу: Вы: +6"],
        },
    ),
    "bura-bura": (
        "bura",
        2,
        bura_bura,
        {
            "en": [
                "Bot 2's bura (A♦ Q♦ 9♦ 6♦) ended the deal.",
                "Penalty points of the deal: You: +4",
            ],
            "ru": ["Бура — Бот 2 (Т♦ Д♦ 9♦ 6♦): сдача окончена.", "Штрафные очки за сдачу: Вы: +4"],
        },
    ),
    "sixty_six-claim": (
        "sixty_six",
        None,
        sixty_six_claim,
        {
            "en": ["Вася claimed 66, rightly.", "Вася won the deal: 3 game points"],
            "ru": ["Вася объявил(а) 66 — верно.", "Сдачу выиграл(а) Вася: 3 очка партии"],
        },
    ),
    "kozly-round": (
        "kozly",
        None,
        kozly_round,
        {
            "en": [
                "Bot 2 won the round with 70 points; marks received: 5.",
                "Marks paid: You: 1 · Bot 3: 2 · Bot 4: 2",
            ],
            "ru": [
                "Бот 2 выиграл(а) кон: 70 очков, получено меток: 5.",
                "Заплатили метки: Вы: 1 · Бот 3: 2 · Бот 4: 2",
            ],
        },
    ),
    "kozel32-lyusya": (
        "kozel32",
        None,
        kozel32_lyusya,
        {
            "en": [
                "Lyusya! We: every trick of the kon.",
                "No side gained a pair.",
                "Boast: pants — Вася",
            ],
            "ru": [
                "Люся! Мы: все взятки кона.",
                "Пар за кон никто не получил.",
                "Хвалёнка: штаны — Вася",
            ],
        },
    ),
    "kozel24-no-queens": (
        "kozel24",
        None,
        kozel24_no_queens,
        {
            "en": ["A team held no queen — Bot 4 claimed it: the deal was void, nothing written."],
            "ru": [
                "У команды не было дам — объявил(а) Бот 4: сдача не игралась, ничего не записано."
            ],
        },
    ),
}


@pytest.mark.parametrize("case", list(DEALS))
def test_a_deal_summary_names_who_ended_it_and_what_it_wrote_on_whom(
    table: AnyTablePage, case: str
) -> None:
    variant, seats, made, texts = DEALS[case]
    view = canned(table, variant, made(), seats)
    assert view["last_deal"] is not None
    page = table.page
    for language, (reason, *lines) in texts.items():
        choose_language(page, language)
        expect(page.locator("#deal-summary .reason")).to_have_text(reason)
        expect(page.locator("#deal-summary .deal-line")).to_have_text(lines)
    # Between deals no trump is on view: the panel does not name the last one's.
    assert view["trumps"] == []
    expect(page.locator("#game-panel dd[data-fact=trump]")).to_have_count(0)
    expect(page.locator("#felt-trump")).to_be_hidden()


def test_kozly_on_a_phone_shows_the_last_round_on_the_felt(
    table: AnyTablePage, screenshots: Path | None
) -> None:
    """The side panels lie below the table on a phone: the last round's result is on the felt,
    beside the trump, with the hand on the screen."""
    page = table.page
    page.set_viewport_size(PHONE)
    state = kozly_round()
    while not KOZLY.view_for(state, 0).trumps:  # into the next round, its trump turned
        if KOZLY.is_chance_node(state):
            command: Any = ShuffleDeck(b"next round")
        else:
            command = KOZLY.legal_actions(state, KOZLY.to_act(state)[0])[0]
        for event in KOZLY.decide(state, command):
            state = KOZLY.evolve(state, event)
    view = canned(table, "kozly", state)
    assert view["last_deal"]["winner"] == 1
    felt = page.locator("#felt-deal")
    for language, text in (
        ("en", "Bot 2 won the round with 70 points; marks received: 5."),
        ("ru", "Бот 2 выиграл(а) кон: 70 очков, получено меток: 5."),
    ):
        choose_language(page, language)
        page.evaluate("window.scrollTo(0, 0)")
        expect(felt).to_contain_text(text)
        expect(felt).to_be_in_viewport(ratio=1)
        expect(page.locator("#felt-trump")).to_be_in_viewport(ratio=1)
        expect(page.locator("#hand .card").first).to_be_in_viewport()
        check_no_sideways_scroll(page)
    if screenshots:
        page.screenshot(path=screenshots / "web-phone-kozly.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(felt).to_be_hidden()  # on a wide screen the side panel says it, beside the felt
    expect(page.locator("#deal-summary .reason")).to_be_visible()
