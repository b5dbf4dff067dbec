"""What a viewer may see of a running deal, and every card a value names: the leak check of
the conformance playouts."""

from __future__ import annotations

import dataclasses
import re

from app.domain.cards import Card
from app.domain.sixty_six import GAME, GameState

CODE = re.compile(r"^(A|K|Q|J|10|9|8|7|6)[CSHD]$")


def visible(state: GameState) -> dict[int | None, set[str]]:
    """What each viewer may see: the zones shown to it, and what `revealed_to` lets it know
    (the spectator: what either seat was shown in public)."""
    zones = GAME.zones(state)
    public = {card for zone in zones if zone.seen_by is None for card in zone.cards}
    revealed = {seat: GAME.revealed_to(state, seat) for seat in (0, 1)}
    seen: dict[int | None, set[Card]] = {None: public | revealed[0] | revealed[1]}
    for seat in (0, 1):
        own = {c for zone in zones if zone.seen_by and seat in zone.seen_by for c in zone.cards}
        seen[seat] = public | own | revealed[seat]
    return {viewer: {str(card) for card in cards} for viewer, cards in seen.items()}


def cards_in(value: object) -> set[str]:
    """Every card code inside `value` (as `tests.domain.cardscan.cards_in`, by type)."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is Card:
            found.add(item.code)  # type: ignore[attr-defined]
        elif kind is str:
            if CODE.match(item):  # type: ignore[arg-type]
                found.add(item)  # type: ignore[arg-type]
        elif kind in (tuple, list, set, frozenset):
            stack.extend(item)  # type: ignore[call-overload]
        elif kind is dict:
            stack.extend(item.values())  # type: ignore[attr-defined]
        else:
            stack.extend(getattr(item, name) for name in _field_names(kind))
    return found


def _field_names(kind: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(kind)
    if names is None:
        is_value = dataclasses.is_dataclass(kind)
        names = tuple(f.name for f in dataclasses.fields(kind)) if is_value else ()
        _FIELD_NAMES[kind] = names
    return names


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
