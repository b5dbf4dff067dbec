"""Every game's move bodies in the OpenAPI document carry an example (what a client author
reads first): each validates against its schema and reads as the game's own command, so an
example can never drift from what the server accepts. kozel24's hand-written bodies are held
by tests/api/test_kozel24_contract.py."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter

from app.api.games import ADAPTERS
from app.api.games.generated import camel
from app.api.main import openapi_document
from tests.api.test_openapi import _validate

COMPONENTS: dict[str, Any] = openapi_document()["components"]
SCHEMAS: dict[str, Any] = COMPONENTS["schemas"]
MOVES = [
    pytest.param(variant, move, id=f"{variant}-{move}")
    for variant, adapter in ADAPTERS.items()
    if variant != "kozel24"
    for move in adapter.game.commands.types
]


@pytest.mark.parametrize(("variant", "move"), MOVES)
def test_every_move_body_has_an_example_the_game_reads(variant: str, move: str) -> None:
    adapter = ADAPTERS[variant]
    schema = SCHEMAS[f"{camel(variant)}{camel(move)}In"]
    (example,) = schema["examples"]
    assert example["type"] == move
    _validate(example, schema, COMPONENTS)
    body = TypeAdapter(adapter.moves).validate_python(example)
    command = adapter.command(body, seat=1)
    assert move == command.TYPE
    assert adapter.game.commands.body(command) == {
        k: v for k, v in example.items() if k not in ("expected_version", "move_id")
    }
