"""The web table: a static browser client (`app/api/static/`) that speaks the public API only.

`/` and `/play` serve the page; `/static/…` its scripts and styles. None of it is part of the
API contract, so none of it is in the OpenAPI document. Every response carries a strict
Content-Security-Policy: the page loads and calls nothing but its own origin, and table
messages (user text) can never run as script.
"""

from __future__ import annotations

import os
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from app.domain.registry import GAMES

STATIC = Path(__file__).resolve().parent / "static"

CSP = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "manifest-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    # Revalidate every time (ETag / Last-Modified): a new release shows at the next load.
    "Cache-Control": "no-cache",
}

router = APIRouter(include_in_schema=False)


@router.get("/")
@router.get("/play")
async def page() -> FileResponse:
    """The page; the table to open travels in the fragment (`/play#table=<id>`)."""
    return FileResponse(STATIC / "index.html", headers=HEADERS)


RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"
"""The rules as players read them, one page a game (`docs/rules/<variant>.md`)."""
MARKDOWN = {**HEADERS, "Content-Type": "text/markdown; charset=utf-8"}


@router.get("/rules/{variant}")
async def rules(variant: str) -> Response:
    """A game's rules page (the catalogue's `rules`), as the Markdown it is written in."""
    page = RULES / f"{variant}.md"
    if variant not in GAMES or not page.is_file():
        raise StarletteHTTPException(404, f"no rules page for {variant!r}")
    return Response(page.read_bytes(), headers=MARKDOWN)


class Static(StaticFiles):
    """Files served with the given headers (by default the page's)."""

    def __init__(self, directory: Path, headers: dict[str, str] = HEADERS) -> None:
        super().__init__(directory=directory)
        self.headers = headers

    def file_response(
        self,
        full_path: str | os.PathLike[str],
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers.update(self.headers)
        return response


def install(app: FastAPI) -> None:
    app.include_router(router)
    app.mount("/static", Static(STATIC), name="static")
