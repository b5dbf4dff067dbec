"""Profiles, leaderboards and ratings in the browser (issue 29, item 8). Rated Sixty-six
games are made through the API, a person resigning against a server bot (a rated game that
ends at once); after 30 of them the person and the bot level are no longer provisional
(docs/ratings.md) and stand on the leaderboards. The profile shows the rating, the record and
the games with their replays; the leaderboard ranks people and bots and links profiles; the
lobby shows the rating of each account at a table, and its form makes a rated table. Desktop
(1280 by 800) in English, the phone (390 by 844) in Russian, with no horizontal scroll."""

from __future__ import annotations

from pathlib import Path

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.browser.table_page import TablePage, choose_language
from tests.browser.test_web_accounts import no_horizontal_scroll
from tests.e2e.server import Server

VARIANT = "sixty_six"
# Games enough to take a player and a bot level below the provisional sigma (6) by losses
# alone: sigma falls by about 0.07 a game from 25/3.
GAMES = 30


def resign_rated_games(api: httpx.Client, token: str, bot: str, games: int) -> list[str]:
    """`games` rated Sixty-six tables of the token's player against a server bot of level
    `bot`, each resigned at once: their ids, oldest first."""
    headers = {"Authorization": f"Bearer {token}"}
    played = []
    for _ in range(games):
        body = {"variant": VARIANT, "seat": 0, "bots": {"1": bot}, "options": {"rated": True}}
        created = api.post("/v1/tables", json=body, headers=headers)
        assert created.status_code == 201, created.text
        table_id = created.json()["id"]
        resigned = api.post(f"/v1/tables/{table_id}/resign", json={}, headers=headers)
        assert resigned.status_code == 200, resigned.text
        played.append(table_id)
    return played


def test_profile_leaderboard_and_lobby_ratings(
    page: Page, browser: Browser, server: Server, screenshots: Path | None
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    desk = TablePage(page, server.url)
    desk.register("Вася")
    me = desk.api.get("/v1/players/me", headers={"Authorization": f"Bearer {desk.token}"}).json()
    played = resign_rated_games(desk.api, desk.token, "heuristic", GAMES)
    petya = desk.api.post("/v1/players", json={"name": "Петя"}).json()
    resign_rated_games(desk.api, petya["token"], "random", GAMES + 2)  # two losses more
    profile = desk.api.get(f"/v1/players/{me['id']}").json()
    rating = profile["ratings"][VARIANT]
    assert not rating["provisional"], rating

    # The profile: the rating, the record, the newest games first with replays, more by cursor.
    page.goto(f"{server.url}/play#profile")
    expect(page.locator("#profile-name")).to_have_text("Profile: Вася")
    row = page.locator(f"#profile-ratings tr[data-variant={VARIANT}]")
    expect(row).to_contain_text(f"{rating['rating']:.1f}")
    expect(row).to_contain_text(str(GAMES))
    expect(row).not_to_contain_text("provisional")
    record = page.locator(f"#profile-record tr[data-variant={VARIANT}] td")
    expect(record).to_have_text(["Sixty-six", str(GAMES), "0", str(GAMES)])
    games = page.locator("#profile-games li")
    expect(games).to_have_count(10)
    newest = games.first
    expect(newest).to_have_attribute("data-table", played[-1])
    expect(newest.locator(".result-tag")).to_have_text("lost")
    expect(newest.locator(".rating-change")).to_contain_text(
        f"{rating['rating']:.1f} (\N{MINUS SIGN}"
    )
    expect(newest).to_contain_text("with bot (heuristic)")
    page.click("#profile-more")
    expect(games).to_have_count(20)
    choose_language(page, "ru")  # the page is drawn again in Russian, the games kept
    expect(page.locator("#profile-name")).to_have_text("Профиль: Вася")
    expect(newest.locator(".result-tag")).to_have_text("поражение")
    expect(games).to_have_count(20)
    choose_language(page, "en")
    no_horizontal_scroll(page)
    if screenshots:
        page.screenshot(path=screenshots / "web-profile.png", full_page=True)
    newest.locator("[data-replay]").click()
    expect(page.locator("#screen-replay")).to_be_visible()
    assert page.evaluate("() => location.hash") == f"#replay={played[-1]}"

    # The lobby: Петя's open table shows his rating; the form makes a rated table.
    waiting = desk.api.post(
        "/v1/tables",
        json={"variant": VARIANT, "seat": 0},
        headers={"Authorization": f"Bearer {petya['token']}"},
    ).json()
    petya_rating = desk.api.get(f"/v1/players/{petya['id']}").json()["ratings"][VARIANT]
    page.goto(f"{server.url}/play#")
    open_row = page.locator(f"#open-tables li[data-table='{waiting['id']}']")
    expect(open_row.locator(".rating")).to_have_text(f"{petya_rating['rating']:.1f}")
    expect(page.locator("#new-game-leaderboard")).to_have_attribute("href", "#leaderboard=kozel24")
    page.select_option("#new-game", VARIANT)
    page.check("#new-rated")
    page.click("#new-table-submit")
    page.wait_for_url("**#table=*")
    created = desk.api.get(f"/v1/tables/{desk.table_id}").json()
    assert created["options"]["rated"] is True

    # The phone, in Russian: the leaderboards of people and of bots, a name to its profile.
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="ru-RU")
    context.set_default_timeout(15_000)
    phone = TablePage(context.new_page(), server.url)
    try:
        phone.register("Гость")
        phone.page.click(f"#play-now-games [data-leaderboard={VARIANT}]")
        board = phone.page.locator("#leaderboard tbody tr")
        expect(phone.page.locator("#leaderboard-page h2")).to_have_text(
            "Рейтинги: Шестьдесят шесть"
        )
        assert rating["rating"] > petya_rating["rating"]
        expect(board.filter(has_text="Вася").or_(board.filter(has_text="Петя"))).to_have_count(2)
        ids = [row.get_attribute("data-player") for row in board.all()]
        assert [i for i in ids if i in (me["id"], petya["id"])] == [me["id"], petya["id"]]
        ranks = [int(row.get_attribute("data-rank") or 0) for row in board.all()]
        assert ranks == sorted(ranks)
        assert len(set(ranks)) > 1
        vasya = phone.page.locator(f"#leaderboard tr[data-player='{me['id']}'] td")
        expect(vasya.nth(2)).to_have_text(f"{rating['rating']:.1f}".replace(".", ","))
        no_horizontal_scroll(phone.page)
        phone.page.click("#leaderboard-page [data-bots=true]")
        expect(board.filter(has_text="бот (опытный)")).to_have_count(1)
        expect(board.filter(has_text="бот (случайный)")).to_have_count(1)
        if screenshots:
            phone.page.screenshot(path=screenshots / "web-phone-leaderboard.png", full_page=True)
        phone.page.click("#leaderboard-page [data-bots=false]")
        phone.page.click(f"#leaderboard tr[data-player='{me['id']}'] a")
        expect(phone.page.locator("#profile-name")).to_have_text("Профиль: Вася")
        expect(phone.page.locator("#profile-games li").first.locator(".result-tag")).to_have_text(
            "поражение"
        )
        no_horizontal_scroll(phone.page)
    finally:
        phone.close()
        context.close()
    desk.close()
