"""The turns book (`app.services.turns_book`): it knows a player's tables where the player must
act only while every change that could touch them went through it, and it never claims that a
player has no turn while the database holds one, on one instance or on two."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from app.config import Settings
from app.db.wakeup import Wakeup
from app.metrics import REGISTRY
from app.services.turns_book import TurnsBook
from tests.api.conftest import UNLIMITED, Api, Client, running
from tests.api.play import human_table, step

pytestmark = pytest.mark.anyio


def listening() -> Wakeup:
    wakeup = Wakeup()
    wakeup.listening = True  # as on SQLite: this process hears every commit
    return wakeup


def learnt(book: TurnsBook, wakeup: Wakeup, player: str, tables: list[str]) -> None:
    book.learn(player, tables, book.mark(), wakeup.stamp())


def test_a_player_without_a_turn_is_known_only_once_learnt() -> None:
    wakeup = listening()
    book = TurnsBook(wakeup)
    assert not book.no_turns("p")
    learnt(book, wakeup, "p", [])
    assert book.no_turns("p")
    learnt(book, wakeup, "q", ["t"])
    assert not book.no_turns("q")


def test_own_commits_keep_an_entry_exactly() -> None:
    wakeup = listening()
    book = TurnsBook(wakeup)
    learnt(book, wakeup, "p", [])
    learnt(book, wakeup, "q", ["t"])
    book.committed("t", {"p": True, "q": False}, book.mark())  # q moved: p's turn
    assert not book.no_turns("p")
    assert book.no_turns("q")
    book.committed("u", {"p": False}, book.mark())  # another table of p: still t
    assert not book.no_turns("p")
    book.committed("t", {"p": False, "q": False}, book.mark())
    assert book.no_turns("p")
    assert book.no_turns("q")


def test_a_query_that_overlapped_a_commit_of_the_player_is_not_kept() -> None:
    wakeup = listening()
    book = TurnsBook(wakeup)
    since = book.mark()  # the query begins
    book.committed("t", {"p": True}, book.mark())  # a commit lands while it runs
    book.learn("p", [], since, wakeup.stamp())  # the answer may be from before the commit
    assert not book.no_turns("p")


def test_a_query_that_overlapped_a_heard_commit_naming_the_player_is_not_kept() -> None:
    wakeup = listening()
    book = TurnsBook(wakeup)
    since = book.mark()
    wakeup.heard(["t:t", "p:q"], 8)  # another instance moved table t, giving q a turn
    book.learn("q", [], since, wakeup.stamp())  # the answer may be from before that
    book.learn("r", [], since, wakeup.stamp())  # r's turns are not that commit's business
    assert not book.no_turns("q")
    assert book.no_turns("r")


def test_a_heard_commit_forgets_the_players_it_gave_a_turn() -> None:
    wakeup = listening()
    book = TurnsBook(wakeup)
    learnt(book, wakeup, "p", ["t"])
    learnt(book, wakeup, "q", [])
    learnt(book, wakeup, "r", [])
    wakeup.heard(["t:t", "p:q"], 9)
    wakeup.heard(["r:0123"], 0)  # a revoked token: no table's commit
    assert not book.no_turns("q")
    assert book.no_turns("r")
    # p may have lost its turn at t to that commit: its entry still holds t, which is never
    # answered (only an empty entry is); this instance's next commit of t settles it
    assert not book.no_turns("p")
    book.committed("t", {"p": False, "q": True, "r": False}, book.mark())
    assert book.no_turns("p")
    assert not book.no_turns("q")  # forgotten, not made known again by a later commit


def test_an_own_commit_overtaken_by_another_drops_what_it_touches() -> None:
    wakeup = listening()
    book = TurnsBook(wakeup)
    learnt(book, wakeup, "p", ["t"])
    since = book.mark()  # this instance appends version 5 of table t (p moves) ...
    wakeup.heard(["t:t", "p:q"], 6)  # ... and hears of version 6 before 5 is applied
    book.committed("t", {"p": False, "q": False}, since)  # 6 may have given p a turn again
    assert not book.no_turns("p")
    book.committed("u", {"p": False}, book.mark())
    assert not book.no_turns("p")  # forgotten, not guessed


def test_an_own_commit_applied_after_a_later_own_commit_drops_too() -> None:
    wakeup = listening()
    book = TurnsBook(wakeup)
    learnt(book, wakeup, "p", ["t"])
    first = book.mark()  # version 5 is appended: p moves
    book.committed("t", {"p": True}, book.mark())  # 6 (decided on 5) is applied first: p again
    book.committed("t", {"p": False}, first)  # then 5: it must not take p's turn of 6
    assert not book.no_turns("p")


def test_a_new_listening_connection_voids_every_entry() -> None:
    wakeup = listening()
    book = TurnsBook(wakeup)
    learnt(book, wakeup, "p", [])
    wakeup.epoch += 1  # the listener reconnected: commits may have been missed
    assert not book.no_turns("p")
    stamp = wakeup.stamp()
    since = book.mark()
    wakeup.listening = False  # lost while the query ran
    book.learn("q", [], since, stamp)
    wakeup.listening = True
    assert not book.no_turns("q")


def test_changes_beyond_the_history_make_a_query_doubtful() -> None:
    wakeup = listening()
    book = TurnsBook(wakeup, history=2)
    since = book.mark()
    for table in ("a", "b", "c"):
        book.committed(table, {"other": True}, book.mark())
    book.learn("p", [], since, wakeup.stamp())  # one change it cannot judge any more
    assert not book.no_turns("p")


def test_the_least_recently_asked_players_are_forgotten() -> None:
    wakeup = listening()
    book = TurnsBook(wakeup, players=2)
    learnt(book, wakeup, "p", [])
    learnt(book, wakeup, "q", [])
    assert book.no_turns("p")  # asked: q is now the oldest
    learnt(book, wakeup, "r", [])
    assert book.no_turns("p")
    assert book.no_turns("r")
    assert not book.no_turns("q")


def _begun(source: str) -> float:
    found = REGISTRY.get_sample_value("kozel_turns_polls_begun_total", {"source": source})
    return found or 0.0


async def _book_agrees_with_the_database(api: Api, players: list[Client]) -> int:
    """Every player the book knows to have no turn has none in the database; how many."""
    assert api.app is not None
    writer = api.app.state.services.tables._writer
    known = 0
    for player in players:
        if writer.turns_book.no_turns(player.id):
            known += 1
            assert await writer.store.turns(player.id) == [], "the book lost a turn"
    return known


@pytest.mark.parametrize("variant", ["kozel24", "sixty_six", "kozel32"])
async def test_the_book_never_hides_a_turn_in_a_whole_game(api: Api, variant: str) -> None:
    table_id, players = await human_table(api, variant)
    rng = random.Random(variant)
    known = 0
    for _ in range(60):
        for player in players:  # each asks once (the book learns), as a bot does
            assert (await player.get("/v1/players/me/turns", wait="0.01")).status_code == 200
        if await step(table_id, players, rng) is None:
            break
        # Right after the commit, before anyone asks again: a poll that waits in vain reads
        # the database at its end, and would mend a wrong entry.
        known += await _book_agrees_with_the_database(api, players)
    assert known > 0, "the book never knew a player without a turn"


async def test_a_mover_waits_for_its_next_turn_without_a_query(api: Api) -> None:
    table_id, players = await human_table(api, "sixty_six")
    rng = random.Random(5)
    for _ in range(4):
        view = (await players[0].get(f"/v1/tables/{table_id}/state")).json()
        (mover,) = view["to_act"]
        other = players[1 - mover]
        assert (await other.get("/v1/players/me/turns")).json() == []  # learnt: none
        before = _begun("book")
        waiting = asyncio.create_task(other.get("/v1/players/me/turns", wait="10"))
        await api.gauge_reaches("kozel_open_long_polls", 1)
        assert _begun("book") == before + 1
        while not waiting.done():  # until the other seat must act
            assert await step(table_id, players, rng) is not None
            await asyncio.sleep(0.05)
        answered = (await waiting).json()
        assert answered == (await other.get("/v1/players/me/turns")).json() != []


async def test_two_instances_never_hide_a_turn(database_url: str) -> None:
    """Moves go through either instance; each one's book, once it has heard every commit,
    never claims no turn for a player the database gives one."""
    if not database_url.startswith("postgresql"):
        pytest.skip("two instances share a database on PostgreSQL (they hear each other)")
    settings = Settings(database_url=database_url, stream_max_s=0, **UNLIMITED)
    async with running(settings) as first, running(settings) as second:
        table_id, on_first = await human_table(first, "sixty_six")
        on_second = [Client(second.http, p.token, p.id) for p in on_first]
        rng = random.Random(9)
        known = 0
        for n in range(120):
            via = on_first if n % 3 else on_second
            moved = await step(table_id, via, rng)
            if moved is None:
                break
            for instance, clients in ((first, on_first), (second, on_second)):
                await _heard(instance, table_id, moved["view"]["version"])
                known += await _book_agrees_with_the_database(instance, clients)
                for client in clients:
                    assert (await client.get("/v1/players/me/turns", wait="0.01")).status_code
        assert known > 0


async def _heard(api: Api, table_id: str, version: int) -> None:
    """Until the instance has heard of the table's version (it made it or was told)."""
    assert api.app is not None
    cache = api.app.state.services.tables._writer.cache
    deadline = time.monotonic() + 5
    while cache._heard.get(table_id, -1) < version:
        assert time.monotonic() < deadline, "a wake-up never came"
        await asyncio.sleep(0.01)
