"""kozel24 clients keep working unchanged: the kozel24 part of the OpenAPI document as it was
committed before there were other games (`tests/fixtures/openapi_kozel24_v1.json`) holds in
today's document (additions only), and today's kozel24 answers validate against it."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from app.api.main import openapi_document
from tests.api.conftest import Api
from tests.api.play import human_table, step

BEFORE = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "openapi_kozel24_v1.json").read_text()
)
NOTES = {"title", "description", "examples", "example", "default"}
"""What may change in a schema without a client noticing."""
LOOSENED = {("TableOut", "written"): "kozel24 tables always send it; other games' do not"}
"""The one field that is no longer required: a kozel24 table still sends it."""


def _widens(new: Any, old: Any) -> bool:
    """Whether every value `old` accepts, `new` accepts too (for the shapes of this document:
    the same schema less its notes, an enum or a union holding the old one)."""
    if isinstance(old, dict) and isinstance(new, dict):
        if {k: v for k, v in new.items() if k not in NOTES} == {
            k: v for k, v in old.items() if k not in NOTES
        }:
            return True
        if "const" in old and old["const"] in new.get("enum", ()):
            return True
        for union in ("anyOf", "oneOf"):
            if any(_widens(member, old) for member in new.get(union, ())):
                return True
        if set(old) - NOTES == set(new) - NOTES:
            return all(_widens(new[k], old[k]) for k in set(old) - NOTES)
        return False
    if isinstance(old, list) and isinstance(new, list):
        return len(old) == len(new) and all(map(_widens, new, old))
    return bool(new == old)


def test_every_kozel24_operation_is_still_there_with_its_parameters_and_answers() -> None:
    now = openapi_document()["paths"]
    for path, operations in BEFORE["paths"].items():
        assert path in now, path
        for method, before in operations.items():
            after = now[path][method]
            assert after["operationId"] == before["operationId"]
            params = {
                (p["name"], p["in"], p.get("required", False)) for p in after.get("parameters", [])
            }
            assert {
                (p["name"], p["in"], p.get("required", False)) for p in before.get("parameters", [])
            } <= params
            assert set(before["responses"]) <= set(after["responses"]), f"{method} {path}"


def test_every_kozel24_schema_keeps_its_fields_and_only_widens_them() -> None:
    now = openapi_document()["components"]["schemas"]
    for name, before in BEFORE["components"]["schemas"].items():
        assert name in now, name
        after = now[name]
        for field, shape in before.get("properties", {}).items():
            assert field in after.get("properties", {}), f"{name}.{field} is gone"
            assert _widens(after["properties"][field], shape), f"{name}.{field} changed"
        dropped = set(before.get("required", [])) - set(after.get("required", []))
        assert all((name, field) in LOOSENED for field in dropped), f"{name}: {dropped}"


def _validator(name: str) -> jsonschema.Draft202012Validator:
    """A validator of the schema `name` of the document as it was before the other games."""
    schema = {"$ref": f"#/components/schemas/{name}", "components": BEFORE["components"]}
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.anyio
async def test_kozel24_answers_validate_against_the_document_before_the_other_games(
    api: Api,
) -> None:
    table_id, players = await human_table(api)
    rng = random.Random(4)
    view_out, table_out = _validator("ViewOut"), _validator("TableOut")
    record, problem = _validator("DealRecordOut"), _validator("Problem")
    deals = 0
    for _ in range(120):
        for client in [*players, api.anonymous]:
            view_out.validate((await client.get(f"/v1/tables/{table_id}/state")).json())
        table = (await api.anonymous.get(f"/v1/tables/{table_id}")).json()
        table_out.validate(table)
        if table["deal_no"] > 1:
            done = await api.anonymous.get(f"/v1/tables/{table_id}/deals/{table['deal_no'] - 1}")
            if done.status_code == 403:  # K-9: a deal with an exchange, until the game is over
                assert done.json()["code"] == "deal_hidden"
                problem.validate(done.json())
            else:
                record.validate(done.json())
                deals += 1
        if await step(table_id, players, rng) is None:
            break
    assert deals, "no deal record was read"
