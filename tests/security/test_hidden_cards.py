"""Hidden cards never leak. Whole games are played through the HTTP API; after every step
each seat and a spectator read every endpoint (the view stream included), and every card in
every answer is checked against the true hands on the server: no viewer may see a card that
another seat holds unless it passed that card itself (K-9), and nobody sees the seed of the
running deal."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from app.domain.kozel24 import deck
from app.services.table_log import Table
from tests.api.conftest import Api, Client, sse_views
from tests.api.play import human_table, step

pytestmark = pytest.mark.anyio
CARD = re.compile(r"^(A|K|Q|J|10|9|8|7|6)[CSHD]$")


def codes(value: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(value, str):
        if CARD.match(value):
            found.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            found |= codes(item)
    elif isinstance(value, list):
        for item in value:
            found |= codes(item)
    return found


def forbidden(table: Table, viewer: int | None) -> set[str]:
    """The cards in other seats' hands that `viewer` has no right to know."""
    game = table.game
    if game is None or game.phase.value in ("shuffle", "game_over"):
        return set()
    known: set[str] = set()
    for exchange in game.exchanges:
        if viewer in (exchange.from_seat, exchange.to_seat):
            known |= {str(deck.CARDS[exchange.trump]), str(deck.CARDS[exchange.given])}
    hidden = {
        str(card) for seat in range(4) if seat != viewer for card in deck.cards_of(game.hands[seat])
    }
    return hidden - known


async def check_everything(api: Api, table_id: str, players: list[Client]) -> None:
    services = api.http._transport.app.state.services  # type: ignore[attr-defined]
    truth: Table = await services.tables.get(table_id)
    game = truth.game
    running_seed = game.seed.hex() if game is not None and game.seed else None
    deal_no = game.deal_no if game is not None else 0
    viewers: list[tuple[int | None, Client]] = [*enumerate(players), (None, api.anonymous)]
    for viewer, client in viewers:
        secret = forbidden(truth, viewer)
        answers: list[tuple[str, Any]] = []
        state = await client.get(f"/v1/tables/{table_id}/state")
        answers.append(("state", state.json()))
        streamed = await client.get(f"/v1/tables/{table_id}/stream")
        answers.append(("stream", [view for _, view in sse_views(streamed)]))
        log = (await client.get(f"/v1/tables/{table_id}/events", limit="500")).json()
        current = [e for e in log["items"] if e["deal_no"] == deal_no]
        answers.append(("events of this deal", current))
        answers.append(("table", (await client.get(f"/v1/tables/{table_id}")).json()))
        answers.append(("tables", (await client.get("/v1/tables", limit="5")).json()))
        if viewer is not None:
            answers.append(("turns", (await client.get("/v1/players/me/turns")).json()))
            for card in sorted(secret)[:2]:  # an illegal try names only the caller's options
                refused = await client.post(
                    f"/v1/tables/{table_id}/moves", {"type": "play", "card": card}
                )
                answers.append(("refusal", refused.json()))
        deal = await client.get(f"/v1/tables/{table_id}/deals/{deal_no}")
        if game is not None and not game.is_terminal and deal_no in truth.finished_deals:
            pass  # between deals the record may show everything: that deal is over
        elif deal_no:
            answers.append(("running deal record", deal.json()))
        for name, body in answers:
            leaked = codes(body) & secret
            assert not leaked, f"{name} shows seat {viewer} the hidden cards {sorted(leaked)}"
            if running_seed and deal_no not in truth.finished_deals:
                assert running_seed not in str(body), f"{name} shows the seed"


async def play_checked(api: Api, seed: int, steps: int) -> None:
    table_id, players = await human_table(api, first_dealer=seed % 4)
    rng = random.Random(seed)
    for _ in range(steps):
        await check_everything(api, table_id, players)
        if await step(table_id, players, rng) is None:
            break


async def test_no_answer_shows_a_hidden_card(api: Api) -> None:
    await play_checked(api, seed=1, steps=80)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2, 8))
async def test_whole_games_show_no_hidden_card(api: Api, seed: int) -> None:
    await play_checked(api, seed=seed, steps=3000)
