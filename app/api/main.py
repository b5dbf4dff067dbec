"""The FastAPI application: wiring, lifespan, and the routers."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

from argon2 import Parameters
from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware

from app.api import problems, routes_docs, routes_web
from app.api.body_limit import BodyLimit
from app.api.deps import Services
from app.api.game_routes import ROUTERS as GAME_ROUTERS
from app.api.head import HeadAsGet
from app.api.lane import Lane
from app.api.limits import Limits, Rate
from app.api.observe import Observe
from app.api.openapi import KozelAPI
from app.api.retry_after import CloseOnLongRetry
from app.api.routes_games import router as games_router
from app.api.routes_health import router as health_router
from app.api.routes_play import router as play_router
from app.api.routes_players import router as players_router
from app.api.routes_replay import router as replay_router
from app.api.routes_seeks import router as seeks_router
from app.api.routes_sessions import router as sessions_router
from app.api.routes_tables import router as tables_router
from app.api.view_cache import RenderedViews
from app.config import Settings, async_url, get_settings
from app.db.channels import open_channel
from app.db.database import create_engine, open_store, session_factory
from app.db.migrate import check_schema
from app.db.waiter import sleep_on_grid
from app.db.wakeup import Wakeup
from app.metrics import OPEN_LONG_POLLS, OPEN_STREAMS
from app.services import benching
from app.services.accounts import Accounts
from app.services.move_clock import Lapsed
from app.services.passwords import Passwords
from app.services.players import Players
from app.services.profiles import Profiles
from app.services.seeks import Seeks
from app.services.tables import Tables
from app.services.throttle import Throttle

log = logging.getLogger(__name__)

LISTENER_WAIT_S = 5.0
"""How long an instance waits at start for its wake-up listener before it serves anyway."""
IDLE_ROUND_S = 5.0
"""The longest a keeper sleeps while it has nothing in sight (no clock running, no seek
waiting): an idle instance asks the database every few seconds, not twice a second."""
TOKEN_USES_EVERY_S = 5.0
"""How often an instance writes down the uses of its tokens (`Players.write_uses`)."""

DESCRIPTION = """
The network service for the Russian team card game «Козёл» (24 cards, 2 vs 2).

Every table is an append-only event log. Clients read their **view** (`GET …/state`, with
long-poll), and post the requests listed in its `legal_actions`. Errors are RFC 9457
`application/problem+json` with a stable `code`. Rules: `docs/rules/kozel24.md` (K-1 … K-18).

`HEAD` works wherever `GET` does: the same status and headers, no body (it is not listed
per operation).
"""


def create_app(
    settings: Settings | None = None,
    chance: random.Random | None = None,
    lane: bool = True,
    password_parameters: Parameters | None = None,
) -> FastAPI:
    """The application; `chance` seeds shuffles (tests only; default: the OS);
    `lane=False` sends every poll and move through its route (tests compare the two ways);
    `password_parameters` are argon2's (tests only; default: the library's default profile)."""
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        url = async_url(settings.database_url)
        engine = create_engine(url)
        try:
            await check_schema(engine, url)  # refuse to serve on a schema that is behind
            store = await open_store(url, engine, settings.db_pool_size)
        except BaseException:
            await engine.dispose()
            raise
        wakeup = Wakeup(
            settings.safety_recheck_s, settings.recheck_interval_s, settings.wakeup_grace_s
        )
        wakeup.start_listening(open_channel(url, settings.wakeup, settings.nats_url))
        await wakeup.until_listening(LISTENER_WAIT_S)
        sessions = session_factory(engine)
        tables = Tables(store, wakeup, chance, settings.max_long_polls)
        limits = Limits(
            moves=Rate(settings.rate_moves_per_s, 20),
            messages=Rate(settings.rate_messages_per_min / 60, 5),
            polling=Rate(settings.rate_polls_per_s, 40),
            streams_per_key=settings.streams_per_token,
        )
        players = Players(sessions, wakeup)
        passwords = Passwords(password_parameters)
        accounts = Accounts(sessions, players, passwords, Throttle(sessions))
        seeks = Seeks(sessions, tables, wakeup, settings.recheck_interval_s, chance)
        app.state.services = Services(
            settings, players, accounts, tables, seeks, limits, RenderedViews(), Profiles(engine)
        )
        app.state.engine = engine
        app.state.wakeup = wakeup
        OPEN_LONG_POLLS.set_function(lambda: tables.long_polls_waiting)
        OPEN_STREAMS.set_function(lambda: limits.open_streams)

        async def lapsed(table_id: str, player_ids: list[str]) -> None:
            await benching.record(sessions, table_id, player_ids, datetime.now(UTC))

        news = asyncio.Event()  # a commit, here or on another instance (`keep_clocks`)
        wakeup.on_key("t:", lambda _table_id, _version: news.set())
        keepers = [
            asyncio.create_task(keep_clocks(tables, settings.clock_interval_s, lapsed, news)),
            asyncio.create_task(keep_seeks(seeks, settings.seek_sweep_s)),
            asyncio.create_task(keep_token_uses(players, TOKEN_USES_EVERY_S)),
        ]
        try:
            yield
        finally:
            for keeper in keepers:
                keeper.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await keeper
            with contextlib.suppress(Exception):  # the database may be gone already
                await players.write_uses()
            await wakeup.stop()
            passwords.close()
            await store.close()
            await engine.dispose()

    app = KozelAPI(
        title="Kozel API",
        version="1.0.0",
        description=DESCRIPTION,
        lifespan=lifespan,
        docs_url=None,  # routes_docs serves /docs and /redoc without a CDN
        redoc_url=None,
        # Relative: the server that serves the document (its /docs try calls on it).
        servers=[{"url": "/", "description": "This server"}],
        # FastAPI's OpenTelemetry bridge asks on every request whether a provider is set up;
        # this service exports its metrics to Prometheus and traces nothing (issue 19).
        telemetry={"tracing": False, "metrics": False, "logs": False},
        openapi_tags=[
            {
                "name": "players",
                "description": "Players (guest, account or bot account), credentials, "
                "sign-in and the tokens of their devices",
            },
            {"name": "games", "description": "The catalogue of games"},
            {"name": "tables", "description": "Tables and seats"},
            {"name": "seeks", "description": "Finding a game: seeks matched into tables"},
            {"name": "playing", "description": "Views, moves, the lone trump, messages, logs"},
            {
                "name": "again",
                "description": "After a game: a rematch, and the replay with every hand face up",
            },
            {"name": "operations", "description": "Health and metrics for operators"},
        ],
    )
    app.state.draining = asyncio.Event()
    problems.install(app)
    if lane:
        app.add_middleware(Lane, api=app)  # innermost: it answers the plain polls and moves
    app.add_middleware(HeadAsGet)  # the outer ones see the request as it came
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    app.add_middleware(CloseOnLongRetry, idle_timeout_s=settings.header_timeout_s)
    app.add_middleware(Observe)
    if settings.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=settings.cors_origins,
            allow_methods=["*"],
            allow_headers=["*"],
            expose_headers=["ETag", "X-Request-ID", "Retry-After"],
        )
    app.include_router(health_router)
    app.include_router(players_router)
    app.include_router(sessions_router)
    app.include_router(games_router)
    app.include_router(tables_router)
    app.include_router(seeks_router)
    app.include_router(play_router)
    app.include_router(replay_router)
    for game_router in GAME_ROUTERS:  # a game's own routes (kozel24: `…/exchange`)
        app.include_router(game_router)
    routes_web.install(app)  # the web table at / and /play
    routes_docs.install(app)  # the API's documentation at /docs and /redoc
    return app


def drain(app: FastAPI) -> None:
    """The process is asked to stop: report not ready and release the long-polls."""
    app.state.draining.set()
    wakeup = getattr(app.state, "wakeup", None)
    if wakeup is not None:
        wakeup.drain()


async def keep_clocks(tables: Tables, interval: float, lapsed: Lapsed, news: asyncio.Event) -> None:
    """Every instance plays for the seats whose move clock ran out (the appends are versioned,
    so two instances never both move for one seat). A game never hangs.

    A round also learns when the next clock runs out; the keeper sleeps until then (at most
    `IDLE_ROUND_S`), or until a commit here or on another instance (`news`: it may have
    started an earlier clock), and never less than `interval` between two rounds. An idle
    instance asks every few seconds, not twice a second (issue 31)."""
    while True:
        news.clear()
        try:
            next_at = await tables.expire_due(lapsed=lapsed)
        except Exception:  # a database hiccup: the next round tries again
            log.warning("the move clock keeper failed a round", exc_info=True)
            next_at = datetime.now(UTC)
        await sleep_on_grid(interval)
        left = IDLE_ROUND_S if next_at is None else (next_at - datetime.now(UTC)).total_seconds()
        await _news_within(news, min(left, IDLE_ROUND_S))


async def _news_within(news: asyncio.Event, seconds: float) -> None:
    """Wait for `news` at most `seconds`. (Not through `asyncio.wait_for`: on Python 3.11 it
    returns the news when it comes as the task is cancelled, and the keeper never stops.)"""
    if seconds > 0:
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                await news.wait()


async def keep_token_uses(players: Players, interval: float) -> None:
    """Every instance writes down its tokens' uses every `interval` (`Players.write_uses`)."""
    while True:
        await sleep_on_grid(interval)
        try:
            await players.write_uses()
        except Exception:  # a database hiccup: they are written with the next round
            log.warning("the token uses keeper failed a round", exc_info=True)


async def keep_seeks(seeks: Seeks, interval: float) -> None:
    """Every instance sweeps the seeks (`Seeks.sweep`): matches as windows widen and bots
    come due, expiries. Jittered, so that instances started together do not sweep in step.
    While no seek waits, it sweeps every `IDLE_ROUND_S` (a seek that is lost by an instance
    that stopped is still found) or as soon as a seek comes here (`Seeks.arrived`)."""
    jitter = random.Random()
    while True:
        if seeks.waiting:
            await sleep_on_grid(interval * jitter.uniform(0.5, 1.5))
        else:
            await _news_within(seeks.arrived, IDLE_ROUND_S * jitter.uniform(0.75, 1.25))
        seeks.arrived.clear()
        try:
            await seeks.sweep()
        except Exception:  # a database hiccup: the next round tries again
            log.warning("the seek sweeper failed a round", exc_info=True)


def openapi_document() -> dict[str, Any]:
    """The OpenAPI document, as served at /openapi.json (no database needed)."""
    return create_app(Settings()).openapi()
