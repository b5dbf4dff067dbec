"""What a seat can infer from its view: which cards are still unseen, who is void in what,
and which unseen cards it knows the whereabouts of (the K-9 exchange with its partner)."""

from __future__ import annotations

from dataclasses import dataclass

from app.domain import kozel24 as k
from app.domain.cards import Card
from app.domain.kozel24 import deck
from app.domain.view import Play, TrickView


@dataclass(frozen=True, slots=True)
class Knowledge:
    seat: int
    hand: int
    """My cards (mask)."""
    played: int
    """Every card played in this deal, the current trick included."""
    unseen: int
    """Cards I have not seen: in the other three hands."""
    voids: tuple[frozenset[int], ...]
    """Per seat, the card classes it has shown it does not hold (K-11)."""
    known: tuple[int, ...]
    """Per seat, unseen cards I know it holds (what I gave my partner in an exchange)."""
    sizes: tuple[int, ...]


def _mask(cards: tuple[Card, ...]) -> int:
    return deck.mask_of(cards)


def _tricks(view: k.View) -> list[TrickView]:
    tricks = list(view.game.tricks)
    if view.trick is not None and view.trick.plays:
        tricks.append(view.trick)
    return tricks


def _card(play: Play) -> Card:
    """The one card of a play of Kozel (every play is one card, face up)."""
    assert play.cards is not None
    (card,) = play.cards
    return card


def infer(view: k.View) -> Knowledge:
    assert view.seat is not None and view.hand is not None
    hand = _mask(view.hand)
    played = 0
    voids: list[set[int]] = [set(), set(), set(), set()]
    for trick in _tricks(view):
        led = deck.CLASS_OF[deck.INDEX[_card(trick.plays[0])]]
        for play in trick.plays:
            index = deck.INDEX[_card(play)]
            played |= 1 << index
            if deck.CLASS_OF[index] != led:
                voids[play.seat].add(led)
    known = [0, 0, 0, 0]
    for exchange in view.game.exchanges:
        if exchange.given is None or exchange.trump is None:
            continue
        if exchange.from_seat == view.seat:  # I passed my trump; my partner holds it
            known[exchange.to_seat] |= 1 << deck.INDEX[exchange.trump]
        else:  # I gave a card to my partner
            known[exchange.from_seat] |= 1 << deck.INDEX[exchange.given]
    unseen = deck.FULL_MASK & ~hand & ~played
    known = [mask & unseen for mask in known]
    return Knowledge(
        view.seat,
        hand,
        played,
        unseen,
        tuple(frozenset(v) for v in voids),
        tuple(known),
        view.hand_sizes,
    )
