"""Option names are snake_case like every name of the API (the contract's Conventions): the
catalogue, the OpenAPI document, the tables and the views give only those. The old camelCase
names (the rules files' spelling, the API's first names) are read as aliases at
`POST /v1/tables`, and a request and its retry that differ only in which name they use are
the same request; one option named both ways is refused."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

from app.api.main import openapi_document
from app.domain.options import ALIASES_READ
from app.domain.registry import GAMES
from tests.api.conftest import Api, assert_problem

pytestmark = pytest.mark.anyio

SNAKE_CASE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")

OLD_NAMES = {
    "bura": {
        "rankLeads": "rank_leads",
        "aceLeads": "ace_leads",
        "openDiscards": "open_discards",
        "fourEndsTens": "four_ends_tens",
        "moscowTrumpAce": "moscow_trump_ace",
        "lateClaims": "late_claims",
        "winNeeds61": "win_needs_61",
        "eggsDouble": "eggs_double",
        "singleDeal": "single_deal",
    },
    "kozel4": {
        "dealerLeads": "dealer_leads",
        "rankLeads": "rank_leads",
        "eggsDouble": "eggs_double",
    },
    "kozly": {"dealMode": "deal_mode", "winAt": "win_at", "targetMarks": "target_marks"},
    "sixty_six": {
        "autoOut": "auto_out",
        "marriagesWhenClosed": "marriages_when_closed",
        "matchTarget": "match_target",
    },
}
"""The camelCase names the API took before, by game: each is still read."""

OLD_BODIES = {
    "bura": {
        "rankLeads": True,
        "aceLeads": True,
        "openDiscards": True,
        "fourEndsTens": True,
        "moscowTrumpAce": True,
        "lateClaims": True,
        "winNeeds61": False,
        "eggsDouble": True,
        "singleDeal": True,
    },
    "kozel4": {"dealerLeads": True, "rankLeads": True, "eggsDouble": True},
    "kozly": {"dealMode": "stock", "winAt": 61, "targetMarks": 5},
    "sixty_six": {"autoOut": True, "marriagesWhenClosed": True, "matchTarget": 3},
}
"""Each old name with a value other than its default, so that the table shows it took."""


def _aliases(variant: str) -> dict[str, str]:
    fields = dataclasses.fields(GAMES[variant].info.options_type)
    return {f.metadata["alias"]: f.name for f in fields if f.metadata.get("alias")}


def _keys(value: Any) -> set[str]:
    """Every key of every object in a JSON value."""
    if isinstance(value, dict):
        return set(value).union(*(_keys(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_keys(v) for v in value))
    return set()


ALL_OLD_NAMES = {old for names in OLD_NAMES.values() for old in names}


def test_every_old_name_is_an_alias_of_its_option() -> None:
    assert {variant: _aliases(variant) for variant in GAMES if _aliases(variant)} == OLD_NAMES
    assert all(body.keys() == OLD_NAMES[variant].keys() for variant, body in OLD_BODIES.items())


async def test_the_catalogue_names_every_option_in_snake_case(api: Api) -> None:
    for game in (await api.anonymous.get("/v1/games")).json():
        schema = game["options"]
        assert schema["additionalProperties"] is False
        for name in schema["properties"]:
            assert SNAKE_CASE.match(name), (game["variant"], name)
        old_names = OLD_NAMES.get(game["variant"], {})
        for old, name in old_names.items():
            assert f"old name `{old}`" in schema["properties"][name]["description"]
        assert schema.get("description") == (ALIASES_READ if old_names else None)


def test_the_openapi_document_names_no_option_the_old_way() -> None:
    assert not _keys(openapi_document()) & ALL_OLD_NAMES
    game_example = openapi_document()["components"]["schemas"]["GameOut"]["examples"][0]
    assert list(game_example["options"]["properties"]) == ["match_target"]


@pytest.mark.parametrize("variant", sorted(OLD_BODIES))
async def test_the_old_names_are_read_and_shown_snake_case(api: Api, variant: str) -> None:
    owner = await api.player()
    others = GAMES[variant].info.seat_counts[0] - 1
    bots = {str(seat): "random" for seat in range(1, others + 1)}
    body = {"variant": variant, "seat": 0, "bots": bots, "options": OLD_BODIES[variant]}
    created = await owner.post("/v1/tables", body)
    assert created.status_code == 201, created.text
    table = created.json()
    expected = {OLD_NAMES[variant][old]: value for old, value in OLD_BODIES[variant].items()}
    assert table["options"].items() >= expected.items()
    assert not table["options"].keys() & ALL_OLD_NAMES
    assert all(SNAKE_CASE.match(name) for name in table["options"])
    read = (await api.anonymous.get(f"/v1/tables/{table['id']}")).json()
    listed = (await api.anonymous.get("/v1/tables")).json()["items"]
    assert read["options"] == listed[0]["options"] == table["options"]
    snake = await owner.post("/v1/tables", {**body, "options": expected})
    assert snake.json()["options"] == table["options"]
    for viewer in (owner, api.anonymous):
        view = (await viewer.get(f"/v1/tables/{table['id']}/state")).json()
        assert view["status"] == "playing"
        assert not _keys(view) & ALL_OLD_NAMES


async def test_the_game_plays_by_an_option_given_by_its_old_name(api: Api) -> None:
    """KZ-8: `dealMode` read as `deal_mode`: the view's deal is the stock's."""
    owner = await api.player()
    bots = {"1": "random", "2": "random", "3": "random"}
    body = {"variant": "kozly", "seat": 0, "bots": bots, "options": {"dealMode": "stock"}}
    table = (await owner.post("/v1/tables", body)).json()
    view = (await owner.get(f"/v1/tables/{table['id']}/state")).json()
    assert view["game"]["deal_mode"] == "stock"


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("sixty_six", {"matchTarget": 3, "match_target": 3}),
        ("kozly", {"target_marks": 5, "targetMarks": 6}),
        ("bura", {"winNeeds61": False, "win_needs_61": False}),
    ],
)
async def test_an_option_named_both_ways_is_refused(
    api: Api, variant: str, options: dict[str, Any]
) -> None:
    owner = await api.player()
    refused = await owner.post("/v1/tables", {"variant": variant, "options": options})
    problem = assert_problem(refused, 422, "invalid_option")
    old, name = sorted(options, key=lambda key: "_" in key)
    assert f"option '{name}' is given twice" in problem["detail"]
    assert f"old name '{old}'" in problem["detail"]
    assert (await api.anonymous.get("/v1/tables")).json()["items"] == []


async def test_an_unknown_name_is_refused_with_the_snake_case_names(api: Api) -> None:
    owner = await api.player()
    body = {"variant": "sixty_six", "options": {"matchtarget": 3}}
    problem = assert_problem(await owner.post("/v1/tables", body), 422, "invalid_option")
    assert problem["detail"] == (
        "unknown option(s) ['matchtarget']; this game's options: deck, strictness, auto_out, "
        "marriages_when_closed, match_target"
    )


async def test_a_retry_with_the_other_name_is_the_same_request(api: Api) -> None:
    """`Idempotency-Key`: the body as the server reads it names the options snake_case, so
    the old name and the new one ask the same thing; another value does not."""
    owner = await api.player()
    key = {"Idempotency-Key": "create-66"}
    old = {"variant": "sixty_six", "seat": 0, "options": {"matchTarget": 3, "autoOut": True}}
    first = await owner.post("/v1/tables", old, headers=key)
    assert first.status_code == 201, first.text
    new = {**old, "options": {"auto_out": True, "match_target": 3}}
    mixed = {**old, "options": {"auto_out": True, "matchTarget": 3}}
    for retry in (new, mixed, old):
        again = await owner.post("/v1/tables", retry, headers=key)
        assert again.json() == first.json()
    other = {**old, "options": {"match_target": 4, "auto_out": True}}
    assert_problem(await owner.post("/v1/tables", other, headers=key), 409, "idempotency_mismatch")
    assert len((await api.anonymous.get("/v1/tables")).json()["items"]) == 1
