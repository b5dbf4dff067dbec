"""Serving with uvicorn, with a clean stop: on SIGTERM (or SIGINT) the instance first reports
not ready and releases its long-polls for `drain_delay_s`, then stops taking connections and
lets in-flight requests finish within `shutdown_grace_s`."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import socket
from types import FrameType

import uvicorn
from fastapi import FastAPI

from app.api.connections import GuardedConfig
from app.api.guard import Guard
from app.api.main import create_app, drain
from app.config import Settings, connection_cap
from app.db.waiter import sleep_on_grid
from app.metrics import OPEN_CONNECTIONS

log = logging.getLogger("kozel.server")


class DrainingServer(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, settings: Settings, app: FastAPI) -> None:
        super().__init__(config)
        self._settings = settings
        self._app = app
        self._draining = False
        self._collector: asyncio.Task[None] | None = None

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        OPEN_CONNECTIONS.set_function(lambda: len(self.server_state.connections))
        if self._settings.gc_tuning:
            tune_gc()
            self._collector = asyncio.create_task(keep_young_collected())

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        if self._collector is not None:
            self._collector.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._collector
        await super().shutdown(sockets)

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if self._draining:  # a second signal: stop now
            super().handle_exit(sig, frame)
            return
        self._draining = True
        log.info("stopping: draining", extra={"event": "drain"})
        loop = asyncio.get_event_loop()
        loop.call_soon_threadsafe(drain, self._app)
        loop.call_later(self._settings.drain_delay_s, super().handle_exit, sig, frame)


GC_THRESHOLDS = (20_000, 20, 1_000)
YOUNG_EVERY_S = 0.5


def tune_gc() -> None:
    """Keep the cyclic garbage collector out of the latency of requests.

    Everything made while starting (modules, the app, lookup tables) lives as long as the
    process: `gc.freeze` takes it out of the collector's sight, so that a full collection no
    longer walks it (measured: pauses of 75-95 ms gone, the p99 of a move under load from
    ~90 ms to ~25 ms). The young generation is collected after more allocations than by
    default, and on a clock besides (`keep_young_collected`); the oldest rarely.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


async def keep_young_collected() -> None:
    """Collect the two young generations every `YOUNG_EVERY_S`, on the grid the followers'
    waits end on.

    The collector counts allocations less deallocations, and collects the young generation
    when that count passes its threshold. An instance full of idle followers allocates about
    as much as it frees (each long-poll that ends frees what the one asked after it makes),
    so the count stays low while the young generation fills with the waiting long-polls'
    objects; the collection that came at last walked all of them: 85-390 ms at 10,000
    followers, the moves' p99 66 ms (issue 31). Collected twice a second, the young
    generations hold half a second's survivors (a few milliseconds to walk), and they move on
    to the old one, which is collected only after `GC_THRESHOLDS[2]` of these rounds.
    """
    while True:
        await sleep_on_grid(YOUNG_EVERY_S)
        gc.collect(1)


def run_server(settings: Settings, host: str, port: int) -> None:
    app = create_app(settings)
    cap = connection_cap(settings)
    config = GuardedConfig(
        app,
        Guard(cap, settings.header_timeout_s, settings.body_timeout_s),
        host=host,
        port=port,
        log_config=None,
        access_log=False,
        timeout_graceful_shutdown=int(settings.shutdown_grace_s),
        proxy_headers=True,
        forwarded_allow_ips=settings.forwarded_allow_ips,
    )
    log.info(
        "serving at most %d connections; a request head is due within %s s, a body within %s s",
        cap,
        settings.header_timeout_s,
        settings.body_timeout_s,
        extra={"event": "limits"},
    )
    DrainingServer(config, settings, app).run()
