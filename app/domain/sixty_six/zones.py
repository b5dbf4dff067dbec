"""Where every card of a running deal lies and who may see it (S66-13), for the conformance
suite: each card in exactly one zone."""

from __future__ import annotations

from app.domain.cards import Card
from app.domain.game import Zone
from app.domain.sixty_six.deck import DECKS
from app.domain.sixty_six.state import PLAYING, GameState, Phase

HIDDEN: frozenset[int] = frozenset()
PUBLIC = None


def zones(state: GameState) -> tuple[Zone, ...]:
    deal = state.deal
    if deal is None:
        return ()
    if state.phase is Phase.CUT:
        return (Zone("deck", DECKS[state.rules.deck].cards, HIDDEN),)
    if state.phase not in PLAYING:
        return ()
    shown_last = deal.tricks[-1] if deal.last_trick_shown else None
    found = [
        Zone("hand 0", deal.hands[0], frozenset({0})),
        Zone("hand 1", deal.hands[1], frozenset({1})),
        Zone("trick", deal.trick, PUBLIC),
        Zone("last trick", () if shown_last is None else shown_last.cards, PUBLIC),
    ]
    face_up = deal.face_up_card
    if face_up is None:
        found.append(Zone("stock", deal.stock, HIDDEN))
    else:
        found += [Zone("stock", deal.stock[:-1], HIDDEN), Zone("trump card", (face_up,), PUBLIC)]
    for seat in (0, 1):
        # S66-13: taken tricks lie face down; in `soft` their taker may review them.
        seen = HIDDEN if state.rules.hard else frozenset({seat})
        cards = tuple(
            card for trick in deal.tricks_of(seat) if trick != shown_last for card in trick.cards
        )
        found.append(Zone(f"tricks {seat}", cards, seen))
    return tuple(found)


def revealed_to(state: GameState, seat: int) -> frozenset[Card]:
    """The cards out of sight that both players saw face up outside the tricks
    (`Deal.known`): the card turned up at the deal (turned down by a closing, or drawn by
    the loser), both cards of every exchange, and every declared marriage. They are listed
    for each seat, its own among them, so that what every seat was shown in public is what a
    spectator may know too; the cards on the table and the trump card while it shows are in
    public zones already."""
    deal = state.deal
    if deal is None or state.phase not in PLAYING:
        return frozenset()
    public = {*deal.trick}
    if deal.last_trick_shown:
        public.update(deal.tricks[-1].cards)
    if deal.face_up_card is not None:
        public.add(deal.face_up_card)
    return frozenset(card for card in deal.known if card not in public)
