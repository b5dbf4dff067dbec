"""The one write path of a table, and how a table is loaded.

Every change to a table goes through `Writer.run`: it folds the table's log, asks a step what
the command causes, lets the environment act (the game starts when every seat is filled, the
server shuffles before each deal, bots play their seats), appends everything at the version it
read, and wakes the long-polls. A lost race is retried on the new version, unless the client
named the version it expected. It knows a game only through its interface.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from app.bots.registry import make_bot
from app.bots.work import tally
from app.db.store import (
    Append,
    ClientRequest,
    EventStore,
    NewEvent,
    NewTable,
    Projection,
    SeatChange,
    VersionConflict,
)
from app.db.wakeup import Wakeup
from app.domain.commands import Command, ShuffleDeck
from app.domain.errors import DomainError
from app.domain.events import Event
from app.metrics import (
    BOT_SEARCHES_CUT_SHORT,
    BOT_THINK,
    GAMES_FINISHED,
    GAMES_STARTED,
    VERSION_CONFLICTS,
    WAITER_READS,
)
from app.services import idempotency
from app.services.errors import NotFound
from app.services.ratings import finish_of
from app.services.table_cache import TableCache
from app.services.table_log import SNAPSHOT_SCHEMA, Table, encode, fold, from_snapshot, snapshot
from app.services.turns_book import TurnsBook

MAX_ATTEMPTS = 8
MAX_AUTOMATIC_STEPS = 20_000
"""A table of bots plays its whole game in one transaction; this bounds it."""

Step = Callable[[Table], Sequence[Event]]
log = logging.getLogger("kozel.bots")


@dataclass(frozen=True, slots=True)
class SeatState:
    player_id: str | None
    bot: str | None
    must_act: bool


class Writer:
    def __init__(
        self,
        store: EventStore,
        wakeup: Wakeup,
        chance: random.Random,
        cache: TableCache,
        turns_book: TurnsBook,
    ) -> None:
        self.store = store
        self.wakeup = wakeup
        self.chance = chance
        self.cache = cache
        self.turns_book = turns_book
        self._flights: dict[str, tuple[float, asyncio.Future[Table]]] = {}
        """The table reads under way for followers (`load_shared`), each with when it began."""
        wakeup.on_key("t:", self._heard)

    def _heard(self, table_id: str, version: int | None) -> None:
        if version is not None:
            self.cache.heard(table_id, version)

    def newest(self, table_id: str) -> Table | None:
        """The table as this process committed or read it last, if no later version has
        been committed anywhere as far as it can tell (`table_cache`); else None."""
        stamp = self.wakeup.stamp(f"t:{table_id}")
        return None if stamp is None else self.cache.newest(table_id, stamp)

    async def run(
        self,
        table_id: str,
        step: Step,
        expected_version: int | None = None,
        move: ClientRequest | None = None,
    ) -> Table:
        """Decide on the table and append at its version; a lost race is tried again on the
        new version, unless the client named the version it expected.

        The first try may decide on the table this process committed last (`table_cache`):
        the append's version guard makes that safe, and whatever that try concludes other
        than a landed append (a refusal, nothing to do, a lost race) is judged again on the
        table read from the database, with the move id checked first (a move id that landed
        already answers as the first time, if the request is the same)."""
        table = self.cache.get(table_id)
        fresh = table is None or (
            expected_version is not None and table.version != expected_version
        )
        for _ in range(MAX_ATTEMPTS):
            if fresh or table is None:
                table, done = await self.load_for_move(table_id, move)
                if done:  # a retry of a move that landed: answer as the first time
                    return table
                if expected_version is not None and expected_version != table.version:
                    raise VersionConflict(table.version)
            try:
                events = step(table)
            except DomainError:
                if fresh:
                    raise
                fresh = True
                continue
            if not events:
                if fresh:
                    return table
                fresh = True
                continue
            try:
                return await self.write(table, events, move=move)
            except VersionConflict:
                VERSION_CONFLICTS.inc()
                fresh = True
        raise VersionConflict(None)

    async def write(
        self,
        table: Table,
        events: Sequence[Event],
        move: ClientRequest | None = None,
        new_table: NewTable | None = None,
    ) -> Table:
        """Append `events` and what follows from them without a client at the table's
        version; returns the committed table."""
        now = _now()
        read_version = table.version
        seats_before = seat_states(table)
        status_before = table.status
        table = table.fork()
        encoded: list[NewEvent] = []
        pending = list(events)
        for _ in range(MAX_AUTOMATIC_STEPS):
            if not pending:
                pending = await self.environment(table)
                if not pending:
                    break
            event = pending.pop(0)
            table.apply(event, table.version + 1, now)
            encoded.append(encode(event, table.deal_no()))
        seats_after = seat_states(table)
        finishes = status_before != "finished" and table.status == "finished"
        if not seats_before:  # a new table: its seat rows start empty
            seats_before = [SeatState(None, None, False)] * len(seats_after)
        keys = [f"t:{table.id}", *(f"p:{p}" for p in _given_a_turn(seats_before, seats_after))]
        stamp = self.wakeup.stamp(keys[0])  # heard since before the commit: newest then
        since = self.turns_book.mark()
        notify = self.wakeup.notification(keys, table.version)
        try:
            await self.store.append(
                Append(
                    table.id,
                    read_version,
                    encoded,
                    now,
                    Projection(
                        status=table.status,
                        deal_no=table.deal_no(),
                        scores=table.scores(),
                        snapshot=snapshot(table),
                        snapshot_schema=SNAPSHOT_SCHEMA,
                        deadline_at=min(table.deadlines().values(), default=None),
                    ),
                    seats=[
                        SeatChange(seat, new.player_id, new.bot, new.must_act)
                        for seat, (old, new) in enumerate(
                            zip(seats_before, seats_after, strict=True)
                        )
                        if old != new and seat in _player_seats(table)
                    ],
                    move=move,
                    notify=notify,
                    new_table=new_table,
                    finish=finish_of(table) if finishes else None,
                )
            )
        except BaseException:
            self.wakeup.withdraw(notify)
            raise
        # Committed (never for an attempt that lost its race): remember, wake, count.
        self.cache.put(table, stamp)
        self.turns_book.committed(table.id, _must_act(seats_before, seats_after, table), since)
        self.wakeup.committed(keys, table.version)
        if status_before == "waiting" and table.status != "waiting":
            GAMES_STARTED.inc()
        if finishes:
            GAMES_FINISHED.inc()
        return table

    async def environment(self, table: Table) -> list[Event]:
        """What happens without a client: the game starts, the deck is shuffled, bots play."""
        lobby, state, game = table.lobby, table.state, table.game
        assert lobby is not None
        if state is None:
            if not lobby.is_full:
                return []
            created = lobby.created
            first = created.first_dealer
            if first is None:  # K-7 and its like: the server picks deal 1's dealer
                first = self.chance.randrange(lobby.seating.count)
            options = game.parse_options(created.options, created.seats)
            return game.start_game(options, created.seats, first)
        if game.is_terminal(state):
            return []
        if game.is_chance_node(state):
            return game.decide(state, ShuffleDeck(self.chance.randbytes(32)))
        for seat in game.to_act(state):
            level = lobby.seats[seat].bot
            if level is not None:
                return game.decide(state, await self._bot_move(table, seat, level))
        return []

    async def _bot_move(self, table: Table, seat: int, level: str) -> Command:
        """The move of the bot in `seat`: a fresh bot with a generator seeded by the table,
        its version and the seat, so the same view always gets the same move (a retried
        attempt, another instance). Its search spends a fixed budget; a search the safety cap
        cut short is counted and logged (numbers only: no card)."""
        assert table.state is not None
        seed = hashlib.sha256(f"{table.id}/{table.version}/{seat}".encode()).digest()
        bot = make_bot(table.variant, level, random.Random(seed))
        view = table.game.view_for(table.state, seat)
        started = time.perf_counter()
        with tally() as work:
            if level == "random":
                command = bot.choose(view)
            else:  # a search must not stall the event loop for other requests
                command = await asyncio.to_thread(bot.choose, view)
        took = time.perf_counter() - started
        BOT_THINK.labels(level).observe(took)
        if work.cut_short:
            BOT_SEARCHES_CUT_SHORT.labels(level).inc()
            log.warning(
                "bot search cut short by the safety cap: table %s version %d seat %d level %s, "
                "%d samples, %d nodes in %.2f s",
                table.id,
                table.version,
                seat,
                level,
                work.samples,
                work.nodes,
                took,
            )
        return command

    async def load(self, table_id: str) -> Table:
        table, _ = await self.load_for_move(table_id, None)
        return table

    async def load_shared(self, table_id: str, not_before: float) -> Table:
        """The table now, as `load` reads it, for followers woken at `not_before`
        (`time.monotonic`) or earlier: they share a read begun since then (single-flight), so
        that waiters woken together read the table once."""
        flight = self._flights.get(table_id)
        if flight is None or flight[0] < not_before:
            WAITER_READS.labels("table").inc()
            future = asyncio.ensure_future(self.load(table_id))
            flight = self._flights[table_id] = (time.monotonic(), future)
            future.add_done_callback(lambda done: self._landed(table_id, done))
        # One follower that leaves (its client went away) does not cancel the others' read.
        return await asyncio.shield(flight[1])

    def _landed(self, table_id: str, done: asyncio.Future[Table]) -> None:
        flight = self._flights.get(table_id)
        if flight is not None and flight[1] is done:
            del self._flights[table_id]
        if not done.cancelled():
            done.exception()  # retrieved: every follower that shared it has it raised

    async def load_for_move(self, table_id: str, move: ClientRequest | None) -> tuple[Table, bool]:
        """The table now, from its projection row: the committed table this process knows
        when the version matches, else the row's snapshot, else the fold of the log. With a
        move, also whether that move landed already (then the table at the version it led
        to, the answer it had), refused if it landed as another request."""
        known = self.cache.get(table_id)
        stamp = self.wakeup.stamp(f"t:{table_id}")  # heard on since before the read
        key = None if move is None else (move.player_id, move.key)
        row = await self.store.read(table_id, known.version if known else None, key)
        if row is None:
            raise NotFound(f"no table {table_id}")
        if move is not None and row.move_version is not None:
            idempotency.check(row.move_digest, move.digest, f"move_id {move.key!r}")
            if known is not None and known.version == row.move_version:
                return known, True
            return await self.fold(table_id, row.move_version), True
        if known is not None and known.version == row.version:
            self.cache.put(known, stamp)
            return known, False
        if row.snapshot is not None and row.snapshot_schema == SNAPSHOT_SCHEMA:
            table = from_snapshot(row.snapshot)
            if table is not None and table.version == row.version:
                self.cache.put(table, stamp)
                return table, False
        table = await self.fold(table_id)
        self.cache.put(table, stamp)
        return table, False

    async def fold(self, table_id: str, at_version: int | None = None) -> Table:
        stored = await self.store.load(table_id)
        if at_version is not None:
            stored = [e for e in stored if e.seq <= at_version]
        if not stored:
            raise NotFound(f"no table {table_id}")
        return fold(table_id, stored)


def seat_states(table: Table) -> list[SeatState]:
    if table.lobby is None:
        return []
    acting = set(table.to_act())
    return [
        SeatState(o.player_id, o.bot, seat in acting and o.player_id is not None)
        for seat, o in enumerate(table.lobby.seats)
    ]


def _given_a_turn(before: list[SeatState], after: list[SeatState]) -> list[str]:
    """The players who must act at a seat where they did not before: the only ones whose
    turns list can have grown (a waiting `turns` long-poll waits for it to grow)."""
    given = {
        new.player_id
        for old, new in zip(before, after, strict=True)
        if new.must_act and new.player_id and not (old.must_act and old.player_id == new.player_id)
    }
    return sorted(given)


def _must_act(before: list[SeatState], after: list[SeatState], table: Table) -> dict[str, bool]:
    """Every player seated before or after a commit, and whether that player must act at the
    table after it (as the turns query reads the seat rows: at a running table)."""
    acting = {seat.player_id: False for seat in (*before, *after) if seat.player_id}
    if table.status == "playing":
        for seat in after:
            if seat.must_act and seat.player_id:
                acting[seat.player_id] = True
    return acting


def _player_seats(table: Table) -> tuple[int, ...]:
    return () if table.lobby is None else table.lobby.seating.players


def _now() -> datetime:
    return datetime.now(UTC)
