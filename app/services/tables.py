"""Table use cases, one transaction each: load the log, decide, append, notify.

The facade the API calls. Each concept has its module: the write path and loading
(`writer`), tables and seats (`seating`), a seat's actions (`playing`), the move clock
(`move_clock`), and reading (`reading`). None of them names a game: a table's variant names
its game in the domain's registry, and the game is reached through its interface.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Mapping
from datetime import datetime

from app.db.store import EventStore, TableSummary
from app.db.wakeup import Wakeup
from app.domain.game import DealRecord
from app.services import move_clock, playing, rematch, replaying, seating
from app.services.players import PlayerInfo
from app.services.playing import CommandOf, seat_of
from app.services.reading import Reader
from app.services.rematch import RematchAnswer
from app.services.replaying import Replay
from app.services.seating import NewTableRequest
from app.services.table_cache import TableCache
from app.services.table_log import LogPage, Table
from app.services.turns_book import TurnsBook
from app.services.waits import WaitBudget
from app.services.writer import Writer

__all__ = ["LogPage", "NewTableRequest", "Tables", "seat_of"]


class Tables:
    def __init__(
        self,
        store: EventStore,
        wakeup: Wakeup,
        chance: random.Random | None = None,
        max_long_polls: int = 500,
    ) -> None:
        """`chance` draws the shuffle seeds, the random first dealer and the moves a clock
        makes for a seat; by default from the operating system. Tests pass a seeded one.
        (A server bot's generator is seeded by its table, version and seat.)
        `max_long_polls`: how many `wait_for_version` and `turns` may wait at once."""
        chance = chance or random.SystemRandom()
        self._writer = Writer(store, wakeup, chance, TableCache(), TurnsBook(wakeup))
        self._reader = Reader(self._writer, max_long_polls)
        self._replays = replaying.Replays(self._writer)

    # Tables and seats

    async def create(
        self,
        creator: PlayerInfo,
        asked: NewTableRequest,
        idempotency_key: str | None,
        address: str | None = None,
    ) -> Table:
        return await seating.create(self._writer, creator, asked, idempotency_key, address)

    async def sit(
        self, table_id: str, seat: int, player: PlayerInfo, address: str | None = None
    ) -> Table:
        """`address`: the client's, for a rated table (`seating.sit`)."""
        return await seating.sit(self._writer, table_id, seat, player, address)

    async def seat_bot(self, table_id: str, seat: int, level: str, player: PlayerInfo) -> Table:
        return await seating.seat_bot(self._writer, table_id, seat, level)

    async def leave(self, table_id: str, seat: int, player: PlayerInfo) -> Table:
        return await seating.leave(self._writer, table_id, seat, player)

    async def rematch(self, table_id: str, player: PlayerInfo) -> RematchAnswer:
        return await rematch.ask(self._writer, table_id, player)

    # Playing

    async def act(
        self,
        table_id: str,
        player: PlayerInfo,
        command: CommandOf,
        expected_version: int | None,
        move: tuple[str, str] | None,
    ) -> tuple[Table, int]:
        return await playing.act(self._writer, table_id, player, command, expected_version, move)

    async def open_seated(
        self,
        table_id: str,
        asked: NewTableRequest,
        players: Mapping[int, PlayerInfo],
        bots: Mapping[int, str],
    ) -> Table:
        return await seating.open_seated(self._writer, table_id, asked, players, bots)

    async def expire_due(
        self, limit: int = 50, lapsed: move_clock.Lapsed | None = None
    ) -> datetime | None:
        return await move_clock.expire_due(self._writer, limit, lapsed)

    # Reading

    async def get(self, table_id: str) -> Table:
        """The table as it is now."""
        return await self._writer.load(table_id)

    async def wait_for_version(self, table_id: str, since: int, wait: float) -> Table:
        return await self._reader.wait_for_version(table_id, since, wait)

    def follow(
        self, table_id: str, since: int, heartbeat_s: float, max_s: float
    ) -> AsyncIterator[Table | None]:
        return self._reader.follow(table_id, since, heartbeat_s, max_s)

    async def turns(self, player: PlayerInfo, wait: float) -> list[tuple[str, int]]:
        return await self._reader.turns(player, wait)

    @property
    def waits(self) -> WaitBudget:
        """The long-polls this instance lets wait at once (seeks wait within it too)."""
        return self._reader.waits

    @property
    def long_polls_waiting(self) -> int:
        """The long-polls (state and turns) of this instance that hold a place to wait."""
        return self._reader.long_polls_waiting

    async def log(
        self, table_id: str, viewer: PlayerInfo | None, after_seq: int, limit: int
    ) -> LogPage:
        return await self._reader.log(table_id, viewer, after_seq, limit)

    async def deal_record(self, table_id: str, deal_no: int) -> tuple[Table, DealRecord]:
        return await self._reader.deal_record(table_id, deal_no)

    async def replay(self, table_id: str, version: int) -> Replay:
        return await self._replays.replay(table_id, version)

    async def summaries(
        self, status: str | None, limit: int, cursor: str | None
    ) -> tuple[list[TableSummary], str | None]:
        return await self._reader.summaries(status, limit, cursor)

    async def summary(self, table_id: str) -> TableSummary:
        return await self._reader.summary(table_id)
