"""The API's documentation in a real browser with no other host to reach: Swagger UI (`/docs`)
and ReDoc (`/redoc`) render every operation of the contract from this server alone, under a
policy they never break (the `page` fixture fails a test on any request to another host, any
script error and any Content-Security-Policy violation)."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page, expect

from app.api.main import openapi_document
from tests.e2e.server import Server

OPERATIONS = sum(len(operations) for operations in openapi_document()["paths"].values())
RENDERED_WITHIN_MS = 30_000
"""Both pages draw the whole document in the browser: seconds on a host busy with the rest of
the suite (ReDoc once missed playwright's default 5 s in a fresh clone's run)."""


def test_swagger_ui_renders_every_operation(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/docs")
    create = page.locator("#operations-tables-createTable")
    expect(create).to_contain_text("Create a table", timeout=RENDERED_WITHIN_MS)
    expect(page.locator(".opblock")).to_have_count(OPERATIONS)
    create.locator(".opblock-summary-control").click()  # open it: its body and its responses
    expect(create.locator(".responses-table")).to_contain_text("application/problem+json")
    expect(create.locator(".opblock-section-request-body")).to_contain_text('"bots"')


def test_redoc_renders_every_operation(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/redoc")
    create = page.locator('[id="tag/tables/operation/createTable"]')
    expect(create).to_contain_text("Create a table", timeout=RENDERED_WITHIN_MS)
    expect(page.locator("[data-section-id*='/operation/']")).to_have_count(OPERATIONS)
    expect(page.locator("img[alt='redocly logo']")).to_be_visible()  # served from here too


@pytest.mark.parametrize("path", ["/docs", "/redoc"])
def test_the_docs_pages_have_a_self_only_policy(server: Server, path: str) -> None:
    response = httpx.get(server.url + path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    policy = response.headers["content-security-policy"]
    assert "default-src 'none'" in policy
    assert "script-src 'self';" in policy
    assert "connect-src 'self'" in policy
    assert "unsafe" not in policy
    assert "cdn" not in response.text
