"""Table use cases, one transaction each: load the log, decide, append, notify.

Every change to a table goes through `_run`: it folds the table's log, asks the rules what the
command causes, lets the environment act (the game starts when four seats are filled, the
server shuffles between deals, bots play their seats), appends everything at the version it
read, and wakes the long-polls. A lost race is retried on the new version, unless the client
named the version it expected.
"""

from __future__ import annotations

import asyncio
import base64
import random
import re
import time
import uuid
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import and_, or_, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.bots import BOT_LEVELS, make_bot
from app.bots.clock import clock_default
from app.db.models import GameTable, Player, Seat
from app.db.store import (
    Append,
    EventStore,
    NewEvent,
    NewTable,
    Projection,
    SeatChange,
    StoredEvent,
    VersionConflict,
)
from app.db.wakeup import Wakeup
from app.domain import kozel24
from app.domain.errors import DomainError, GameNotStarted, InvalidOption, NotSeated, SeatTaken
from app.domain.events import Event
from app.domain.kozel24.events import GameEnded, GameStarted
from app.domain.lobby import (
    Lobby,
    TableCreated,
    decide_bot,
    decide_leave,
    decide_sit,
    evolve_lobby,
)
from app.domain.seats import is_seat
from app.metrics import BOT_THINK, GAMES_FINISHED, GAMES_STARTED, VERSION_CONFLICTS
from app.services.errors import DealRunning, InvalidRequest, NotFound
from app.services.players import PlayerInfo
from app.services.table_cache import TableCache
from app.services.table_log import (
    SNAPSHOT_SCHEMA,
    VARIANTS,
    Table,
    encode,
    fold,
    from_snapshot,
    snapshot,
    visible_payload,
)

TABLE_ID = re.compile(r"^[0-9a-f-]{36}$")
MAX_ATTEMPTS = 8
MAX_AUTOMATIC_STEPS = 5000
"""A table of four bots plays its whole game in one transaction; this bounds it."""


@dataclass(frozen=True, slots=True)
class TableOptions:
    eggs: bool = True
    messages: bool = True
    move_clock_s: int | None = None
    first_dealer: int | None = None


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    player: PlayerInfo | None
    bot: str | None


@dataclass(frozen=True, slots=True)
class TableSummary:
    id: str
    variant: str
    status: str
    options: dict[str, Any]
    seats: tuple[SeatRow, ...]
    written: tuple[int, int]
    deal_no: int
    version: int
    created_at: datetime


@dataclass(frozen=True, slots=True)
class LogPage:
    items: list[tuple[StoredEvent, dict[str, Any]]]
    next_after_seq: int


Step = Callable[[Table], Sequence[Event]]


class Tables:
    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        store: EventStore,
        wakeup: Wakeup,
        recheck_interval_s: float = 1.0,
        chance: random.Random | None = None,
    ) -> None:
        """`chance` draws the shuffle seeds, the random first dealer and the random bots'
        choices; by default from the operating system. Tests pass a seeded one."""
        self._sessions = sessions
        self._store = store
        self._cache = TableCache()
        self._wakeup = wakeup
        self._recheck = recheck_interval_s
        self._chance = chance or random.SystemRandom()

    # Tables and seats

    async def create(
        self,
        creator: PlayerInfo,
        variant: str,
        options: TableOptions,
        seat: int | None,
        bots: dict[int, str],
        idempotency_key: str | None,
    ) -> Table:
        if variant not in VARIANTS:
            raise InvalidOption(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")
        for bot_seat, level in bots.items():
            if not is_seat(bot_seat) or level not in BOT_LEVELS:
                raise InvalidOption(f"cannot seat a {level!r} bot in seat {bot_seat}")
            if bot_seat == seat:
                raise SeatTaken(f"seat {seat} is the creator's; a bot cannot take it too")
        if options.first_dealer is not None and not is_seat(options.first_dealer):
            raise InvalidOption("first_dealer is a seat 0..3 or null")
        if seat is not None and not is_seat(seat):
            raise InvalidOption("seat is 0..3")
        if idempotency_key is not None:
            earlier = await self._store.table_of_request(creator.id, idempotency_key)
            if earlier is not None:
                return await self._load(earlier)
        table_id = str(uuid.uuid4())
        created = TableCreated(
            variant, options.eggs, options.messages, options.move_clock_s, options.first_dealer
        )
        # The table, its first event and the requested seats land together.
        lobby = evolve_lobby(None, created)
        seated: list[Event] = []
        if seat is not None:
            seated += decide_sit(lobby, seat, creator.id, creator.name)
        for bot_seat, level in sorted(bots.items()):
            seated += decide_bot(lobby, bot_seat, level)
        new = NewTable(
            variant,
            {
                "eggs": options.eggs,
                "messages": options.messages,
                "move_clock_s": options.move_clock_s,
                "first_dealer": options.first_dealer,
            },
            None if idempotency_key is None else (creator.id, idempotency_key),
        )
        try:
            return await self._write(Table(table_id), [created, *seated], new_table=new)
        except VersionConflict:
            if idempotency_key is None:
                raise
            # A concurrent twin of this request won: answer with its table.
            earlier = await self._store.table_of_request(creator.id, idempotency_key)
            if earlier is None:
                raise
            return await self._load(earlier)

    async def sit(self, table_id: str, seat: int, player: PlayerInfo) -> Table:
        return await self._run(
            table_id, lambda t: decide_sit(_lobby(t), seat, player.id, player.name)
        )

    async def seat_bot(self, table_id: str, seat: int, level: str, player: PlayerInfo) -> Table:
        if level not in BOT_LEVELS:
            raise InvalidOption(f"unknown bot level {level!r}; known: {', '.join(BOT_LEVELS)}")
        return await self._run(table_id, lambda t: decide_bot(_lobby(t), seat, level))

    async def leave(self, table_id: str, seat: int, player: PlayerInfo) -> Table:
        return await self._run(table_id, lambda t: decide_leave(_lobby(t), seat, player.id))

    # Playing

    async def act(
        self,
        table_id: str,
        player: PlayerInfo,
        command: Callable[[int], kozel24.Command],
        expected_version: int | None,
        move_id: str | None,
    ) -> tuple[Table, int]:
        """Apply the caller's command for its seat; returns the table and the caller's seat."""

        def step(table: Table) -> list[Event]:
            seat = seat_of(table, player.id)
            if table.game is None:
                raise GameNotStarted("the game starts when all four seats are filled")
            return list(kozel24.decide(table.game, command(seat)))

        table = await self._run(table_id, step, expected_version, move_id, player.id)
        return table, seat_of(table, player.id)

    # The move clock

    async def expire_due(self, limit: int = 50) -> int:
        """Play for the seats whose move clock ran out (at most `limit` tables); returns how
        many tables moved. Safe on several instances: the appends are versioned."""
        async with self._sessions() as session:
            due = (
                await session.scalars(
                    select(GameTable.id)
                    .where(GameTable.deadline_at <= _now(), GameTable.status == "playing")
                    .order_by(GameTable.deadline_at)
                    .limit(limit)
                )
            ).all()
        moved = 0
        for table_id in due:
            before = await self.summary(table_id)
            after = await self._run(table_id, self._play_for_late_seat)
            moved += after.version > before.version
        return moved

    def _play_for_late_seat(self, table: Table) -> list[Event]:
        """Every seat whose time ran out is played for now, one after the other."""
        now = _now()
        game = table.game
        events: list[Event] = []
        for seat, due in sorted(table.deadlines().items()):
            if game is None or due > now or seat not in kozel24.to_act(game):
                continue
            new = kozel24.decide(game, clock_default(kozel24.view_for(game, seat), self._chance))
            for event in new:
                game = kozel24.evolve(game, event)
            events += new
        return events

    # Reading

    async def get(self, table_id: str) -> Table:
        """The table as it is now."""
        return await self._load(table_id)

    async def wait_for_version(self, table_id: str, since: int, wait: float) -> Table:
        """The table once its version is past `since`, or as it is after `wait` seconds."""
        deadline = _clock() + wait
        with self._wakeup.watching([f"t:{table_id}"]) as waiter:
            while True:
                table = self._committed_past(table_id, since) or await self._load(table_id)
                remaining = deadline - _clock()
                if table.version > since or remaining <= 0 or self._wakeup.draining:
                    return table
                await waiter.wait(min(remaining, self._recheck))

    async def follow(
        self, table_id: str, since: int, heartbeat_s: float, max_s: float
    ) -> AsyncIterator[Table | None]:
        """Every committed version of the table past `since` as it comes (the stream): the
        table, or None after `heartbeat_s` without one. Ends with the game, when the process
        stops, or after `max_s` (the current version past `since` is sent first in any case).

        The registration lasts the whole stream, so after sending a version it waits for a
        wake-up (or the periodic re-check) instead of reading the database again."""
        deadline = _clock() + max_s
        quiet_since = _clock()
        with self._wakeup.watching([f"t:{table_id}"]) as waiter:
            table = await self._load(table_id)
            while True:
                if table.version > since:
                    since, quiet_since = table.version, _clock()
                    yield table
                    if table.status == "finished":
                        return
                elif _clock() - quiet_since >= heartbeat_s:
                    quiet_since = _clock()
                    yield None
                left = deadline - _clock()
                if left <= 0 or self._wakeup.draining:
                    return
                quiet_left = heartbeat_s - (_clock() - quiet_since)
                woken = await waiter.wait(max(0.0, min(self._recheck, left, quiet_left)))
                # Woken by a commit here: the committed table answers, if it is the newest
                # version announced. Woken by another instance, or by the periodic re-check:
                # read the database.
                known = self._committed_past(table_id, since)
                if woken and known is not None and known.version >= waiter.version:
                    table = known
                else:
                    table = await self._load(table_id)

    def _committed_past(self, table_id: str, since: int) -> Table | None:
        """A table this process committed past `since` (it answers a long-poll: see
        `table_cache`)."""
        table = self._cache.get(table_id)
        return table if table is not None and table.version > since else None

    async def summaries(
        self, status: str | None, limit: int, cursor: str | None
    ) -> tuple[list[TableSummary], str | None]:
        query = select(GameTable).order_by(GameTable.created_at.desc(), GameTable.id.desc())
        if status is not None:
            query = query.where(GameTable.status == status)
        if cursor is not None:
            created, table_id = _decode_cursor(cursor)
            query = query.where(
                or_(
                    GameTable.created_at < created,
                    and_(GameTable.created_at == created, GameTable.id < table_id),
                )
            )
        async with self._sessions() as session:
            rows = list((await session.scalars(query.limit(limit + 1))).all())
            page = rows[:limit]
            seats = await self._seat_rows(session, [row.id for row in page])
        items = [_summary(row, seats.get(row.id, ())) for row in page]
        next_cursor = _encode_cursor(page[-1]) if len(rows) > limit else None
        return items, next_cursor

    async def summary(self, table_id: str) -> TableSummary:
        async with self._sessions() as session:
            row = await session.get(GameTable, table_id)
            if row is None:
                raise NotFound(f"no table {table_id}")
            seats = await self._seat_rows(session, [table_id])
        return _summary(row, seats.get(table_id, ()))

    async def _seat_rows(
        self, session: AsyncSession, table_ids: list[str]
    ) -> dict[str, tuple[SeatRow, ...]]:
        if not table_ids:
            return {}
        rows = await session.execute(
            select(Seat, Player)
            .outerjoin(Player, Player.id == Seat.player_id)
            .where(Seat.table_id.in_(table_ids))
            .order_by(Seat.table_id, Seat.seat)
        )
        found: dict[str, list[SeatRow]] = {}
        for seat, player in rows:
            info = PlayerInfo(player.id, player.name) if player is not None else None
            found.setdefault(seat.table_id, []).append(SeatRow(seat.seat, info, seat.bot))
        return {key: tuple(value) for key, value in found.items()}

    async def log(
        self, table_id: str, viewer: PlayerInfo | None, after_seq: int, limit: int
    ) -> LogPage:
        table = await self._load(table_id)
        stored = await self._store.load(table_id, after_seq)
        seat = _seat_or_none(table, viewer)
        items: list[tuple[StoredEvent, dict[str, Any]]] = []
        last = after_seq
        for event in stored:
            if len(items) == limit:
                break
            last = event.seq
            payload = visible_payload(event, seat, table.finished_deals)
            if payload is not None:
                items.append((event, payload))
        return LogPage(items, last)

    async def deal_events(self, table_id: str, deal_no: int) -> list[StoredEvent]:
        """Every event of a finished deal, whole (hands, seed and all)."""
        table = await self._load(table_id)
        stored = await self._store.load(table_id)
        events = [e for e in stored if e.deal_no == deal_no]
        if not events or deal_no < 1:
            raise NotFound(f"no deal {deal_no} at table {table_id}")
        if deal_no not in table.finished_deals:
            raise DealRunning(f"deal {deal_no} is still running")
        return events

    async def turns(self, player: PlayerInfo, wait: float) -> list[tuple[str, int]]:
        deadline = _clock() + wait
        with self._wakeup.watching([f"p:{player.id}"]) as waiter:
            while True:
                found = await self._turns_now(player)
                remaining = deadline - _clock()
                if found or remaining <= 0 or self._wakeup.draining:
                    return found
                await waiter.wait(min(remaining, self._recheck))

    async def _turns_now(self, player: PlayerInfo) -> list[tuple[str, int]]:
        return await self._store.turns(player.id)

    # The one write path

    async def _run(
        self,
        table_id: str,
        step: Step,
        expected_version: int | None = None,
        move_id: str | None = None,
        player_id: str | None = None,
    ) -> Table:
        """Decide on the table and append at its version; a lost race is tried again on the
        new version, unless the client named the version it expected.

        The first try may decide on the table this process committed last (`table_cache`):
        the append's version guard makes that safe, and whatever that try concludes other
        than a landed append (a refusal, nothing to do, a lost race) is judged again on the
        table read from the database, with the move id checked first."""
        move = None if move_id is None or player_id is None else (player_id, move_id)
        table = self._cache.get(table_id)
        fresh = table is None or (
            expected_version is not None and table.version != expected_version
        )
        for _ in range(MAX_ATTEMPTS):
            if fresh or table is None:
                table, done = await self._load_for_move(table_id, move)
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
                return await self._write(table, events, move=move)
            except VersionConflict:
                VERSION_CONFLICTS.inc()
                fresh = True
        raise VersionConflict(None)

    async def _write(
        self,
        table: Table,
        events: Sequence[Event],
        move: tuple[str, str] | None = None,
        new_table: NewTable | None = None,
    ) -> Table:
        """Append `events` and what follows from them without a client (the game starts, the
        deck is shuffled, bots play) at the table's version; returns the committed table."""
        now = _now()
        read_version = table.version
        seats_before = _seat_states(table)
        table = table.fork()
        encoded: list[NewEvent] = []
        appended: list[Event] = []
        pending = list(events)
        for _ in range(MAX_AUTOMATIC_STEPS):
            if not pending:
                pending = await self._environment(table)
                if not pending:
                    break
            event = pending.pop(0)
            table.apply(event, table.version + 1, now)
            appended.append(event)
            encoded.append(encode(event, table.game.deal_no if table.game is not None else 0))
        game = table.game
        seats_after = _seat_states(table)
        players = {s.player_id for s in [*seats_before, *seats_after] if s.player_id}
        keys = [f"t:{table.id}", *(f"p:{player}" for player in sorted(players))]
        await self._store.append(
            Append(
                table.id,
                read_version,
                encoded,
                now,
                Projection(
                    status=table.status,
                    deal_no=game.deal_no if game is not None else 0,
                    written=game.written if game is not None else (0, 0),
                    snapshot=snapshot(table),
                    snapshot_schema=SNAPSHOT_SCHEMA,
                    deadline_at=min(table.deadlines().values(), default=None),
                ),
                seats=[
                    SeatChange(seat, new.player_id, new.bot, new.must_act)
                    for seat, (old, new) in enumerate(zip(seats_before, seats_after, strict=True))
                    if old != new
                ],
                move=move,
                notify=self._wakeup.notification(keys, table.version),
                new_table=new_table,
            )
        )
        # Committed (never for an attempt that lost its race): remember, wake, count.
        self._cache.put(table)
        self._wakeup.wake(keys, table.version)
        for event in appended:
            if isinstance(event, GameStarted):
                GAMES_STARTED.inc()
            elif isinstance(event, GameEnded):
                GAMES_FINISHED.inc()
        return table

    async def _environment(self, table: Table) -> list[Event]:
        """What happens without a client: the game starts, the deck is shuffled, bots play."""
        lobby, game = table.lobby, table.game
        assert lobby is not None
        if game is None:
            if not lobby.is_full:
                return []
            created = lobby.created
            first = created.first_dealer
            if first is None:
                first = self._chance.randrange(4)  # K-7: the server picks deal 1's dealer
            options = kozel24.Options(eggs=created.eggs, messages=created.messages)
            return [*kozel24.start_game(options, first)]
        if game.is_terminal:
            return []
        if kozel24.is_chance_node(game):
            return [*kozel24.decide(game, kozel24.ShuffleDeck(self._chance.randbytes(32)))]
        for seat in kozel24.to_act(game):
            level = lobby.seats[seat].bot
            if level is not None:
                bot = make_bot(level, self._chance)
                view = kozel24.view_for(game, seat)
                started = time.perf_counter()
                if level == "random":
                    command = bot.choose(view)
                else:  # a search must not stall the event loop for other requests
                    command = await asyncio.to_thread(bot.choose, view)
                BOT_THINK.labels(level).observe(time.perf_counter() - started)
                return [*kozel24.decide(game, command)]
        return []

    async def _load(self, table_id: str) -> Table:
        table, _ = await self._load_for_move(table_id, None)
        return table

    async def _load_for_move(
        self, table_id: str, move: tuple[str, str] | None
    ) -> tuple[Table, bool]:
        """The table now, from its projection row: the committed table this process knows
        when the version matches, else the row's snapshot, else the fold of the log. With a
        move, also whether that move landed already (then the table at the version it led
        to, the answer it had)."""
        known = self._cache.get(table_id)
        row = await self._store.read(table_id, known.version if known else None, move)
        if row is None:
            raise NotFound(f"no table {table_id}")
        if move is not None and row.move_version is not None:
            if known is not None and known.version == row.move_version:
                return known, True
            return await self._fold(table_id, row.move_version), True
        if known is not None and known.version == row.version:
            return known, False
        if row.snapshot is not None and row.snapshot_schema == SNAPSHOT_SCHEMA:
            table = from_snapshot(row.snapshot)
            if table.version == row.version:
                self._cache.put(table)
                return table, False
        table = await self._fold(table_id)
        self._cache.put(table)
        return table, False

    async def _fold(self, table_id: str, at_version: int | None = None) -> Table:
        stored = await self._store.load(table_id)
        if at_version is not None:
            stored = [e for e in stored if e.seq <= at_version]
        return fold(table_id, stored)


@dataclass(frozen=True, slots=True)
class SeatState:
    player_id: str | None
    bot: str | None
    must_act: bool


def _seat_states(table: Table) -> list[SeatState]:
    if table.lobby is None:
        return [SeatState(None, None, False)] * 4
    acting = set(kozel24.to_act(table.game)) if table.game is not None else set()
    return [
        SeatState(o.player_id, o.bot, seat in acting and o.player_id is not None)
        for seat, o in enumerate(table.lobby.seats)
    ]


def seat_of(table: Table, player_id: str) -> int:
    seat = table.lobby.seat_of(player_id) if table.lobby is not None else None
    if seat is None:
        raise NotSeated("you hold no seat at this table")
    return seat


def _seat_or_none(table: Table, viewer: PlayerInfo | None) -> int | None:
    if viewer is None or table.lobby is None:
        return None
    return table.lobby.seat_of(viewer.id)


def _lobby(table: Table) -> Lobby:
    if table.lobby is None:
        raise NotFound(f"no table {table.id}")
    return table.lobby


def _summary(row: GameTable, seats: tuple[SeatRow, ...]) -> TableSummary:
    return TableSummary(
        row.id,
        row.variant,
        row.status,
        dict(row.options),
        seats,
        (row.written_0, row.written_1),
        row.deal_no,
        row.version,
        row.created_at,
    )


def _encode_cursor(row: GameTable) -> str:
    raw = f"{row.created_at.isoformat()}|{row.id}"
    return base64.urlsafe_b64encode(raw.encode()).decode()


def _decode_cursor(cursor: str) -> tuple[datetime, str]:
    try:
        created, table_id = base64.urlsafe_b64decode(cursor.encode()).decode().split("|")
        if not TABLE_ID.match(table_id):
            raise ValueError(table_id)
        return datetime.fromisoformat(created), table_id
    except (ValueError, UnicodeDecodeError):
        raise InvalidRequest("not a cursor from this service") from None


def _now() -> datetime:
    return datetime.now(UTC)


def _clock() -> float:
    return time.monotonic()
