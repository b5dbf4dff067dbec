"""A small typed client for the Kozel API, for bot authors. It needs only Python's standard
library (3.9 or later), so it runs on a fresh clone with nothing installed.

It knows the long-poll loop, retries a move with the same `move_id` after a network error,
and waits out 429 `rate_limited` answers for their `Retry-After`. It reads the catalogue
(`games()`, `game(variant)`), creates a table of any game at any of its sizes, seeks a game
(`seek`), and tells a finished game's result from a seat (`result_in_words`; `sides` gives
the seats of each side).

    client = KozelClient("http://127.0.0.1:8000")
    client.register("my-bot", bot=True)
    for table_id, version in client.turns(wait=30):
        view = client.state(table_id)
        client.act(table_id, view["legal_actions"][0], expected_version=view["version"])
"""

from __future__ import annotations

import http.client
import json
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode

View = dict[str, Any]
Action = dict[str, Any]
Game = dict[str, Any]
"""An entry of the catalogue, `GET /v1/games`: `variant`, `seats` (the table sizes, the first
the default), `teams` (null where each plays for himself), `bots` (the levels), `options`..."""

NETWORK_ERRORS = (urllib.error.URLError, http.client.HTTPException, OSError)
"""What a request raises when the server could not be reached or the answer was cut off (an
HTTP error status is a `KozelError` instead)."""


class KozelError(Exception):
    """A problem+json answer: `code` is stable (`illegal_move`, `version_conflict`, ...)."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(f"{status} {body.get('code')}: {body.get('detail')}")
        self.status, self.code, self.body = status, str(body.get("code")), body


class KozelClient:
    def __init__(self, base_url: str, token: str | None = None, timeout: float = 40.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def close(self) -> None:
        """Nothing to release: every request has a connection of its own."""

    def register(self, name: str, bot: bool = False) -> str:
        """Create a player (with `bot`, a bot account: shown as a bot wherever it is named);
        keeps and returns its token (shown only this once)."""
        self.token = self._call("POST", "/v1/players", {"name": name, "bot": bot})["token"]
        return self.token

    def games(self) -> list[Game]:
        """The catalogue: every game the server plays."""
        return list(self._call("GET", "/v1/games"))

    def game(self, variant: str) -> Game:
        """One game of the catalogue (a `KozelError` `not_found` for an unknown variant)."""
        return dict(self._call("GET", f"/v1/games/{variant}"))

    def create_table(
        self,
        seat: int | None = 0,
        bots: dict[int, str] | None = None,
        variant: str | None = None,
        seats: int | None = None,
        options: dict[str, Any] | None = None,
    ) -> str:
        """A new table of `variant` for `seats` players (the server's defaults: kozel24, the
        game's first table size); the caller takes `seat`, server bots the seats of `bots`."""
        body: dict[str, Any] = {"seat": seat, "bots": {str(s): b for s, b in (bots or {}).items()}}
        given = {"variant": variant, "seats": seats, "options": options}
        body.update((name, value) for name, value in given.items() if value is not None)
        return str(self._call("POST", "/v1/tables", body)["id"])

    def create_table_with_bots(
        self, variant: str, level: str = "random", seats: int | None = None, seat: int = 0
    ) -> str:
        """A new table of `variant` for `seats` players (the game's first table size if None):
        the caller in `seat`, server bots of `level` in every other seat."""
        seats = seats or self.game(variant)["seats"][0]
        bots = {other: level for other in range(seats) if other != seat}
        return self.create_table(seat, bots, variant, seats)

    def seek(self, variant: str, bots_after_s: int | None = None, rated: bool = True) -> str:
        """Seek a game of `variant` (`POST /v1/seeks`) and wait until it is matched; returns
        the table. With `bots_after_s`, server bots fill the seats still empty after that
        many seconds. A seek that expires is made again; a waiting seek of this player in
        the variant (a bot started again) is waited for."""
        body = {"variant": variant, "bots_after_s": bots_after_s, "rated": rated}
        while True:
            try:
                seek = self._call("POST", "/v1/seeks", body)
            except KozelError as error:
                if error.code != "already_seeking":
                    raise
                seek = {"id": error.body["seek_id"], "status": "waiting"}
            while seek["status"] == "waiting":  # long-poll until matched, cancelled, expired
                seek = self._call("GET", f"/v1/seeks/{seek['id']}", params={"wait": 30})
            if seek["status"] == "matched":
                return str(seek["table_id"])

    def rating(self, variant: str) -> float | None:
        """This player's rating in `variant` from its public profile (None where the server
        keeps no ratings, or before the player's first rated game)."""
        me = self._call("GET", "/v1/players/me")
        try:
            profile = self._call("GET", f"/v1/players/{me['id']}")
        except KozelError as error:
            if error.status not in (404, 405):
                raise
            return None
        rating = profile.get("ratings", {}).get(variant)
        return None if rating is None else float(rating["rating"])

    def sit(self, table_id: str, seat: int) -> None:
        self._call("PUT", f"/v1/tables/{table_id}/seats/{seat}")

    def state(self, table_id: str, since_version: int | None = None, wait: float = 0) -> View:
        """The caller's view; with `since_version`, once the table is past that version (or
        after `wait` seconds, as it is then)."""
        params: dict[str, Any] = {}
        if since_version is not None:
            params = {"since_version": since_version, "wait": wait}
        view = self._call("GET", f"/v1/tables/{table_id}/state", params=params)
        return view if view is not None else self.state(table_id)

    def turns(self, wait: float = 30) -> Iterator[tuple[str, int]]:
        """Forever: the tables where this player must act (long-polls between answers)."""
        while True:
            for turn in self._call("GET", "/v1/players/me/turns", params={"wait": wait}):
                yield turn["table_id"], turn["version"]

    def act(self, table_id: str, action: Action, expected_version: int | None = None) -> View:
        """Post one of the view's legal actions; a network error is retried with the same
        move id, so the move happens at most once."""
        body = {**action["body"], "move_id": uuid.uuid4().hex}
        if expected_version is not None:
            body["expected_version"] = expected_version
        path = f"/v1/tables/{table_id}/{action['endpoint']}"
        for attempt in range(5):
            try:
                result: View = self._call("POST", path, body)
                return result
            except NETWORK_ERRORS:
                time.sleep(0.5 * (attempt + 1))
        raise RuntimeError(f"could not reach the server for {path}")

    def result_in_words(self, view: View) -> str:
        """A finished game's `result` from the viewer's seat: the side it played for (from the
        game's catalogue entry) and whether that side won or lost, then what the result says:
        the winner and loser sides, the scores per side, the titles and the reason."""
        result, seat = view["result"], view["my_seat"]
        seats = sides(self.game(view["variant"]), len(view["scores"]))
        side = next(number for number, members in enumerate(seats) if seat in members)
        team = " and ".join(map(str, seats[side]))
        whose = f"the team of seats {team}" if len(seats[side]) > 1 else "each for himself"
        winner, loser = result["winner"], result["loser"]
        outcome = (
            "won" if side == winner else "lost" if side == loser else "is neither winner nor loser"
        )
        rating = self.rating(view["variant"])
        return (
            f"{view['variant']} over: seat {seat} played for side {side} of {len(seats)}, "
            f"{whose}, which {outcome}; winner {_side(winner)}, loser {_side(loser)}, scores "
            f"{result['scores']}, titles {', '.join(result['titles']) or 'none'} "
            f"({result['reason']})" + ("" if rating is None else f"; rating now {rating:.1f}")
        )

    def _call(
        self, method: str, path: str, body: Any = None, params: dict[str, Any] | None = None
    ) -> Any:
        url = self.base_url + path + (f"?{urlencode(params)}" if params else "")
        headers = {"Accept": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        while True:
            request = urllib.request.Request(url, data, headers, method=method)
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    return _json(response.read())
            except urllib.error.HTTPError as answer:  # an error status; it is the answer too
                status, problem = answer.code, answer.read()
                retry_after = float(answer.headers.get("Retry-After", "1"))
                answer.close()
            if status == 429:  # rate limited: wait as told, then again
                time.sleep(retry_after)
            elif status == 304:
                return None
            else:
                raise KozelError(status, _json(problem) or {})


def sides(game: Game, count: int) -> list[list[int]]:
    """The seats of each side at a table of `count` sides (as many as its view's `scores`): the
    catalogue's teams where they are its sides, else each seat alone (each plays for himself)."""
    teams: list[list[int]] = game["teams"] or []
    return teams if len(teams) == count else [[seat] for seat in range(count)]


def _side(side: int | None) -> str:
    return "none" if side is None else f"side {side}"


def _json(data: bytes) -> Any:
    return json.loads(data) if data else None
