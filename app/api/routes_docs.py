"""The API's interactive documentation, whole from this server: Swagger UI at `/docs`, ReDoc
at `/redoc`, both on `/openapi.json`.

FastAPI's own pages load Swagger UI and ReDoc from a CDN and start them with an inline script,
so they are blank without the internet and need an unsafe policy. Here the builds come from a
package (fastapi-standalone-docs, whose ReDoc also takes its logo from beside itself), the
pages and their start-up scripts are files (`static/docs/`), and every response carries the
web table's self-only Content-Security-Policy: a page loads and calls nothing but its own
origin. ReDoc's own styles and search worker need two exceptions, both on `/redoc` alone.
"""

from __future__ import annotations

import secrets
from importlib import resources
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, HTMLResponse

from app.api.routes_web import CSP, HEADERS, STATIC, Static

BUILDS = Path(str(resources.files("fastapi_standalone_docs") / "static"))
"""swagger/ (swagger-ui-bundle.js, swagger-ui.css) and redoc/ (redoc.standalone.js, its logo)."""
PAGES = STATIC / "docs"
REDOC_PAGE = (PAGES / "redoc.html").read_text(encoding="utf-8")

# ReDoc's bundle adds one stylesheet as it loads, before it can know a nonce: a <style> element,
# empty at first, then with the sidebar's perfect-scrollbar rules. Both are allowed by their
# hashes, of this build (pinned in pyproject.toml; another shows in tests/browser/test_docs.py
# as a policy violation).
REDOC_LOAD_STYLES = [
    "sha256-QMIg+bpjm3JdElJ388KYke01izlUW0UoNOeKjpMxdgc=",  # the perfect-scrollbar rules
    "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",  # nothing (the empty element)
]

router = APIRouter(include_in_schema=False)


@router.get("/docs")
async def swagger_ui() -> FileResponse:
    return FileResponse(PAGES / "swagger.html", headers=HEADERS)


@router.get("/redoc")
async def redoc() -> HTMLResponse:
    """ReDoc writes its styles into `<style>` elements (styled-components): the policy admits
    those with this response's nonce, which the page hands to ReDoc. Its search index runs in
    a worker made from a `blob:` of its own code. Scripts stay self-only."""
    nonce = secrets.token_urlsafe(16)
    styles = " ".join([f"'nonce-{nonce}'", *(f"'{h}'" for h in REDOC_LOAD_STYLES)])
    policy = CSP.replace("style-src 'self'", f"style-src 'self' {styles}")
    headers = {**HEADERS, "Content-Security-Policy": f"{policy}; worker-src blob:"}
    return HTMLResponse(REDOC_PAGE.replace("{nonce}", nonce), headers=headers)


def install(app: FastAPI) -> None:
    """The pages, and the builds beside them (FastAPI's own pages must be off)."""
    assert app.docs_url is None and app.redoc_url is None
    app.include_router(router)
    app.mount("/docs", Static(BUILDS / "swagger"), name="swagger-ui")
    app.mount("/redoc", Static(BUILDS / "redoc"), name="redoc")
