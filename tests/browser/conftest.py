"""Real-browser tests of the web table: Debian's Chromium driven by Playwright, against a real
`kozel serve` process on SQLite.

`make test` installs Chromium (`/usr/bin/chromium`) when it is missing; Playwright's own
browser downloads are never used. Set `KOZEL_SCREENSHOTS=docs/img` to save the README's
screenshots while the tests run.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

from tests.e2e.server import ROOT, Server

CHROMIUM = Path("/usr/bin/chromium")
# Flags that work in this sandbox (no GPU, no user namespaces, no outside network). Each
# launch gets a fresh profile (user data) directory from Playwright.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="package")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web")
    url = f"sqlite+aiosqlite:///{folder / 'kozel.sqlite3'}"
    # `kozel migrate` in its own process: Playwright's sync API keeps an event loop running
    # in this thread, where Alembic's asyncio.run() cannot start another.
    migrate = [sys.executable, "-m", "app.cli", "migrate"]
    subprocess.run(migrate, cwd=ROOT, env={**os.environ, "DATABASE_URL": url}, check=True)
    running = Server(url, folder / "server.log").start()
    yield running
    running.stop()


@pytest.fixture(scope="package")
def playwright() -> Iterator[Playwright]:
    if not CHROMIUM.exists():
        pytest.fail("Debian's Chromium is missing: `make test` installs it (apt-get)")
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="package")
def browser(playwright: Playwright) -> Iterator[Browser]:
    launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    yield launched
    launched.close()


@pytest.fixture
def page(browser: Browser, server: Server) -> Iterator[Page]:
    """A fresh browser context (its own localStorage) with an English browser. The page must
    not throw, break its CSP, or contact any host but the server."""
    context = browser.new_context(viewport={"width": 1200, "height": 860}, locale="en-US")
    context.set_default_timeout(15_000)
    errors: list[str] = []
    hosts: set[str] = set()
    opened = context.new_page()
    # A blob: URL (ReDoc's search worker) is made by the page, on its own origin.
    opened.on(
        "request", lambda request: hosts.add(urlsplit(request.url.removeprefix("blob:")).netloc)
    )
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.on(
        "console",
        lambda message: (
            errors.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    yield opened
    context.close()
    assert errors == [], f"the page threw or broke its CSP: {errors}"
    assert hosts <= {urlsplit(server.url).netloc}


@pytest.fixture
def screenshots() -> Path | None:
    """Where to save the README's screenshots (KOZEL_SCREENSHOTS), if anywhere."""
    folder = os.environ.get("KOZEL_SCREENSHOTS")
    if not folder:
        return None
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path
