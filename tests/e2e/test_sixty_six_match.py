"""Sixty-six end to end (issue 14): a two-seat table on a real server played to the match's
7 game points (S66-26) by two HTTP clients, one following its stream (reconnecting with
`Last-Event-ID` on the way) and one long-polling; then every deal's record is read and
checked as an outsider would: the seed against its commitment, the deck from the seed and
the cut (the algorithm of docs/rules), the hands and the stock in the order S66-7 deals
them, and every card drawn from the stock in that order."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.domain.chance import commitment
from app.domain.registry import GAMES
from tests.e2e.clients import play_seat, register
from tests.e2e.server import Server
from tests.e2e.test_stream import follow

pytestmark = pytest.mark.anyio

GAME = GAMES["sixty_six"]


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> Iterator[Server]:
    running = Server(database_url, tmp_path / "server.log", {"KOZEL_STREAM_HEARTBEAT_S": "0.3"})
    running.start()
    yield running
    running.stop()


@pytest.mark.parametrize("other", ["a long-polling client", "a heuristic bot"])
async def test_a_match_to_seven_by_stream_and_long_poll_and_its_deal_records(
    server: Server, other: str
) -> None:
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        auths = [await register(http, f"s66-{n}") for n in range(2)]
        body: dict[str, Any] = {"variant": "sixty_six", "seats": 2, "seat": 0}
        if other.endswith("bot"):
            body["bots"] = {"1": "heuristic"}
        created = await http.post("/v1/tables", json=body, headers=auths[0])
        assert created.status_code == 201, created.text
        table_id = created.json()["id"]
        players = [follow(http, table_id, auths[0], random.Random(1))]
        if not other.endswith("bot"):
            await http.put(f"/v1/tables/{table_id}/seats/1", headers=auths[1])
            players.append(play_seat(http, table_id, auths[1], random.Random(2)))
        streamed, *polled = await asyncio.wait_for(asyncio.gather(*players), 180)
        final = (await http.get(f"/v1/tables/{table_id}/state")).json()
        records = [
            (await http.get(f"/v1/tables/{table_id}/deals/{n}")).json()
            for n in range(1, final["deal_no"] + 1)
        ]
    assert streamed == sorted(set(streamed))
    assert streamed[-1] == final["version"]
    assert [view["version"] for view in polled] == [final["version"]] * len(polled)
    assert final["status"] == "finished"
    assert max(final["scores"]) >= 7  # S66-26: the match is won at 7 game points
    assert final["result"]["winner"] == final["scores"].index(max(final["scores"]))
    won = [0, 0]
    for record in records:
        check_the_record(record)
        outcome = record["outcome"]
        if outcome["winner"] is not None:
            won[outcome["winner"]] += outcome["game_points"]
    assert won == final["scores"]  # the deal records add up to the match


def check_the_record(record: dict[str, Any]) -> None:
    seed = bytes.fromhex(record["seed"])
    assert commitment(seed) == record["commitment"]
    options = GAME.parse_options({}, 2)
    deck = [str(card) for card in GAME.deck_after_cut(options, seed, record["cut"])]
    assert record["deck"] == deck
    if record["cut"] is None:
        return  # resigned before the cut: nothing was dealt
    dealer = record["dealer"]
    forehand = 1 - dealer
    hands = record["hands"]
    # S66-7: forehand d[0..2] and d[6..8], dealer d[3..5] and d[9..11], the trump card d[12]
    assert sorted(hands[forehand]) == sorted(deck[0:3] + deck[6:9])
    assert sorted(hands[dealer]) == sorted(deck[3:6] + deck[9:12])
    extras = record["game"]
    assert extras["trump_card"] == deck[12]
    # S66-11: the stock is drawn d[13], d[14], … and the face-up trump card last (after an
    # exchange, the exchange card lies there in its place, S66-14)
    last = extras["exchanges"][-1]["exchange_card"] if extras["exchanges"] else deck[12]
    stock = [*deck[13:], last]
    drawn = [draw["card"] for draw in extras["draws"]]
    assert drawn == stock[: len(drawn)]
