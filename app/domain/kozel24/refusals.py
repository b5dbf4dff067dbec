"""Why `decide` refuses a seat's command, in the rules' words: wire codes and rule ids, never
the engine's own names (the API sends the reason as the problem's `detail`).

Only a refused command asks; a legal one never comes here, so the reasons may take their time.
"""

from __future__ import annotations

from typing import assert_never

from app.domain.cards import Card
from app.domain.kozel24 import deck
from app.domain.kozel24.commands import (
    ClaimNoQueens,
    CutDeck,
    DecideExchange,
    GiveCard,
    PlayCard,
    PlayOn,
)
from app.domain.kozel24.state import CUT, DECISIONS, PLAY, GameState
from app.domain.seats import partner

Refusable = CutDeck | DecideExchange | GiveCard | ClaimNoQueens | PlayOn | PlayCard

_CLASS_NAMES = ("trumps", "spades", "hearts", "diamonds")
"""K-3: the classes a led card asks to follow, by `deck.CLASS_OF`."""


def why_not(state: GameState, command: Refusable) -> str:
    """The reason `command` is not among its seat's legal actions now."""
    match command:
        case PlayCard(seat=seat, card=card):
            return _play(state, seat, card)
        case GiveCard(seat=seat, card=card):
            return _give(state, seat, card)
        case CutDeck(seat=seat, position=position):
            return _cut(state, seat, position)
        case DecideExchange(exchange=exchange):
            word = "exchange" if exchange else "keep"
            return (
                f"you may not {word} now: from deal 2 on a player dealt exactly one trump "
                "answers exchange or keep, once, before the first lead (K-9)"
            )
        case ClaimNoQueens():
            return (
                "your team may not claim no queens now: from deal 2 on, a team whose two "
                "hands hold no queen may claim it before the first card, once (K-10)"
            )
        case PlayOn():
            return "your team has no claim of no queens to answer now (K-10)"
        case _:
            assert_never(command)


def _play(state: GameState, seat: int, card: Card) -> str:
    refused = f"you may not play {_code(card)} now"
    if state.phase is CUT:
        return f"{refused}: the deck is cut first (K-5)"
    if state.phase is DECISIONS:
        return f"{refused}: the options before the first lead are answered first (K-9, K-10)"
    if state.phase is not PLAY or seat != state.turn:
        return f"{refused}: it is not your turn to play (K-11)"
    index = _index(card)
    if index is None:
        return f"{refused}: it is not a card of the 24-card deck (K-2)"
    if not state.hands[seat] >> index & 1:
        return f"{refused}: it is not in your hand (K-11)"
    if not state.trick_cards:
        return f"{refused}: the first lead of deal 1 is the AD itself (K-7)"
    led = state.trick_cards[0]
    led_class = _CLASS_NAMES[deck.CLASS_OF[led]]
    return (
        f"{refused}: {deck.CARDS[led]} was led and you hold {led_class}, so you play one of "
        f"them (K-11)"
    )


def _give(state: GameState, seat: int, card: Card) -> str:
    refused = f"you may not give {_code(card)} now"
    if partner(seat) not in state.decisions.gives:
        return f"{refused}: you give a card only after your partner exchanged its lone trump (K-9)"
    index = _index(card)
    if index is None or not state.hands[seat] >> index & 1:
        return f"{refused}: it is not in your hand (K-9)"
    return f"{refused}: you hold a non-trump, so you give a non-trump (K-9)"


def _cut(state: GameState, seat: int, position: object) -> str:
    if state.phase is CUT and seat == state.cutter:
        return f"the cut is at a position 1..23, not {position!r} (K-5)"
    return (
        "you may not cut now: the player counter-clockwise of the dealer cuts, once, before "
        "the deal (K-5)"
    )


def _index(card: object) -> int | None:
    return deck.INDEX_BY_CODE.get(card.code) if isinstance(card, Card) else None


def _code(card: object) -> str:
    """The wire code of a card (whatever else a caller passed, as it came)."""
    return card.code if isinstance(card, Card) else repr(card)
