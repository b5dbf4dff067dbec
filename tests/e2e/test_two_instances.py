"""Two uvicorn processes over one PostgreSQL database: whole games with clients spread over
both, long-poll and stream wake-ups across instances, racing moves, retried move ids.

The instances re-check the database only every 30 s here, so every wake-up across instances
that these tests wait for must come through LISTEN/NOTIFY."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import pytest

from tests.databases import PostgresDatabase
from tests.e2e.clients import play_table, register
from tests.e2e.server import Server

pytestmark = pytest.mark.anyio


@pytest.fixture
def pair(postgres: PostgresDatabase | None, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    if postgres is None:
        pytest.skip("PostgreSQL is not reachable (it is required under CI)")
    postgres.empty()
    only_notify = {"KOZEL_RECHECK_INTERVAL_S": "30"}
    first = Server(postgres.url, tmp_path / "a.log", only_notify).start()
    second = Server(postgres.url, tmp_path / "b.log", only_notify).start()
    yield first, second
    first.stop()
    second.stop()


async def _seated_table(
    a: httpx.AsyncClient, b: httpx.AsyncClient
) -> tuple[str, list[dict[str, str]]]:
    """Four players (two per instance) at a new table; returns the table and their auth."""
    clients = [a, b, a, b]
    auths = [await register(c, f"p{n}") for n, c in enumerate(clients)]
    created = await a.post(
        "/v1/tables",
        json={"seat": 0, "options": {"first_dealer": 0}},
        headers={"Authorization": auths[0]["Authorization"]},
    )
    table_id: str = created.json()["id"]
    for seat in (1, 2, 3):
        await clients[seat].put(
            f"/v1/tables/{table_id}/seats/{seat}",
            headers={"Authorization": auths[seat]["Authorization"]},
        )
    return table_id, auths


@asynccontextmanager
async def _at_a_table(
    pair: tuple[Server, Server],
) -> AsyncIterator[tuple[httpx.AsyncClient, httpx.AsyncClient, str, list[dict[str, str]]]]:
    """A client on each instance, and a new table seated from both (`_seated_table`)."""
    first, second = pair
    async with (
        httpx.AsyncClient(base_url=first.url, timeout=30) as a,
        httpx.AsyncClient(base_url=second.url, timeout=30) as b,
    ):
        table_id, auths = await _seated_table(a, b)
        yield a, b, table_id, auths


async def test_whole_games_with_clients_on_both_instances(pair: tuple[Server, Server]) -> None:
    first, second = pair
    finals = await play_table([first.url, second.url], seed=11)
    assert all(view["result"] == finals[0]["result"] for view in finals)
    assert "goats" in finals[0]["result"]["titles"]


async def test_a_long_poll_wakes_when_the_other_instance_moves(pair: tuple[Server, Server]) -> None:
    async with _at_a_table(pair) as (a, b, table_id, auths):
        path = f"/v1/tables/{table_id}/state"
        view = (await a.get(path, headers={"Authorization": auths[0]["Authorization"]})).json()
        (cutter,) = view["to_act"]
        cutter_client = [a, b, a, b][cutter]
        watcher = a if cutter_client is b else b
        for _ in range(3):
            version = view["version"]
            poll = asyncio.create_task(
                watcher.get(path, params={"since_version": version, "wait": 10})
            )
            await asyncio.sleep(0.5)
            assert not poll.done()
            moved_at = time.monotonic()
            mover = next(n for n in range(4) if view["to_act"] and n == view["to_act"][0])
            client = [a, b, a, b][mover]
            mine = (
                await client.get(path, headers={"Authorization": auths[mover]["Authorization"]})
            ).json()
            action = mine["legal_actions"][0]
            posted = await client.post(
                f"/v1/tables/{table_id}/{action['endpoint']}",
                json=action["body"],
                headers={"Authorization": auths[mover]["Authorization"]},
            )
            assert posted.status_code == 200
            answer = await asyncio.wait_for(poll, 5)
            assert answer.status_code == 200
            assert time.monotonic() - moved_at < 1.0, "the wake-up took a second or more"
            view = answer.json()
            if view["phase"] != "play":
                break


async def test_a_turns_poll_wakes_when_the_other_instance_gives_the_turn(
    pair: tuple[Server, Server],
) -> None:
    """The wake-up comes through NOTIFY and names the table and version: the woken poll
    answers from it (`kozel_turns_answered_total{source="wake-up"}`), as the database would."""
    async with _at_a_table(pair) as (a, b, table_id, auths):
        clients = [a, b, a, b]
        heads = [{"Authorization": auth["Authorization"]} for auth in auths]
        path = f"/v1/tables/{table_id}/state"
        to_act = (await a.get(path, headers=heads[0])).json()["to_act"]
        poller = (to_act[0] + 1) % 4  # on the other instance than the mover
        before = _sample(await clients[poller].get("/metrics"), "wake-up")
        poll = asyncio.create_task(
            clients[poller].get("/v1/players/me/turns", params={"wait": 20}, headers=heads[poller])
        )
        await asyncio.sleep(0.5)
        assert not poll.done()
        for _ in range(20):  # until the poller must act
            to_act = (await a.get(path, headers=heads[0])).json()["to_act"]
            if poller in to_act:
                break
            mover = to_act[0]
            mine = (await clients[mover].get(path, headers=heads[mover])).json()
            action = mine["legal_actions"][0]
            posted = await clients[mover].post(
                f"/v1/tables/{table_id}/{action['endpoint']}",
                json=action["body"],
                headers=heads[mover],
            )
            assert posted.status_code == 200
        answer = (await asyncio.wait_for(poll, 5)).json()
        asked = await clients[poller].get("/v1/players/me/turns", headers=heads[poller])
        assert answer == asked.json() != []
        assert _sample(await clients[poller].get("/metrics"), "wake-up") == before + 1


def _sample(metrics: httpx.Response, source: str) -> float:
    name = f'kozel_turns_answered_total{{source="{source}"}} '
    found = [line for line in metrics.text.splitlines() if line.startswith(name)]
    return float(found[0].split()[1]) if found else 0.0


async def test_a_stream_wakes_when_the_other_instance_moves(pair: tuple[Server, Server]) -> None:
    async with (
        _at_a_table(pair) as (a, b, table_id, auths),
        b.stream("GET", f"/v1/tables/{table_id}/stream") as stream,
    ):
        lines = stream.aiter_lines()

        async def next_version() -> int:
            async for line in lines:
                if line.startswith("id: "):
                    return int(line[4:])
            raise AssertionError("the stream ended")

        version = await next_version()
        for _ in range(6):  # every move is made on instance A, watched on B
            views = [
                (await a.get(f"/v1/tables/{table_id}/state", headers=auths[n])).json()
                for n in range(4)
            ]
            mover = next(v for v in views if v["legal_actions"])
            action = mover["legal_actions"][0]
            posted = await a.post(
                f"/v1/tables/{table_id}/{action['endpoint']}",
                json=action["body"],
                headers=auths[mover["my_seat"]],
            )
            assert posted.status_code == 200
            moved_at = time.monotonic()
            seen = await asyncio.wait_for(next_version(), 5)
            assert time.monotonic() - moved_at < 1.0, "the wake-up took a second or more"
            assert seen > version
            version = seen


async def test_racing_moves_and_retried_move_ids(pair: tuple[Server, Server]) -> None:
    async with _at_a_table(pair) as (a, b, table_id, auths):
        path = f"/v1/tables/{table_id}/state"
        winners = 0
        for round_no in range(20):
            public = (await a.get(path)).json()
            if public["status"] != "playing":
                break
            # The seat with something to do (in the decision phase only it can tell).
            mine = []
            for auth in auths:
                headers = {"Authorization": auth["Authorization"]}
                view = (await a.get(path, headers=headers)).json()
                if view["legal_actions"]:
                    mine.append((headers, view))
            headers, view = mine[0]
            action = view["legal_actions"][0]
            url = f"/v1/tables/{table_id}/{action['endpoint']}"
            version = view["version"]
            if round_no % 2 == 0:
                # The same version, two different moves ids, one to each instance.
                bodies = [
                    {**action["body"], "expected_version": version, "move_id": f"r{round_no}-{n}"}
                    for n in range(2)
                ]
                answers = await asyncio.gather(
                    a.post(url, json=bodies[0], headers=headers),
                    b.post(url, json=bodies[1], headers=headers),
                )
                codes = sorted(r.status_code for r in answers)
                assert codes == [200, 409], [r.text for r in answers]
                loser = next(r for r in answers if r.status_code == 409).json()
                assert loser["code"] == "version_conflict"
                winners += 1
            else:
                # One move id sent to both instances at once: one move, the same answer.
                body = {**action["body"], "move_id": f"retry-{round_no}"}
                answers = await asyncio.gather(
                    a.post(url, json=body, headers=headers),
                    b.post(url, json=body, headers=headers),
                )
                assert [r.status_code for r in answers] == [200, 200]
                assert answers[0].json() == answers[1].json()
            after = (await a.get(path)).json()
            assert after["version"] > version
        assert winners >= 5
        log = (await a.get(f"/v1/tables/{table_id}/events", params={"limit": 500})).json()
        seqs = [e["seq"] for e in log["items"]]
        assert seqs == sorted(set(seqs))
        # Each round appended exactly one move (plus what it caused): no card twice in a deal.
        played = [
            (e["deal_no"], e["data"]["card"]) for e in log["items"] if e["type"] == "card_played"
        ]
        assert len(played) == len(set(played))
        types = [e["type"] for e in log["items"]]
        assert (
            types.count("deck_shuffled") - 1
            <= types.count("deck_cut")
            <= types.count("deck_shuffled")
        )
