"""The lane: the requests every move brings, answered without the framework's work per request.

Bot authors follow their games by polling and post a move at each of their turns, and simple
clients long-poll: every version of a table costs each follower a request and its mover a
POST, so what a request costs besides its answer is most of what a move costs. Through FastAPI
a request is routed, resolves its dependencies and validates its parameters and body afresh,
which took more of the server's time than the answers themselves (`docs/performance.md`,
issue 19).

`Lane` is an ASGI middleware inside the observing ones (request ids, metrics and the access
log see every request alike). It answers three operations itself when a request comes in the
plain form clients send, through the same functions their routes call, with the same limits
and the same errors (`problems.problem_of`):

- `getState` and `listMyTurns` (`polling.plain_poll`, `polling.answer_state`/`answer_turns`);
- `postMove` (`acting.plain_move`): its body is read, and if it is one of the games' moves
  as the route would read it (`acting.read_move`), answered by `acting.answer_move`.

Anything else it passes on to the routes untouched, a move whose body it could not read with
that body replayed, so a request FastAPI would refuse gets FastAPI's own answer. Tests hold the
lane's answers equal to the routes' (`tests/api/test_lane.py`).
"""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass

from fastapi import FastAPI
from fastapi.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.api.acting import PlainMove, answer_move, plain_move, read_move
from app.api.deps import Services, limit_key_of
from app.api.polling import PlainPoll, answer_state, answer_turns, plain_poll
from app.api.problems import problem_of


@dataclass(frozen=True, slots=True)
class _Route:
    """What the outer middlewares read of a request's `scope["route"]` (`observe`): its path
    template, as the router sets it."""

    path: str


_ROUTES = {
    "getState": _Route("/v1/tables/{table_id}/state"),
    "listMyTurns": _Route("/v1/players/me/turns"),
    "postMove": _Route("/v1/tables/{table_id}/moves"),
}


class Lane:
    """Answers the plain polls and moves itself; passes every other request on."""

    def __init__(self, app: ASGIApp, api: FastAPI) -> None:
        self.app = app
        self._api = api

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        poll = plain_poll(scope)
        if poll is not None:
            scope["route"] = _ROUTES[poll.operation]
            await self._answer(self._poll(poll, scope), scope, receive, send)
            return
        move = plain_move(scope)
        if move is not None:
            await self._move(move, scope, receive, send)
            return
        await self.app(scope, receive, send)

    async def _poll(self, poll: PlainPoll, scope: Scope) -> Response:
        services = self._services
        services.limits.check("polling", limit_key_of(poll.token, scope.get("client")))
        if poll.operation == "getState":
            assert poll.table_id is not None
            return await answer_state(
                services,
                poll.table_id,
                poll.token,
                poll.since_version,
                poll.wait,
                poll.if_none_match,
            )
        assert poll.token is not None
        return await answer_turns(services, poll.token, poll.wait)

    async def _move(self, move: PlainMove, scope: Scope, receive: Receive, send: Send) -> None:
        body = await _body(receive)
        if body is None:
            return  # the client went away before it sent its body: nobody to answer
        read = read_move(body)
        if read is None:
            await self.app(scope, _replaying(body, receive), send)
            return
        scope["route"] = _ROUTES["postMove"]

        async def answer() -> Response:
            services = self._services
            services.limits.check("moves", limit_key_of(move.token, scope.get("client")))
            caller = await services.players.authenticate(move.token)
            return await answer_move(services, move.table_id, caller, read)

        await self._answer(answer(), scope, receive, send)

    @property
    def _services(self) -> Services:
        services: Services = self._api.state.services
        return services

    @staticmethod
    async def _answer(
        answering: Awaitable[Response], scope: Scope, receive: Receive, send: Send
    ) -> None:
        """Send the response `answering` gives, or the problem its error maps to, as the
        exception handlers would."""
        try:
            response = await answering
        except Exception as error:
            response = problem_of(error)
        await response(scope, receive, send)


async def _body(receive: Receive) -> bytes | None:
    """The whole request body, or None if the client disconnected first."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return None
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks)


def _replaying(body: bytes, receive: Receive) -> Receive:
    """`receive` with the body already read given again first, for the route to read."""
    replayed = False

    async def replay() -> Message:
        nonlocal replayed
        if replayed:
            return await receive()
        replayed = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replay
