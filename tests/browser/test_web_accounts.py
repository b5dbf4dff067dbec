"""Accounts in the browser (issue 29, item 8): a guest claims a login and a password, signs
in on a phone with a device name, sees both devices, signs the phone out from the desktop
(the phone finds itself signed out) and signs out on the desktop; the problems of a weak
password, a taken login and a wrong password are said in the page's language. Desktop
(1280 by 800) in English, the phone (390 by 844) in Russian, with no horizontal scroll."""

from __future__ import annotations

import uuid
from pathlib import Path

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.browser.table_page import TablePage, choose_language
from tests.e2e.server import Server

PASSWORD = "korova-2026"


def no_horizontal_scroll(page: Page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width  # type: ignore[index]


def sign_up(page: Page, login: str, password: str) -> None:
    page.fill("#signup-form-login", login)
    page.fill("#signup-form-password", password)
    page.click("#signup-form-submit")


def test_sign_up_sign_in_on_a_phone_and_sign_each_device_out(
    page: Page, browser: Browser, server: Server, screenshots: Path | None
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    desk = TablePage(page, server.url)
    desk.register("Вася")
    page.click("#account-link")
    expect(page.locator("#screen-account")).to_be_visible()
    expect(page.locator("#account-nav [aria-current=page]")).to_have_text("Account")
    expect(page.locator("#account-login")).to_contain_text("Guest")
    expect(page.locator("#signout")).to_be_hidden()  # a guest signed out is lost

    # A password too short, a login someone else has: each said, nothing claimed.
    login = f"vasya_{uuid.uuid4().hex[:8]}"
    sign_up(page, login, "short")
    error = page.locator("#signup-form .form-error")
    expect(error).to_have_text("The password is too short: at least 8 characters.")
    other = httpx.post(f"{server.url}/v1/players", json={"name": "Петя"}).json()
    taken = f"petya_{uuid.uuid4().hex[:8]}"
    claimed = httpx.put(
        f"{server.url}/v1/players/me/credentials",
        json={"login": taken, "password": PASSWORD},
        headers={"Authorization": f"Bearer {other['token']}"},
    )
    assert claimed.status_code == 200, claimed.text
    sign_up(page, taken, PASSWORD)
    expect(error).to_have_text("That login is taken.")
    sign_up(page, login, PASSWORD)
    expect(page.locator("#account-login")).to_have_text(f"Login: {login}")
    expect(page.locator("#signup-panel")).to_be_hidden()
    expect(page.locator("#signout")).to_be_visible()
    choose_language(page, "ru")
    expect(page.locator("#account-login")).to_have_text(f"Логин: {login}")
    expect(page.locator("#account-nav [aria-current=page]")).to_have_text("Аккаунт")
    choose_language(page, "en")
    if screenshots:
        page.screenshot(path=screenshots / "web-account.png")

    # The phone signs in with the login, in Russian: a wrong password first.
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="ru-RU")
    context.set_default_timeout(15_000)
    phone = context.new_page()
    try:
        phone.goto(f"{server.url}/play")
        phone.click("#to-signin")
        expect(phone.locator("#screen-signin h2")).to_have_text("Вход")
        no_horizontal_scroll(phone)
        phone.fill("#signin-first-form-login", login)
        phone.fill("#signin-first-form-password", "not-the-password")
        phone.fill("#signin-first-form-device", "телефон")
        phone.click("#signin-first-form-submit")
        expect(phone.locator("#signin-first-form .form-error")).to_have_text(
            "Неверный логин или пароль."
        )
        phone.fill("#signin-first-form-password", PASSWORD)
        phone.click("#signin-first-form-submit")
        expect(phone.locator("#screen-lobby")).to_be_visible()
        expect(phone.locator("#me-name")).to_have_text("Вася")
        phone.click("#account-link")
        expect(phone.locator("#account-login")).to_have_text(f"Логин: {login}")
        no_horizontal_scroll(phone)
        phone.click("#account-nav [data-page=devices]")
        expect(phone.locator("#devices .device")).to_have_count(2)
        expect(phone.locator("#devices .device.current .device-name")).to_have_text("телефон")
        no_horizontal_scroll(phone)
        if screenshots:
            phone.screenshot(path=screenshots / "web-phone-devices.png")
        phone.click("#account-nav [data-page=lobby]")
        expect(phone.locator("#screen-lobby")).to_be_visible()

        # The desktop sees both devices and signs the phone out.
        page.click("#account-nav [data-page=devices]")
        devices = page.locator("#devices .device")
        expect(devices).to_have_count(2)
        expect(page.locator("#devices .device.current .device-this")).to_have_text("this device")
        away = page.locator("#devices .device:not(.current)")
        expect(away.locator(".device-name")).to_have_text("телефон")
        away.locator("button").click()
        expect(devices).to_have_count(1)
        # The phone's next request as the player (its account page) finds it signed out.
        phone.click("#account-link")
        expect(phone.locator("#screen-register")).to_be_visible()
        expect(phone.locator("#notice")).to_have_text("Вы вышли на этом устройстве.")
        assert phone.evaluate("() => localStorage.getItem('kozel.player')") is None
    finally:
        context.close()

    # The desktop signs out: its token no longer works, and it signs in again.
    token = desk.token
    page.click("#account-nav [data-page=account]")
    page.click("#signout")
    expect(page.locator("#screen-register")).to_be_visible()
    me = httpx.get(f"{server.url}/v1/players/me", headers={"Authorization": f"Bearer {token}"})
    assert me.status_code == 401
    page.click("#to-signin")
    page.fill("#signin-first-form-login", login)
    page.fill("#signin-first-form-password", PASSWORD)
    page.click("#signin-first-form-submit")
    expect(page.locator("#screen-lobby")).to_be_visible()
    expect(page.locator("#me-name")).to_have_text("Вася")
    desk.close()
