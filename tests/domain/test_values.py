"""`app.domain.values`: the engines' functional update of their frozen states gives the value
`dataclasses.replace` would, leaves the original as it was, and refuses a field the class does
not have (a misspelt name would otherwise become a stray attribute that equality and snapshots
never see)."""

from __future__ import annotations

import dataclasses

import pytest

from app.domain.values import updated
from tests.domain.helpers import MIXED, deal


def test_updated_is_replace_without_touching_the_original() -> None:
    state = deal(MIXED, dealer=3, deal_no=2, written=(1, 3))
    changed = updated(state, written=(5, 3), eggs_multiplier=2)
    assert changed == dataclasses.replace(state, written=(5, 3), eggs_multiplier=2)
    assert hash(changed) == hash(dataclasses.replace(state, written=(5, 3), eggs_multiplier=2))
    assert (changed.written, changed.eggs_multiplier) == ((5, 3), 2)
    assert (state.written, state.eggs_multiplier) == ((1, 3), 1)
    assert changed.hands == state.hands


def test_updated_refuses_a_field_the_class_does_not_have() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    with pytest.raises(TypeError, match="writen"):
        updated(state, writen=(5, 3))
