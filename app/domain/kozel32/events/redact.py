"""Who sees what of an event while its кон runs: the helpers of `payload_for`."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from app.domain.cards import Card
from app.domain.codec import encode
from app.domain.events import Event
from app.domain.kozel32.state import Laid


def only(event: Event, viewer: int | None, seats: Collection[int]) -> dict[str, Any] | None:
    return event.payload() if viewer in seats else None


def own_hands(hands: tuple[tuple[Card, ...], ...], viewer: int | None) -> dict[str, Any]:
    """A deal as one seat sees it: every hand's size, its own cards."""
    sizes = {"hand_sizes": [len(hand) for hand in hands]}
    if viewer is None or viewer >= len(hands):
        return sizes
    return {**sizes, "seat": viewer, "hand": encode(hands[viewer])}


def laid_for(plays: tuple[Laid, ...]) -> list[dict[str, Any]]:
    return [
        {"seat": p.seat, "card": None if p.face_down else str(p.card), "face_down": p.face_down}
        for p in plays
    ]
