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
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

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


class _Static(StaticFiles):
    def file_response(
        self,
        full_path: str | os.PathLike[str],
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers.update(HEADERS)
        return response


def install(app: FastAPI) -> None:
    app.include_router(router)
    app.mount("/static", _Static(directory=STATIC), name="static")
