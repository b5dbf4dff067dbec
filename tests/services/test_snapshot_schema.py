"""A stored snapshot is read back only under the schema it was written with: a change to the
shape of `Table` (or of the game state inside it) must come with a new `SNAPSHOT_SCHEMA`, or an
old snapshot would decode into a state missing what the new code relies on."""

from __future__ import annotations

import dataclasses
import hashlib
import typing

from app.services.table_log import SNAPSHOT_SCHEMA, Table

SHAPES = {6: "d8b372b30f97"}
"""The shape fingerprint of each snapshot schema (the current one must be here)."""


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


def fingerprint() -> str:
    text = "\n".join(sorted(shape_lines(Table)))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def test_the_snapshot_shape_is_pinned_to_its_schema() -> None:
    assert SNAPSHOT_SCHEMA in SHAPES, "a new snapshot schema needs its fingerprint pinned here"
    assert fingerprint() == SHAPES[SNAPSHOT_SCHEMA], (
        "the snapshot's shape changed: bump SNAPSHOT_SCHEMA (app/services/table_log.py) and pin "
        f"the new fingerprint {fingerprint()!r}"
    )


def test_the_fingerprint_sees_a_field_of_the_game_state() -> None:
    lines = shape_lines(Table)
    assert "GameState.playable: <class 'int'>" in lines
    assert any(line.startswith("DealSummary.") for line in lines)
