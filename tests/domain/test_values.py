"""The engine's states keep their fields in a plain dict (`app.domain.values.unshared`).

A dict that shares its keys with the class ("split") makes every field read take CPython's slow
generic path (bench/instructions.py counted 7 % more instructions per deal). Such a dict is
smaller than a plain one with the same fields (its keys are counted with the class), which is
what these tests compare.
"""

from __future__ import annotations

import random
import sys

from app.domain import kozel24 as k
from app.domain.values import unshared


def _is_plain(value: object) -> bool:
    fields = value.__dict__
    return sys.getsizeof(fields) == sys.getsizeof(dict(fields.items()))


def test_a_new_instance_shares_its_keys_until_unshared() -> None:
    """The check below can fail: a state made by the constructor is split."""
    made = k.GameState(k.Options(), next_dealer=0)
    assert not _is_plain(made)
    assert _is_plain(unshared(made))
    assert unshared(made) == made


def test_every_state_of_a_game_keeps_a_plain_dict() -> None:
    rng = random.Random(7)
    state = k.replay(k.start_game(k.Options(), first_dealer=0))
    states = 1
    assert _is_plain(state)
    while not state.is_terminal:
        seats = k.to_act(state)
        command = (
            rng.choice(k.legal_actions(state, seats[0]))
            if seats
            else k.ShuffleDeck(rng.randbytes(16))
        )
        state, _ = k.apply(state, command)
        assert _is_plain(state), f"after {command}"
        states += 1
    assert states > 50
