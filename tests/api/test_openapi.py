"""The committed OpenAPI document is the served one, and it documents every operation."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from app.api.games.kozel24 import ViewOut
from app.api.main import openapi_document
from tests.api.conftest import Api
from tests.api.play import human_table, step

COMMITTED = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"
PROBLEM_REF = "#/components/schemas/Problem"
UNSENT: Any = {"legal_actions": {"__all__": {"body": {"expected_version", "move_id"}}}}
"""A legal action's body is a request body, without the two fields a client adds."""


def test_committed_openapi_matches_the_code() -> None:
    committed = json.loads(COMMITTED.read_text(encoding="utf-8"))
    assert committed == openapi_document(), (
        "openapi/openapi.json is stale: run `make openapi` and commit it"
    )


@pytest.mark.anyio
async def test_the_served_document_is_the_committed_one(api: Api) -> None:
    served = (await api.http.get("/openapi.json")).json()
    assert served == json.loads(COMMITTED.read_text(encoding="utf-8"))


def test_every_operation_is_documented() -> None:
    document = openapi_document()
    ids = []
    for path, operations in document["paths"].items():
        for method, op in operations.items():
            where = f"{method.upper()} {path}"
            ids.append(op["operationId"])
            assert op.get("summary"), where
            problems = [c for c in op["responses"] if c[0] in "45"]
            if "operations" not in op["tags"] or path == "/readyz":
                assert problems, f"{where} documents no error response"
            for code in problems:
                # The one media type the server sends, so generated clients parse the body.
                assert op["responses"][code]["content"] == {
                    "application/problem+json": {"schema": {"$ref": PROBLEM_REF}}
                }, f"{where} {code}"
            # Everything but the probes and the catalogue reads the database, so may meet it
            # unreachable (a game's leaderboard is no part of the catalogue).
            down = op["responses"].get("503", {}).get("description", "")
            catalogue = "games" in op["tags"] and not path.endswith("/leaderboard")
            reads = not ("operations" in op["tags"] or catalogue)
            assert ("`database_unavailable`" in down) == reads, where
    assert len(ids) == len(set(ids))
    assert set(ids) >= {"postMove", "getState", "postExchange", "listMyTurns", "getDeal"}
    assert set(ids) >= {"listGames", "getGame"}


def test_request_and_response_examples_exist() -> None:
    text = json.dumps(openapi_document())
    for marker in ['"claim_no_queens"', '"decision": "exchange"', '"legal_actions"', '"token"']:
        assert marker in text
    schemas = openapi_document()["components"]["schemas"]
    for name in ("ViewOut", "TableOut", "NewPlayerOut", "NewTableIn", "DecisionIn", "GiveIn"):
        assert schemas[name].get("examples"), name


def test_every_example_matches_its_schema() -> None:
    """What Redocly's lint calls no-invalid-schema-examples and no-invalid-media-type-examples:
    every example (nulls included, every required field present) is a valid instance."""
    document = openapi_document()
    components = document["components"]
    checked: set[object] = set()
    for schema, example in _schema_examples(components["schemas"]):
        _validate(example, schema, components)
        checked.add(schema.get("title"))
    for media_type, content in _media_types(document):
        examples = [e["value"] for e in content.get("examples", {}).values()]
        examples += [content["example"]] if "example" in content else []
        for example in examples:
            if media_type == "text/event-stream":
                views = [
                    json.loads(line[6:]) for line in example.split("\n") if line[:6] == "data: "
                ]
                assert views, example
                for view in views:
                    _validate(view, {"$ref": "#/components/schemas/ViewOut"}, components)
            else:
                _validate(example, content["schema"], components)
            checked.add(media_type)
    assert checked >= {"ViewOut", "TableOut", "ResultOut", "NewPlayerOut", "NewTableIn"}
    assert checked >= {"application/json", "text/event-stream"}


def test_the_stream_is_text_and_the_document_names_its_server() -> None:
    document = openapi_document()
    stream = document["paths"]["/v1/tables/{table_id}/stream"]["get"]["responses"]["200"]
    assert list(stream["content"]) == ["text/event-stream"]
    assert stream["content"]["text/event-stream"]["schema"]["type"] == "string"
    assert document["servers"] == [{"url": "/", "description": "This server"}]


def _schema_examples(node: object) -> list[tuple[dict[str, object], object]]:
    """Each (schema, example) within a tree of schemas."""
    found: list[tuple[dict[str, object], object]] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "examples" and isinstance(value, list):
                found += [(node, example) for example in value]
            else:
                found += _schema_examples(value)
    elif isinstance(node, list):
        for value in node:
            found += _schema_examples(value)
    return found


def _media_types(document: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    found = []
    for operations in document["paths"].values():
        for operation in operations.values():
            holders = [operation.get("requestBody", {}), *operation["responses"].values()]
            for holder in holders:
                found += list(holder.get("content", {}).items())
    return found


def _validate(instance: object, schema: dict[str, Any], components: dict[str, Any]) -> None:
    """Validate against a schema of the document ($refs into its components resolve)."""
    jsonschema.Draft202012Validator(
        {**schema, "components": components},
        format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER,
    ).validate(instance)


def test_legal_actions_carry_the_bodies_their_endpoint_takes() -> None:
    """A generated client reads a typed body from a view and posts it as it is."""
    document = openapi_document()
    schemas = document["components"]["schemas"]
    items = schemas["ViewOut"]["properties"]["legal_actions"]["items"]
    assert items["discriminator"]["propertyName"] == "endpoint"
    kinds = {
        schemas[ref.rsplit("/", 1)[1]]["properties"]["endpoint"]["const"]: ref
        for ref in items["discriminator"]["mapping"].values()
    }
    assert set(kinds) == {"moves", "exchange"}
    for endpoint, ref in kinds.items():
        body = schemas[ref.rsplit("/", 1)[1]]["properties"]["body"]
        post = document["paths"][f"/v1/tables/{{table_id}}/{endpoint}"]["post"]
        taken = post["requestBody"]["content"]["application/json"]["schema"]
        # `…/moves` takes every game's bodies: kozel24's are among them.
        assert _refs(body) <= _refs(taken), endpoint
        assert _refs(body) != set(), endpoint
    assert _refs(schemas["ViewOut"]["properties"]["legal_actions"]) <= _refs(
        schemas["Problem"]["properties"]["legal_actions"]
    )


def _refs(schema: object) -> set[str]:
    """Every `$ref` within a schema."""
    if isinstance(schema, dict):
        own = {schema["$ref"]} if "$ref" in schema else set()
        return own.union(*(_refs(v) for v in schema.values()))
    if isinstance(schema, list):
        return set().union(*(_refs(v) for v in schema))
    return set()


@pytest.mark.anyio
async def test_views_match_the_view_schema(api: Api) -> None:
    """Views are built as plain JSON for speed; they must still match `ViewOut` exactly."""
    table_id, players = await human_table(api)
    rng = random.Random(9)
    for _ in range(40):
        for client in [*players, api.anonymous]:
            body = (await client.get(f"/v1/tables/{table_id}/state")).json()
            dumped = ViewOut.model_validate(body).model_dump(mode="json", exclude=UNSENT)
            assert dumped == body
        await step(table_id, players, rng)
