"""What a seat of the 32-card Kozel can infer from its view in the play phase: the cards it
has not seen, where some of them are, which classes each seat has shown void in, and the
table options the view does not show but the seat's own legal cards give away."""

from __future__ import annotations

from dataclasses import dataclass

from app.bots.kozel32.fast import INDEX, Classes, mask_of
from app.domain.kozel32.commands import PlayCard
from app.domain.kozel32.deck import DECK_SIZE, ranking
from app.domain.kozel32.options import Boast
from app.domain.kozel32.views import Kozel32View
from app.domain.view import TrickView, View

FULL = (1 << DECK_SIZE) - 1
MERRY_SAD = frozenset({Boast.MERRY, Boast.SAD})
PRE_TRICKS = {
    Boast.PANTS: 1,  # C32-15: trick 1 comes from the draw
    Boast.DOUBLE_PANTS: 1,
    Boast.MIRROR: 1,  # C32-16
    Boast.BARREL: 2,  # C32-21: two circles
    Boast.SMALL_COFFINS: 2,  # C32-20
    Boast.BIG_COFFINS: 1,
}
"""The tricks of a boast that are not played from hand (nobody follows in them); the star
has one per open round (C32-18)."""
PART_TRICKS = {1: 0, 2: 3, 3: 6}
"""C32-19: the play-phase tricks before each part of merry and sad; a part's new cards make
a void shown in an earlier part stale."""


@dataclass(frozen=True, slots=True)
class Knowledge:
    seat: int
    classes: Classes
    hand: int
    unseen: int
    """Cards the seat has not seen: in the other hands, coffins and discards."""
    known: tuple[int, ...]
    """Per seat, unseen cards it is known to hold (the seat's own exchange, C32-13)."""
    forbidden: tuple[int, ...]
    """Per seat, the cards of the classes it has shown void in."""
    pockets: tuple[tuple[int, int], ...]
    """Face-down cards in no hand, as (count, the scoring side they count for): a coffin's
    hidden cards (C32-20), the soloist's discards (C32-35)."""
    led: int
    """The classes taken tricks were led with, as bits (C32-24)."""
    restricted: bool
    """C32-22's lead restriction is in force (seen in the seat's own legal leads)."""
    ace_ban: bool
    """C32-24 is in force (seen in the seat's own legal discards)."""


def _play_tricks(view: View[Kozel32View]) -> list[TrickView]:
    """The tricks played from hand under the rules of play in force now, the current one
    included."""
    game = view.game
    boast = game.boast
    skip = 0 if boast is None else PRE_TRICKS.get(boast, 0)
    if boast is Boast.STAR:
        skip = len(game.star_rounds)
    if boast in MERRY_SAD:
        skip += PART_TRICKS.get(game.part, 0)
    tricks = list(game.tricks[skip:])
    if view.trick is not None and view.trick.plays:
        tricks.append(view.trick)
    return tricks


def privileged(game: Kozel32View) -> int | None:
    """The seat C32-22 lets lead trumps freely: the soloist, else the boaster."""
    return game.soloist if game.soloist is not None else game.boaster


def infer(view: View[Kozel32View]) -> Knowledge:
    game = view.game
    assert view.seat is not None and view.hand is not None
    seats = len(view.hand_sizes)
    classes = Classes.of_ranking(ranking(game.trump_preset, game.trump_suit))
    hand = mask_of(view.hand)
    tricks = [*game.tricks, *([view.trick] if view.trick is not None else [])]
    seen = hand | mask_of([c for t in tricks for p in t.plays for c in p.cards or ()])
    seen |= mask_of(game.discards or ())
    pockets = [
        (sum(p.cards is None for p in t.plays), _side(game, t.winner))
        for t in game.tricks
        if t.winner is not None and any(p.cards is None for p in t.plays)
    ]
    if game.soloist is not None and game.discards is None:
        pockets.append((game.discard_count, game.soloist))
    restricted, ace_ban = _options_seen(view, classes, hand)
    forbidden = [0] * seats
    for trick in _play_tricks(view):
        led = trick.plays[0]
        assert led.cards is not None
        led_class = classes.of[INDEX[led.cards[0]]]
        lead_free = led.seat == privileged(game) or led.seat in game.blinds
        if restricted and led_class == 0 and not lead_free:
            forbidden[led.seat] |= FULL & ~classes.mask[0]  # C32-22: he held trumps only
        for play in trick.plays[1:]:
            followed = play.cards and classes.of[INDEX[play.cards[0]]] == led_class
            if play.cards and not followed and play.seat not in game.blinds:
                forbidden[play.seat] |= classes.mask[led_class]  # C32-23: he could not follow
    known = [0] * seats
    for exchange in game.exchanges:
        if exchange.from_seat != view.seat:
            forbidden[exchange.from_seat] |= classes.mask[0]  # C32-13: he passed his trumps
        if exchange.from_seat == view.seat and exchange.trumps is not None:
            known[exchange.to_seat] |= mask_of(exchange.trumps)
        elif exchange.to_seat == view.seat and exchange.given is not None:
            known[exchange.from_seat] |= mask_of(exchange.given)
    unseen = FULL & ~seen
    led_classes = 0
    for taken in game.tricks:
        first = taken.plays[0].cards
        if first is not None:
            led_classes |= 1 << classes.of[INDEX[first[0]]]
    return Knowledge(
        view.seat,
        classes,
        hand,
        unseen,
        tuple(k & unseen for k in known),
        tuple(f & ~k for f, k in zip(forbidden, known, strict=True)),
        tuple(pockets),
        led_classes & ~1,
        restricted,
        ace_ban,
    )


def _side(game: Kozel32View, seat: int) -> int:
    return seat if game.soloist is not None else seat % 2


def _options_seen(view: View[Kozel32View], classes: Classes, hand: int) -> tuple[bool, bool]:
    """The lead restriction and the ace ban, as far as the seat's own legal cards show them
    (the view does not carry the table's options); otherwise their defaults, off."""
    legal = mask_of([a.card for a in view.legal_actions if isinstance(a, PlayCard)])
    trumps, plain = hand & classes.mask[0], hand & ~classes.mask[0]
    restricted = ace_ban = False
    if view.trick is None or not view.trick.plays:
        restricted = bool(trumps and plain and not legal & trumps)
    else:
        led = view.trick.plays[0].cards
        assert led is not None
        if not hand & classes.mask[classes.of[INDEX[led[0]]]]:
            ace_ban = bool(hand & ~legal & _aces(classes))
    return restricted, ace_ban


def _aces(classes: Classes) -> int:
    return sum(classes.ace)  # one plain ace per class, so the masks never overlap
