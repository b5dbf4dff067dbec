"""kozel32 in the OpenAPI document: the view's example validates against its schema and is
the view of a real position (tests/api/kozel32_example.py); its move bodies' examples are
held with every game's by tests/api/test_move_examples.py."""

from __future__ import annotations

from typing import Any

from app.api.games.adapter import trick_out
from app.api.games.kozel32 import ADAPTER, VIEW_EXAMPLE
from app.api.main import openapi_document
from app.domain.kozel32 import GAME
from tests.api.kozel32_example import position, rendered
from tests.api.test_openapi import _validate

COMPONENTS: dict[str, Any] = openapi_document()["components"]
SCHEMAS: dict[str, Any] = COMPONENTS["schemas"]


def test_the_kozel32_view_example_is_valid_and_in_the_document() -> None:
    schema = SCHEMAS["Kozel32View"]
    assert schema["examples"] == [VIEW_EXAMPLE]  # its nulls kept
    _validate(VIEW_EXAMPLE, schema, COMPONENTS)
    ADAPTER.view_model.model_validate(VIEW_EXAMPLE)


def test_the_kozel32_view_example_is_the_view_of_a_played_position() -> None:
    """Deal 1 played, pants declared in deal 2, the boaster's lead face down (C32-15): the
    example holds what the game's view of that seat gives, field for field."""
    found = position()
    assert found is not None, "the example's position is no longer reached"
    state, seat = found
    view = GAME.view_for(state, seat)
    real = {
        **rendered(state, seat),
        "trick": trick_out(view.trick),
        "last_trick": trick_out(view.last_trick),
    }
    assert {key: VIEW_EXAMPLE[key] for key in real} == real
    assert VIEW_EXAMPLE["variant"] == ADAPTER.variant
    assert VIEW_EXAMPLE["trick"]["plays"][0]["cards"] is None  # C32-15: not seat 1's to see
