"""The routes a game has of its own beside the shared ones (only kozel24's `…/exchange`, K-9).

Like `app.api.games` for the wire adapters, this is the one module that names the games whose
routes it lists; the routes depend on the adapters, never the other way round.
"""

from __future__ import annotations

from fastapi import APIRouter

from app.api.game_routes import kozel24

ROUTERS: tuple[APIRouter, ...] = (kozel24.router,)
