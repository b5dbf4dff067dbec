"""Every game through the HTTP API: the catalogue, a table of each game at each of its seat
counts played with the bodies its views list, every view and deal record valid against the
game's own schema in the document, and every finished deal re-dealt from its record (the
seeded shuffle, the cut, the hands)."""

from __future__ import annotations

import functools
import random
from collections import Counter
from typing import Any

import jsonschema
import pytest

from app.api.games import adapter_of
from app.api.main import openapi_document
from app.domain.chance import commitment
from app.domain.registry import GAMES, game_of
from tests.api.conftest import Api, assert_problem
from tests.api.play import human_table, step

pytestmark = pytest.mark.anyio
DOCUMENT = openapi_document()
TABLES = [(variant, seats) for variant, game in GAMES.items() for seats in game.info.seat_counts]


def _validate(instance: Any, name: str) -> None:
    _validator(name).validate(instance)


@functools.cache
def _validator(name: str) -> jsonschema.Draft202012Validator:
    schema = {"$ref": f"#/components/schemas/{name}", "components": DOCUMENT["components"]}
    return jsonschema.Draft202012Validator(schema)


async def test_the_catalogue_lists_every_game(api: Api) -> None:
    games = (await api.anonymous.get("/v1/games")).json()
    assert [g["variant"] for g in games] == list(GAMES)
    by_variant = {g["variant"]: g for g in games}
    assert by_variant["kozel24"]["teams"] == [[0, 2], [1, 3]]
    assert by_variant["kozel24"]["deck"] == 24
    assert by_variant["sixty_six"]["teams"] is None
    assert by_variant["sixty_six"]["seats"] == [2]
    assert by_variant["bura"]["seats"] == [2, 3, 4]
    assert by_variant["sixty_six"]["options"]["properties"]["match_target"]["default"] == 7
    for game in games:
        assert game["bots"] == ["random", "heuristic", "strong"]
        assert set(game["title"]) == {"ru", "en"}
        _validate(game, "GameOut")
        rules = await api.anonymous.get(game["rules"])
        assert rules.status_code == 200, game["rules"]
    one = await api.anonymous.get("/v1/games/kozly")
    assert one.json() == by_variant["kozly"]
    assert_problem(await api.anonymous.get("/v1/games/preferans"), 404, "not_found")


@pytest.mark.parametrize(("variant", "seats"), TABLES)
async def test_a_game_is_played_over_http_with_the_bodies_its_views_list(
    api: Api, variant: str, seats: int
) -> None:
    table_id, players = await human_table(api, variant, seats, first_dealer=0)
    view_model = adapter_of(variant).view_model.__name__
    record_model = adapter_of(variant).record_model.__name__
    rng = random.Random(seats)
    checked_deals: set[int] = set()
    over = False
    for move in range(97):
        if move % 8 and not over:  # every eighth move and the end: the views, scores, records
            over = await step(table_id, players, rng) is None
            continue
        for client in [*players, api.anonymous]:
            view = (await client.get(f"/v1/tables/{table_id}/state")).json()
            assert view["variant"] == variant
            _validate(view, view_model)
        table = (await api.anonymous.get(f"/v1/tables/{table_id}")).json()
        assert (
            len(table["scores"])
            == game_of(variant).seating(seats, game_of(variant).parse_options({}, seats)).sides
        )
        for deal_no in range(1, table["deal_no"] + 1):
            if deal_no in checked_deals:
                continue
            answer = await api.anonymous.get(f"/v1/tables/{table_id}/deals/{deal_no}")
            if answer.status_code == 403:
                problem = answer.json()
                assert problem["code"] in {"deal_running", "deal_hidden"}
                if problem["code"] == "deal_hidden":  # until the game is over: its rule says why
                    assert problem["rule"].startswith(f"{game_of(variant).info.rule_prefix}-")
                    assert len(problem["commitment"]) == 64
                continue
            record = answer.json()
            _validate(record, record_model)
            _check_record(variant, seats, table["options"], record)
            checked_deals.add(deal_no)
        if over:
            break
        over = await step(table_id, players, rng) is None
    assert checked_deals, "no deal was finished and checked"


def _check_record(
    variant: str, seats: int, options: dict[str, Any], record: dict[str, Any]
) -> None:
    """Anyone can re-check a deal from its record: the seed's commitment, the deck from the
    seed and the cut (the rules pages give the algorithm), the hands from the deck (the
    conformance suite re-deals them exactly through each game's `redeal`)."""
    game = game_of(variant)
    table_only = {"move_clock_s", "first_dealer", "rated"}
    parsed = game.parse_options({k: v for k, v in options.items() if k not in table_only}, seats)
    seed = bytes.fromhex(record["seed"])
    assert commitment(seed) == record["commitment"]
    deck = game.deck_after_cut(parsed, seed, record["cut"])
    assert [str(c) for c in deck] == record["deck"]
    assert record["variant"] == variant
    dealt = Counter(card for hand in record["hands"] for card in hand)
    assert dealt <= Counter(record["deck"]), "the hands are cards of the deck, each once"
