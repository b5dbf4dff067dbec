"""Stored logs outlive code: tables created while the options had camelCase names (the rules
files' spelling) keep those names in their logs, rows and snapshots. The fixture
`tests/fixtures/camel_case_options_logs.json` holds such tables, recorded by the code of
e841015 over its HTTP API: a finished Sixty-six, Bura and Kozly, a Kozel with 4 cards in play,
and a Kozly table nobody sat at yet; for each its events as stored, the table as the API
showed it, its last snapshot and every seat's view then.

Today's code reads them back, on SQLite and PostgreSQL, to the same tables (the same
snapshot, to the field, and the same views), shows their options by the snake_case names,
and starts the waiting table's game with the options its log holds."""

from __future__ import annotations

import itertools
import json
import uuid
from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from app.api.views import table_out, view_out
from app.db.database import create_engine, open_store, session_factory
from app.db.store import Append, EventStore, NewEvent, NewTable, Projection
from app.db.wakeup import Wakeup
from app.domain.registry import game_of
from app.services.players import Players
from app.services.table_log import snapshot
from app.services.tables import Tables

pytestmark = pytest.mark.anyio
FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "camel_case_options_logs.json"
RECORDED = json.loads(FIXTURE.read_text(encoding="utf-8"))
PLAYED = [t for t in RECORDED["tables"] if t["table"]["status"] != "waiting"]
(WAITING,) = [t for t in RECORDED["tables"] if t["table"]["status"] == "waiting"]

SNAKE_CASE = {
    "autoOut": "auto_out",
    "marriagesWhenClosed": "marriages_when_closed",
    "matchTarget": "match_target",
    "rankLeads": "rank_leads",
    "aceLeads": "ace_leads",
    "openDiscards": "open_discards",
    "fourEndsTens": "four_ends_tens",
    "moscowTrumpAce": "moscow_trump_ace",
    "lateClaims": "late_claims",
    "winNeeds61": "win_needs_61",
    "eggsDouble": "eggs_double",
    "singleDeal": "single_deal",
    "dealerLeads": "dealer_leads",
    "dealMode": "deal_mode",
    "winAt": "win_at",
    "targetMarks": "target_marks",
}
"""The old names the fixture holds, and today's."""


def _snake_case(options: dict[str, Any]) -> dict[str, Any]:
    return {SNAKE_CASE.get(name, name): value for name, value in options.items()}


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[EventStore]:
    engine = create_engine(database_url)
    opened = await open_store(database_url, engine, 4)
    yield opened
    await opened.close()
    await engine.dispose()


async def _store_as_recorded(
    store: EventStore, recorded: dict[str, Any], with_snapshot: bool = False
) -> None:
    """The table's row and its log as the old code wrote them, each append at its time; the
    last one with the recorded snapshot, or with none (the log is folded)."""
    shown = recorded["table"]
    seats = tuple(row["seat"] for row in shown["seats"])
    new = NewTable(shown["variant"], shown["options"], seats)
    version = 0
    by_time = itertools.groupby(recorded["events"], key=lambda e: e["at"])
    for at, group in by_time:
        events = [
            NewEvent(e["type"], e["schema_version"], e["deal_no"], e["payload"]) for e in group
        ]
        last = version + len(events) == shown["version"]
        kept = recorded["snapshot"] if with_snapshot and last else {}
        projection = Projection(
            shown["status"],
            shown["deal_no"],
            tuple(shown["scores"]),
            kept,
            recorded["snapshot_schema"] if kept else 0,
            None,
        )
        when = datetime.fromisoformat(at)
        await store.append(Append(recorded["id"], version, events, when, projection, new_table=new))
        version, new = version + len(events), None


def _names(recorded: dict[str, Any]) -> str:
    return f"{recorded['table']['variant']}-{recorded['table']['status']}"


def test_the_fixture_holds_the_old_names() -> None:
    assert RECORDED["recorded_with"] == "e841015"
    for recorded in RECORDED["tables"]:
        created = recorded["events"][0]["payload"]["options"]
        assert created.keys() & SNAKE_CASE.keys(), _names(recorded)
        assert not created.keys() & set(SNAKE_CASE.values())
        assert recorded["table"]["options"].items() >= created.items()


def _renamed(recorded: dict[str, Any]) -> dict[str, Any]:
    """The same table's log as today's code writes it: another id, the options in the
    `table_created` and `game_started` events by their snake_case names."""
    events = [
        {**e, "payload": {**e["payload"], "options": _snake_case(e["payload"]["options"])}}
        if "options" in e["payload"]
        else e
        for e in recorded["events"]
    ]
    return {**recorded, "id": str(uuid.uuid4()), "events": events}


def _as_recorded(lobby: dict[str, Any]) -> dict[str, Any]:
    """A lobby without what it learned since the recording (schema 8): its starters (who
    held each seat at the game's start: the seats of a table nobody left) and whether its
    table is rated (a table of then is not)."""
    started = {k: v for k, v in lobby.items() if k != "starters"}
    assert lobby["starters"] == (lobby["seats"] if lobby["started"] else [])
    assert lobby["created"].pop("rated") is False
    return started


@pytest.mark.parametrize("with_snapshot", [False, True], ids=["folded", "from_snapshot"])
@pytest.mark.parametrize("recorded", PLAYED, ids=_names)
async def test_a_log_with_the_old_option_names_replays_to_the_same_table(
    store: EventStore, recorded: dict[str, Any], with_snapshot: bool
) -> None:
    """The old log replays as it did for the code that recorded it (its version, status,
    scores, lobby, messages and times), and to the very table (state, views) that the same
    log with today's names gives: the names are all that differ. A snapshot of an older
    schema (this one was recorded at 8, the games' states have changed shape since) is
    replayed rather than read."""
    await _store_as_recorded(store, recorded, with_snapshot)
    today = _renamed(recorded)
    await _store_as_recorded(store, today)
    tables = Tables(store, Wakeup())
    table = await tables.get(recorded["id"])
    twin = await tables.get(today["id"])
    then = recorded["table"]
    assert (table.version, table.status) == (then["version"], then["status"])
    assert list(table.scores()) == then["scores"]
    now = snapshot(table)
    kept = ("lobby", "messages", "finished_deals", "created_at", "turn_started_at", "version")
    now["lobby"] = _as_recorded(now["lobby"])
    for key in kept:  # the lobby with its options as stored, messages, times
        assert now[key] == recorded["snapshot"][key], key
    assert now["state"] == snapshot(twin)["state"]
    for seat in recorded["final_views"]:
        viewer = None if seat == "public" else int(seat)
        mine, theirs = view_out(table, viewer), view_out(twin, viewer)
        assert {**mine, "table_id": None} == {**theirs, "table_id": None}, seat
    shown = table_out(await tables.summary(recorded["id"])).model_dump(mode="json")
    assert shown["options"] == _snake_case(then["options"])
    # The rest as it was (but the seat rows: the players are not in this database).
    assert {**shown, "seats": None} == {**then, "options": shown["options"], "seats": None}
    game = game_of(then["variant"])
    created = table.lobby.created if table.lobby is not None else None
    assert created is not None
    snake = {k: v for k, v in shown["options"].items() if k not in ("move_clock_s", "first_dealer")}
    assert game.parse_options(created.options, created.seats) == game.parse_options(
        snake, created.seats
    )


async def test_a_table_created_with_the_old_names_starts_its_game_by_them(
    store: EventStore, database_url: str
) -> None:
    """KZ-8: the waiting Kozly table was created with `"dealMode": "stock"`; its game, started
    by today's code, deals from a stock, and the events written now use the new names."""
    await _store_as_recorded(store, WAITING)
    engine = create_engine(database_url)
    try:
        player = (await Players(session_factory(engine), Wakeup()).register("Вася")).player
    finally:
        await engine.dispose()
    tables = Tables(store, Wakeup())
    table_id = WAITING["id"]
    await tables.sit(table_id, 0, player)
    for seat in (1, 2, 3):
        await tables.seat_bot(table_id, seat, "random", player)
    table = await tables.get(table_id)
    assert table.status == "playing"
    view = view_out(table, 0)
    assert view["game"]["deal_mode"] == "stock"
    started = [e for e in await store.load(table_id) if e.type == "game_started"]
    assert started[0].payload["options"] == {
        "deal_mode": "stock",
        "win_at": 60,
        "target_marks": 2,
        "end": "received12",
    }
    shown = table_out(await tables.summary(table_id)).model_dump(mode="json")
    assert shown["options"] == _snake_case(WAITING["table"]["options"])
    assert shown["options"]["target_marks"] == 2
