"""A view's trumps and hand order against the engine's own way of taking a trick: each game's
test passes `beats(card, led)`, the answer the engine itself gives (its trick-winner
function), and the cards of its deck."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import pairwise
from typing import Any

from app.domain.cards import Card
from app.domain.view import View

Beats = Callable[[Card, Card], bool]
"""`beats(card, led)`: `card`, played on `led`, takes the trick, by the engine's own rule."""


def check_trumps_and_hand(view: View[Any], deck: Iterable[Card], beats: Beats) -> None:
    """The view's trumps are listed strongest first and each beats every card that is not
    one; the hand holds its trumps first in that order, then each plain suit from its highest
    card; the hand's first card beats every other card of the hand led against it."""
    trumps, hand = view.trumps, view.hand or ()
    assert trumps, "the deal has trumps"
    for i, strong in enumerate(trumps):
        for weak in trumps[i + 1 :]:
            assert beats(strong, weak), f"{strong} does not beat {weak}"
            assert not beats(weak, strong), f"{weak} beats {strong}"
    for plain in set(deck) - set(trumps):
        for trump in trumps:
            assert beats(trump, plain), f"the trump {trump} does not beat {plain}"
            assert not beats(plain, trump), f"{plain} beats the trump {trump}"
    held = [card for card in hand if card in trumps]
    assert list(hand[: len(held)]) == held, f"the hand's trumps come first: {hand}"
    assert held == [card for card in trumps if card in held], "its trumps in their order"
    plain = hand[len(held) :]
    for higher, lower in pairwise(plain):
        if higher.suit is lower.suit:
            assert beats(higher, lower), f"{higher} before {lower}, but it does not beat it"
    if held:
        for other in hand[1:]:
            assert beats(hand[0], other), f"the first card {hand[0]} does not beat {other}"
