"""How the web table is served: its routes, its security headers, outside the API contract,
and shipped inside the package (a wheel carries app/api/static/)."""

from __future__ import annotations

import re
import tomllib
from pathlib import PurePosixPath

import httpx
import pytest

from app.api.main import openapi_document
from app.api.routes_web import STATIC
from tests.e2e.server import ROOT, Server

EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//|url\(\s*["']?(?:https?:)?//""")


@pytest.mark.parametrize("path", ["/", "/play"])
def test_the_page_is_served_with_a_self_only_policy(server: Server, path: str) -> None:
    response = httpx.get(server.url + path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    policy = response.headers["content-security-policy"]
    assert "default-src 'none'" in policy
    assert "script-src 'self'" in policy
    assert "connect-src 'self'" in policy
    assert "unsafe" not in policy
    assert response.headers["x-content-type-options"] == "nosniff"
    assert '<script type="module" src="/static/js/main.js">' in response.text


def test_static_files_are_served_and_unknown_ones_are_problems(server: Server) -> None:
    script = httpx.get(f"{server.url}/static/js/main.js")
    assert script.status_code == 200
    assert "javascript" in script.headers["content-type"]
    assert "content-security-policy" in script.headers
    missing = httpx.get(f"{server.url}/static/nothing.js")
    assert missing.status_code == 404
    assert missing.headers["content-type"] == "application/problem+json"


def test_the_page_is_not_part_of_the_api_contract() -> None:
    paths = openapi_document()["paths"]
    assert not [p for p in paths if p in ("/", "/play") or p.startswith("/static")]


def test_the_page_contacts_no_other_host_and_puts_no_server_text_in_markup() -> None:
    for path in STATIC.rglob("*"):
        if path.suffix not in {".html", ".css", ".js", ".svg"}:
            continue
        text = path.read_text(encoding="utf-8")
        assert not EXTERNAL.search(text), f"{path.name} refers to another host"
        if path.suffix == ".js":
            # Names and messages are user text: textContent only, never parsed as HTML.
            for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write"):
                assert sink not in text, f"{path.name} uses {sink}"


def test_every_static_file_ships_in_the_package() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["app.api"]
    package = STATIC.parent
    files = [p.relative_to(package).as_posix() for p in STATIC.rglob("*") if p.is_file()]
    assert files
    # As setuptools globs them: "*" stays within one folder.
    unshipped = [f for f in files if not any(_glob_matches(f, g) for g in patterns)]
    assert unshipped == []


def _glob_matches(name: str, pattern: str) -> bool:
    path = PurePosixPath(name)
    return len(path.parts) == len(PurePosixPath(pattern).parts) and path.match(pattern)
