"""Every endpoint and every dependency is a coroutine: FastAPI runs a plain `def` in its thread
pool, which costs each request a thread hand-off (and made a move's CPU time grow)."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from typing import Any

from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute

from app.api.main import create_app
from app.config import Settings


def _calls(dependant: Dependant) -> Iterator[Any]:
    if dependant.call is not None:
        yield dependant.call
    for sub in dependant.dependencies:
        yield from _calls(sub)


def _api_routes(routes: list[Any]) -> Iterator[APIRoute]:
    for route in routes:
        if isinstance(route, APIRoute):
            yield route
        # An included router (FastAPI keeps the router it was given), or a mount.
        inner = getattr(route, "original_router", route)
        yield from _api_routes(list(getattr(inner, "routes", [])))


def _is_coroutine(call: Any) -> bool:
    """A coroutine function, or an object whose `__call__` is one (such as `HTTPBearer`)."""
    return inspect.iscoroutinefunction(call) or inspect.iscoroutinefunction(type(call).__call__)


def test_no_route_or_dependency_runs_in_the_thread_pool() -> None:
    routes = list(_api_routes(create_app(Settings()).routes))
    assert len(routes) > 10
    blocking = {
        f"{route.path}: {getattr(call, '__qualname__', call)!r}"
        for route in routes
        for call in _calls(route.dependant)
        if not _is_coroutine(call)
    }
    assert not blocking, sorted(blocking)
