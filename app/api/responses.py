"""The JSON response of the hot paths, rendered by orjson: compact UTF-8, the same JSON text
as Starlette's `JSONResponse` (which uses `json.dumps` without spaces or ASCII escapes), in a
fraction of the time."""

from __future__ import annotations

from typing import Any

import orjson
from fastapi.responses import JSONResponse, Response


class FastJSONResponse(JSONResponse):
    def render(self, content: Any) -> bytes:
        return orjson.dumps(content)


class RawJSONResponse(Response):
    """A JSON body rendered already (a shared view from `view_cache`), sent as it is."""

    media_type = "application/json"
