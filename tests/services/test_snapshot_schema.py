"""A stored snapshot is read back only under the schemas it was written with: a change to the
shape of `Table` must come with a new `SNAPSHOT_SCHEMA`, and a change to the shape of a game's
state with a new `state_schema` of that game, or an old snapshot would decode into a state
missing what the new code relies on."""

from __future__ import annotations

import dataclasses
import hashlib
import typing

import pytest

from app.domain.registry import GAMES
from app.services.table_log import SNAPSHOT_SCHEMA, Table

SHAPES = {8: "e3d559342d38", 9: "a780c296355c", 10: "d1201da167f2", 11: "738471f260f2"}
"""The shape fingerprint of each snapshot schema of `Table` (the current one must be here)."""
STATE_SHAPES: dict[str, dict[int, str]] = {
    "kozel24": {2: "87237faa9df8", 3: "0aa28b1f2207", 4: "c7937e4c1c62"},
    "kozel32": {1: "44bddf8072a1", 2: "3a575402cab4", 3: "0aeed22a5837"},
    "kozel4": {1: "e70ebcc16a3d", 2: "6168bfa6d200"},
    "bura": {1: "04a10a840029", 2: "f6894e026bcd"},
    "kozly": {1: "b88208f1cfd3"},
    "sixty_six": {1: "71ae99f755fe", 2: "8afdc8a76ef2"},
}
"""Per game, the shape fingerprint of each schema of its state."""


def shape_lines(cls: type, seen: set[type] | None = None) -> list[str]:
    """Every field of `cls` and of the dataclasses its fields hold, with its type."""
    seen = set() if seen is None else seen
    if cls in seen:
        return []
    seen.add(cls)
    lines = []
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        hint = hints[f.name]
        lines.append(f"{cls.__name__}.{f.name}: {hint}")
        for inner in _types_in(hint):
            if dataclasses.is_dataclass(inner):
                lines += shape_lines(inner, seen)
    return lines


def _types_in(hint: object) -> list[type]:
    found = [hint] if isinstance(hint, type) else []
    for arg in typing.get_args(hint):
        found += _types_in(arg)
    return found


def fingerprint(cls: type) -> str:
    text = "\n".join(sorted(shape_lines(cls)))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def test_the_table_snapshot_shape_is_pinned_to_its_schema() -> None:
    assert SNAPSHOT_SCHEMA in SHAPES, "a new snapshot schema needs its fingerprint pinned here"
    assert fingerprint(Table) == SHAPES[SNAPSHOT_SCHEMA], (
        "the table's shape changed: bump SNAPSHOT_SCHEMA (app/services/table_log.py) and pin "
        f"the new fingerprint {fingerprint(Table)!r}"
    )


@pytest.mark.parametrize("variant", GAMES)
def test_every_games_state_shape_is_pinned_to_its_schema(variant: str) -> None:
    game = GAMES[variant]
    pinned = STATE_SHAPES.get(variant, {})
    assert game.state_schema in pinned, f"{variant}: pin the state schema's fingerprint here"
    assert fingerprint(game.state_type) == pinned[game.state_schema], (
        f"{variant}'s state changed shape: bump its state_schema and pin the new fingerprint "
        f"{fingerprint(game.state_type)!r}"
    )


def test_the_fingerprint_sees_a_field_of_a_game_state_and_of_the_lobby() -> None:
    lines = shape_lines(GAMES["kozel24"].state_type)
    assert "GameState.playable: <class 'int'>" in lines
    assert any(line.startswith("DealSummary.") for line in lines)
    assert any(line.startswith("Seating.") for line in shape_lines(Table))
