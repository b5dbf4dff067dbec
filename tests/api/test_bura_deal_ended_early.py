"""B-14: a deal of Bura that ends early, on a bura (B-16) or a declaration (B-20), reveals only
the piles and the bura hands. Its other hands, its stock and the face-down cards on the table
stay hidden until the game is over: its record is withheld (403 `deal_hidden`, with the rule
and the deal's commitment), its events stay as each viewer saw them while it ran, and no view
shows them. Once the game is over, everything is shown. With 2, 3 and 4 players."""

from __future__ import annotations

import hashlib
import itertools
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from app.domain.bura import GAME
from app.domain.bura.events import BuraShown
from app.domain.bura.state import GameState
from app.domain.commands import ShuffleDeck
from app.domain.events import Event
from app.services.table_log import Table, decode
from tests.api.conftest import Api, Client, assert_problem
from tests.api.play import human_table
from tests.conformance.simulate import cards_in

pytestmark = pytest.mark.anyio
CARD = re.compile(r"^(A|K|Q|J|10|9|8|7|6)[CSHD]$")


class Seeds(random.Random):
    """The server's chance, with the shuffle seeds given first."""

    def __init__(self, *seeds: bytes) -> None:
        super().__init__(7)
        self.seeds = list(seeds)

    def randbytes(self, n: int) -> bytes:
        return self.seeds.pop(0) if self.seeds else super().randbytes(n)


def seed_of_deal_1(seats: int, bura: bool) -> bytes:
    """A seed whose deal 1 (seat 0 deals) gives someone a bura at once (B-16), or gives
    nobody one."""
    state: Any = None
    for event in GAME.start_game(GAME.parse_options({}, seats), seats, 0):
        state = GAME.evolve(state, event)
    for n in itertools.count():
        seed = n.to_bytes(32, "big")
        events = GAME.decide(state, ShuffleDeck(seed))
        if any(isinstance(e, BuraShown) for e in events) == bura:
            return seed
    raise AssertionError("unreachable")


def codes(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(*map(codes, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(codes, value)) if value else set()
    return set()


async def bura_table(api: Api, seats: int, seed: bytes) -> tuple[str, list[Client]]:
    writer = api.app.state.services.tables._writer  # type: ignore[union-attr]
    writer.chance = Seeds(seed)
    return await human_table(api, "bura", seats, first_dealer=0)


async def deal_1_at_its_end(api: Api, table_id: str) -> tuple[GameState, list[Event]]:
    """The game's state as deal 1 ended, and the deal's events, from the server's log."""
    store = api.app.state.services.tables._writer.store  # type: ignore[union-attr]
    table, events = Table(table_id), []
    for stored in await store.load(table_id):
        event = decode(stored, table.variant if table.lobby is not None else None)
        table.apply(event, stored.seq, stored.at)
        if stored.deal_no == 1:
            events.append(event)
        if 1 in table.finished_deals:
            assert isinstance(table.state, GameState)
            return table.state, events
    raise AssertionError("deal 1 has not ended")


def withheld(state: GameState, viewer: int | None) -> set[str]:
    """B-14: what the early end of the deal keeps from `viewer`: the other hands but a bura,
    the stock under the face-up trump card (B-7), the others' face-down cards on the table."""
    deal = state.deal
    assert deal is not None
    board, buras = deal.board, {shown.seat for shown in deal.buras}
    hidden = {
        card
        for seat, hand in enumerate(board.hands)
        if seat != viewer and seat not in buras
        for card in hand
    }
    hidden |= set(board.stock) - {deal.trump_card}
    hidden |= {
        card
        for play in board.trick.plays
        if not play.face_up and play.seat != viewer
        for card in play.cards
    }
    return {str(card) for card in hidden}


async def act(client: Client, table_id: str, chosen: Callable[[dict[str, Any]], bool]) -> None:
    view = (await client.get(f"/v1/tables/{table_id}/state")).json()
    body = next(a["body"] for a in view["legal_actions"] if chosen(a["body"]))
    response = await client.post(f"/v1/tables/{table_id}/moves", body)
    assert response.status_code == 200, response.text


def single(kind: str) -> Callable[[dict[str, Any]], bool]:
    return lambda body: body["type"] == kind and len(body["cards"]) == 1


def declare(body: dict[str, Any]) -> bool:
    return bool(body["type"] == "declare")


async def end_deal_1_by_a_declaration(table_id: str, players: list[Client]) -> None:
    """Seat 1 leads one card (B-8: the player after the dealer); with 3 or 4 players seat 2
    passes one face down (B-10); the next seat declares without 61 (B-20): the trick stays
    unfinished on the table."""
    seats = len(players)
    await act(players[1], table_id, single("lead"))
    if seats > 2:
        await act(players[2], table_id, single("discard"))
    await act(players[3 % seats if seats > 2 else 0], table_id, declare)


async def play_to_the_end_by_declarations(table_id: str, players: list[Client]) -> None:
    """Whoever must act declares without 61 (+6, B-20) until someone reaches 12 (B-21)."""
    for _ in range(20):
        view = (await players[0].get(f"/v1/tables/{table_id}/state")).json()
        if view["status"] == "finished":
            return
        (seat,) = view["to_act"]
        await act(players[seat], table_id, declare)
    raise AssertionError("the game did not end")


async def check_hidden(api: Api, table_id: str, players: list[Client], state: GameState) -> None:
    viewers: list[tuple[int | None, Client]] = [*enumerate(players), (None, api.anonymous)]
    for viewer, client in viewers:
        secret = withheld(state, viewer)
        assert secret, "the early end keeps something from every viewer"
        log = (await client.get(f"/v1/tables/{table_id}/events", limit="500")).json()["items"]
        deal_1 = [e for e in log if e["deal_no"] == 1]
        assert not codes(deal_1) & secret, f"the log shows {viewer} {codes(deal_1) & secret}"
        (shuffled,) = [e for e in deal_1 if e["type"] == "deck_shuffled"]
        assert "seed" not in shuffled["data"]
        record = await client.get(f"/v1/tables/{table_id}/deals/1")
        problem = assert_problem(record, 403, "deal_hidden")
        assert problem["rule"] == "B-14"
        assert problem["commitment"] == shuffled["data"]["commitment"]
        assert not codes(problem) & secret
        # The views: the one of the deal's end, and the served one (of the next deal), whose
        # last deal shows the bura hand (B-14 reveals it) and no withheld card.
        view = GAME.view_for(state, viewer)
        assert not {str(c) for c in cards_in(view)} & secret, f"the view of {viewer}"
        served = (await client.get(f"/v1/tables/{table_id}/state")).json()
        assert served["deal_no"] == 2
        assert not codes(served["last_deal"]) & secret


async def check_shown(
    api: Api, table_id: str, players: list[Client], state: GameState, events: list[Event]
) -> None:
    whole = GAME.deal_record(events)
    viewers: list[tuple[int | None, Client]] = [*enumerate(players), (None, api.anonymous)]
    for viewer, client in viewers:
        log = (await client.get(f"/v1/tables/{table_id}/events", limit="500")).json()["items"]
        deal_1 = [e for e in log if e["deal_no"] == 1]
        assert withheld(state, viewer) <= codes(deal_1)
        record = (await client.get(f"/v1/tables/{table_id}/deals/1")).json()
        assert hashlib.sha256(bytes.fromhex(record["seed"])).hexdigest() == record["commitment"]
        assert record["seed"] == whole.seed.hex()
        assert record["hands"] == [[str(c) for c in hand] for hand in whole.hands]
        assert len(record["deck"]) == 36


@pytest.mark.parametrize("seats", [2, 3, 4])
async def test_b14_a_deal_ended_by_a_bura_keeps_the_rest_hidden_until_the_game_is_over(
    api: Api, seats: int
) -> None:
    table_id, players = await bura_table(api, seats, seed_of_deal_1(seats, bura=True))
    state, events = await deal_1_at_its_end(api, table_id)
    assert any(isinstance(e, BuraShown) for e in events)
    await check_hidden(api, table_id, players, state)
    await play_to_the_end_by_declarations(table_id, players)
    await check_shown(api, table_id, players, state, events)


@pytest.mark.parametrize("seats", [2, 3, 4])
async def test_b14_a_deal_ended_by_a_declaration_keeps_the_rest_hidden_until_the_game_is_over(
    api: Api, seats: int
) -> None:
    table_id, players = await bura_table(api, seats, seed_of_deal_1(seats, bura=False))
    await end_deal_1_by_a_declaration(table_id, players)
    state, events = await deal_1_at_its_end(api, table_id)
    assert state.deal is not None
    assert state.deal.board.trick.led, "the trick stays unfinished on the table"
    await check_hidden(api, table_id, players, state)
    await play_to_the_end_by_declarations(table_id, players)
    await check_shown(api, table_id, players, state, events)
