"""Where every card of the running deal lies, and who may see it (the conformance suite's
view of hidden information)."""

from __future__ import annotations

from app.domain.cards import Card
from app.domain.game import Zone
from app.domain.kozel32 import legal, table
from app.domain.kozel32.state import State, TrickKind

NOBODY: frozenset[int] = frozenset()


def zones(state: State) -> tuple[Zone, ...]:
    deal = state.deal
    if deal is None or not legal.deal_running(state):
        return ()
    seats = table.seats_of(state)
    found = [Zone("deck", deal.deck, NOBODY)]
    for seat, hand in enumerate(deal.hands):
        seen = NOBODY if seat in seats.dummies else frozenset({seat})  # C32-34: nobody
        found.append(Zone(f"hand {seat}", hand, None if deal.shown == seat else seen))
    if deal.batch is not None:
        found.append(Zone("batch", deal.batch.cards, frozenset({deal.batch.seat})))
    for seat in seats.seats:
        piled = tuple(p.card for p in deal.rest_pile if p.seat == seat)
        found.append(Zone(f"rest pile of {seat}", piled, frozenset({seat})))
    found.append(Zone("table", tuple(p.card for p in deal.trick if not p.face_down), None))
    for seat in seats.seats:
        down = tuple(p.card for p in deal.trick if p.face_down and p.seat == seat)
        found.append(Zone(f"face down by {seat}", down, frozenset({seat})))
    up: list[Card] = []
    hidden: list[Card] = []
    for trick in deal.tricks:
        for laid in trick.plays:
            secret = trick.kind is TrickKind.COFFIN and laid.face_down
            (hidden if secret else up).append(laid.card)
    found.append(Zone("tricks", tuple(up), None))
    found.append(Zone("coffins face down", tuple(hidden), NOBODY))
    if deal.soloist is not None:
        found.append(Zone("discards", deal.discards, frozenset({deal.soloist})))
    return tuple(found)


def revealed_to(state: State, seat: int) -> frozenset[Card]:
    """Cards the seat has seen that lie now where it cannot see them: what it passed to its
    partner or put on the rest pile (C32-15, C32-16, C32-17), what passed in its exchange
    (C32-13), the open trumps the barrel took into a hand (C32-21)."""
    deal = state.deal
    if deal is None or not legal.deal_running(state) or seat >= len(deal.seen):
        return frozenset()
    return deal.seen[seat]
