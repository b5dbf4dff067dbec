"""Serving with uvicorn, with a clean stop: on SIGTERM (or SIGINT) the instance first reports
not ready and releases its long-polls for `drain_delay_s`, then stops taking connections and
lets in-flight requests finish within `shutdown_grace_s`."""

from __future__ import annotations

import asyncio
import logging
from types import FrameType

import uvicorn
from fastapi import FastAPI

from app.api.main import create_app, drain
from app.config import Settings

log = logging.getLogger("kozel.server")


class DrainingServer(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, settings: Settings, app: FastAPI) -> None:
        super().__init__(config)
        self._settings = settings
        self._app = app
        self._draining = False

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if self._draining:  # a second signal: stop now
            super().handle_exit(sig, frame)
            return
        self._draining = True
        log.info("stopping: draining", extra={"event": "drain"})
        loop = asyncio.get_event_loop()
        loop.call_soon_threadsafe(drain, self._app)
        loop.call_later(self._settings.drain_delay_s, super().handle_exit, sig, frame)


def run_server(settings: Settings, host: str, port: int) -> None:
    app = create_app(settings)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_config=None,
        access_log=False,
        timeout_graceful_shutdown=int(settings.shutdown_grace_s),
        proxy_headers=True,
    )
    DrainingServer(config, settings, app).run()
