"""Where the cards of a deal lie and who may see them (KZ-15), for the conformance suite.

A hand is its holder's; the trick on the table is face up; a taken trick lies face down
with its winner, but every card in it was played face up (KZ-15), so it hides nothing. The
undealt cards are face down: the deck before the cut, half 2 set aside (`halves`), the stock
(`stock`), except the trump card face up at the stock's bottom (KZ-12). The trump card in a
hand is public (KZ-10, KZ-13): `revealed_to` lists it for every seat.
"""

from __future__ import annotations

from app.domain.cards import Card
from app.domain.game import Zone
from app.domain.kozly.state import SEATS, GameState, Phase

NOBODY: frozenset[int] = frozenset()


def zones(state: GameState) -> tuple[Zone, ...]:
    deal = state.deal
    if deal is None:
        return ()
    hands = tuple(Zone(f"hand {s}", deal.hands[s], frozenset({s})) for s in range(SEATS))
    trick = Zone("trick", () if deal.trick is None else deal.trick.cards, None)
    taken = tuple(Zone(f"taken {s}", deal.taken(s), None) for s in range(SEATS))
    return (*hands, trick, *taken, *_undealt(state))


def _undealt(state: GameState) -> tuple[Zone, ...]:
    deal = state.deal
    assert deal is not None
    if deal.trump_card is None:
        return (Zone("deck", deal.undealt, NOBODY),)
    if state.options.halves:
        return (Zone("half 2", deal.undealt, NOBODY),)
    if deal.trump_under_stock():
        return (
            Zone("stock", deal.undealt[:-1], NOBODY),
            Zone("trump card", deal.undealt[-1:], None),
        )
    return (Zone("stock", deal.undealt, NOBODY),)


def revealed_to(state: GameState, seat: int) -> frozenset[Card]:
    """KZ-10, KZ-13: the trump card, held in public until it is played."""
    deal = state.deal
    if deal is None or state.phase is Phase.SHUFFLE or deal.trump_holder() is None:
        return NOBODY_CARDS
    assert deal.trump_card is not None
    return frozenset({deal.trump_card})


NOBODY_CARDS: frozenset[Card] = frozenset()
