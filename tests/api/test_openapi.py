"""The committed OpenAPI document is the served one, and it documents every operation."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from app.api.main import openapi_document
from app.api.schemas import ViewOut
from tests.api.conftest import Api
from tests.api.play import human_table, step

COMMITTED = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


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
                assert "application/problem+json" in op["responses"][code]["content"], where
            # Everything but the probes reads the database, so may meet it unreachable.
            down = op["responses"].get("503", {}).get("description", "")
            assert ("`database_unavailable`" in down) == ("operations" not in op["tags"]), where
    assert len(ids) == len(set(ids))
    assert set(ids) >= {"postMove", "getState", "postExchange", "listMyTurns", "getDeal"}


def test_request_and_response_examples_exist() -> None:
    text = json.dumps(openapi_document())
    for marker in ['"claim_no_queens"', '"decision": "exchange"', '"legal_actions"', '"token"']:
        assert marker in text
    schemas = openapi_document()["components"]["schemas"]
    for name in ("ViewOut", "TableOut", "NewPlayerOut", "NewTableIn", "DecisionIn", "GiveIn"):
        assert schemas[name].get("examples"), name


@pytest.mark.anyio
async def test_views_match_the_view_schema(api: Api) -> None:
    """Views are built as plain JSON for speed; they must still match `ViewOut` exactly."""
    table_id, players = await human_table(api)
    rng = random.Random(9)
    for _ in range(40):
        for client in [*players, api.anonymous]:
            body = (await client.get(f"/v1/tables/{table_id}/state")).json()
            assert ViewOut.model_validate(body).model_dump(mode="json") == body
        await step(table_id, players, rng)
