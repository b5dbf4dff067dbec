"""Hidden cards never leak, in any game. Games are played through the HTTP API; after every
step each seat and a spectator read every endpoint (the view stream included), and every card
in every answer is checked against where the cards truly lie on the server (the game's zones):
no viewer may see a card in a zone hidden from it unless the rules reveal it to that seat
(`Game.revealed_to`: K-9's exchange, a shown trump card…), nobody sees the seed of the
running deal, and nobody gets a replay (every hand face up) before the game is over."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from app.domain.registry import GAMES
from app.services.table_log import Table, decode
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


def placed(view: dict[str, Any]) -> dict[str, Any]:
    """A view without the parts that place no card of the running deal: its `trumps` (the
    deal's rules, the same for every viewer: checked so) and its `last_deal` (a finished
    deal's cards: the conformance suite checks them when that deal ends)."""
    return {key: value for key, value in view.items() if key not in ("trumps", "last_deal")}


def forbidden(table: Table, viewer: int | None) -> set[str]:
    """The cards of the running deal that `viewer` has no right to know."""
    state, game = table.state, table.game
    if state is None or not game.deal_running(state):
        return set()
    assert table.lobby is not None
    hidden = {
        str(card)
        for zone in game.zones(state)
        if zone.seen_by is not None and (viewer is None or viewer not in zone.seen_by)
        for card in zone.cards
    }
    seats = table.lobby.seating.seats
    if viewer is None:
        known = set.intersection(*(set(map(str, game.revealed_to(state, s))) for s in seats))
    else:
        known = set(map(str, game.revealed_to(state, viewer)))
    return hidden - known


async def _running_seed(services: Any, table: Table) -> str | None:
    """The seed of the running deal, as the log keeps it (shown only once the deal is over)."""
    if table.state is None or not table.game.deal_running(table.state):
        return None
    stored = await services.tables._writer.store.load(table.id)
    seeds = [e.payload["seed"] for e in stored if "seed" in e.payload]
    return seeds[-1] if seeds else None


def in_play(table: Table) -> set[str]:
    state = table.state
    if state is None or not table.game.deal_running(state):
        return set()
    return {str(card) for zone in table.game.zones(state) for card in zone.cards}


Seen = dict[tuple[int, int | None], set[str]]
"""Per deal and viewer, every card it has seen face up so far."""


class Witness:
    """What each viewer has seen of the running deal, event by event: the table's log folded
    one event at a time, so that a card shown face up and taken back within one command (the
    barrel's open trump, C32-21) counts as seen by those who saw it lie open."""

    def __init__(self, table_id: str, viewers: list[int | None]) -> None:
        self.table = Table(table_id)
        self.after_seq = 0
        self.viewers = viewers
        self.seen: Seen = {}

    async def catch_up(self, services: Any) -> Seen:
        for stored in await services.tables._writer.store.load(self.table.id, self.after_seq):
            table = self.table
            variant = table.variant if table.lobby is not None else None
            table.apply(decode(stored, variant), stored.seq, stored.at)
            self.after_seq = stored.seq
            for viewer in self.viewers:
                ever = self.seen.setdefault((table.deal_no(), viewer), set())
                ever |= in_play(table) - forbidden(table, viewer)
        return self.seen


async def check_everything(
    api: Api, table_id: str, players: list[Client], witness: Witness | None = None
) -> None:
    """Every answer shows each viewer only what it may see now; the log of the running deal
    shows it only what it saw when it happened (a card played face up, then turned down with
    its trick, was seen: S66-13 and KZ-15 govern the table, not a seat's memory)."""
    services = api.http._transport.app.state.services  # type: ignore[attr-defined]
    witness = witness or Witness(table_id, [*range(len(players)), None])
    seen = await witness.catch_up(services)
    truth: Table = await services.tables.get(table_id)
    running_seed = await _running_seed(services, truth)
    deal_no = truth.deal_no()
    viewers: list[tuple[int | None, Client]] = [*enumerate(players), (None, api.anonymous)]
    trumps: set[tuple[str, ...]] = set()
    for viewer, client in viewers:
        secret = forbidden(truth, viewer)
        ever = seen.setdefault((deal_no, viewer), set())
        ever |= in_play(truth) - secret
        answers: list[tuple[str, Any]] = []
        state = (await client.get(f"/v1/tables/{table_id}/state")).json()
        trumps.add(tuple(state["trumps"]))
        answers.append(("state", placed(state)))
        streamed = await client.get(f"/v1/tables/{table_id}/stream")
        answers.append(("stream", [placed(view) for _, view in sse_views(streamed)]))
        log = (await client.get(f"/v1/tables/{table_id}/events", limit="500")).json()
        current = [e for e in log["items"] if e["deal_no"] == deal_no]
        leaked = codes(current) & secret - ever
        assert not leaked, f"the log shows seat {viewer} the hidden cards {sorted(leaked)}"
        answers.append(("table", (await client.get(f"/v1/tables/{table_id}")).json()))
        answers.append(("tables", (await client.get("/v1/tables", limit="5")).json()))
        if viewer is not None:
            answers.append(("turns", (await client.get("/v1/players/me/turns")).json()))
            for card in sorted(secret)[:2]:  # an illegal try names only the caller's options
                for body in ({"type": "play", "card": card}, {"type": "lead", "cards": [card]}):
                    refused = await client.post(f"/v1/tables/{table_id}/moves", body)
                    answers.append(("refusal", refused.json()))
        if truth.status != "finished":  # a replay shows every hand: never before the end
            for version in sorted({1, truth.version}):
                replay = await client.get(f"/v1/tables/{table_id}/replay/{version}")
                assert replay.status_code == 403, f"a replay of a running game: {replay.text}"
                answers.append(("replay", replay.json()))
        deal = await client.get(f"/v1/tables/{table_id}/deals/{deal_no}")
        if truth.status != "finished" and deal_no in truth.finished_deals:
            pass  # between deals the record may show everything: that deal is over
        elif deal_no:
            answers.append(("running deal record", deal.json()))
        for name, body in answers:
            leaked = codes(body) & secret
            assert not leaked, f"{name} shows seat {viewer} the hidden cards {sorted(leaked)}"
            if running_seed and deal_no not in truth.finished_deals:
                assert running_seed not in str(body), f"{name} shows the seed"
    assert len(trumps) == 1, f"the viewers are told different trumps: {trumps}"


TABLES = [(variant, seats) for variant, game in GAMES.items() for seats in game.info.seat_counts]


WHOLE_GAME_OPTIONS: dict[str, dict[str, Any]] = {"kozly": {"target_marks": 4}}
"""Kozly to 12 marks received runs past 3,000 steps of random play; to 4 it ends, after
several rounds (KZ-19), and keeps the slow suite's longest test within a minute."""


async def play_checked(
    api: Api, variant: str, seats: int, seed: int, steps: int, **options: Any
) -> None:
    table_id, players = await human_table(api, variant, seats, first_dealer=seed % 2, **options)
    rng = random.Random(seed)
    witness = Witness(table_id, [*range(len(players)), None])
    for _ in range(steps):
        await check_everything(api, table_id, players, witness)
        if await step(table_id, players, rng) is None:
            break


async def test_no_answer_shows_a_hidden_card(api: Api) -> None:
    await play_checked(api, "kozel24", 4, seed=1, steps=80)


@pytest.mark.parametrize(("variant", "seats"), TABLES)
async def test_no_answer_of_any_game_shows_a_hidden_card(
    api: Api, variant: str, seats: int
) -> None:
    await play_checked(api, variant, seats, seed=3, steps=25)


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "seats"), TABLES)
@pytest.mark.parametrize("seed", [2])
async def test_whole_games_show_no_hidden_card(
    api: Api, variant: str, seats: int, seed: int
) -> None:
    options = WHOLE_GAME_OPTIONS.get(variant, {})
    await play_checked(api, variant, seats, seed=seed, steps=3000, **options)
