"""Literal deals for rule tests: hands written as card codes, events built by hand.

`evolve` trusts events, so a test can set up any deal (and any score) by writing its log.
"""

from __future__ import annotations

from app.domain import kozel24 as k
from app.domain.cards import Card, parse_cards
from app.domain.chance import commitment
from app.domain.kozel24 import deck
from app.domain.kozel24.events import DeckCut, DeckShuffled, GameStarted, HandsDealt
from app.domain.kozel24.state import GameState
from app.domain.values import updated

SEED = b"literal deal"


def cards(codes: str) -> tuple[Card, ...]:
    return parse_cards(codes)


def card(code: str) -> Card:
    return Card.parse(code)


def deal(
    hands: list[str],
    *,
    dealer: int = 0,
    deal_no: int = 1,
    written: tuple[int, int] = (0, 0),
    eggs_multiplier: int = 1,
    eggs_played: bool = False,
    options: k.Options | None = None,
) -> GameState:
    """A state right after the deal of `hands` (seat 0..3), as if earlier deals had left
    `written` and the eggs as given."""
    state = k.evolve(None, GameStarted(options or k.Options(), dealer))
    state = updated(
        state, written=written, eggs_multiplier=eggs_multiplier, eggs_played=eggs_played
    )
    return _dealt(state, hands, deal_no, dealer)


def redeal(state: GameState, hands: list[str]) -> GameState:
    """The next deal of a game between deals (K-8's dealer), dealt as `hands`."""
    assert state.phase is k.Phase.SHUFFLE
    return _dealt(state, hands, state.deal_no + 1, state.next_dealer)


def _dealt(state: GameState, hands: list[str], deal_no: int, dealer: int) -> GameState:
    dealt = tuple(parse_cards(hand) for hand in hands)
    assert sorted(map(str, sum(dealt, ()))) == sorted(map(str, deck.CARDS)), "not the 24 cards"
    assert all(len(hand) == 6 for hand in dealt)
    state = k.evolve(state, DeckShuffled(deal_no, dealer, SEED, commitment(SEED)))
    state = k.evolve(state, DeckCut((dealer - 1) % 4, 12))
    return k.evolve(state, HandsDealt(dealt))


def play(state: GameState, codes: str) -> tuple[GameState, list[k.KozelEvent]]:
    """Play the cards in turn order (each from the seat to act)."""
    events: list[k.KozelEvent] = []
    for code in codes.split():
        (seat,) = k.to_act(state)
        state, new = k.apply(state, k.PlayCard(seat, card(code)))
        events += new
    return state, events


def hand_of(state: GameState, seat: int) -> set[str]:
    return {str(c) for c in deck.cards_of(state.hands[seat])}


def plays_for(state: GameState, seat: int) -> set[str]:
    return {str(a.card) for a in k.legal_actions(state, seat) if isinstance(a, k.PlayCard)}


# Team 0 holds all twelve trumps: whatever is played, it takes every trick (K-14 sweep), and
# team 1 holds no queen (K-10).
SWEEP = [
    "6C QC QS QH QD JC",
    "AS 10S KS 6S AH 10H",
    "JS JH JD AC 10C KC",
    "KH 6H AD 10D KD 6D",
]

# Seat 3 leads A♦ in deal 1 (K-7); seat 0 can drop 6♣ and seat 1 its Q♣ on it (K-13).
CATCH = [
    "6C QS QH QD JC JS",
    "QC JH JD AC 10C KC",
    "AS 10S KS 6S KH 6H",
    "AD 10D KD 6D AH 10H",
]

# A hand-checked deal 2 (dealer 3, seat 0 leads) with no decisions to make; see test_k14.
MIXED = [
    "6C AS 10S KH 6H JD",
    "QC AH 10H 6S KS JH",
    "QS AD 10D KD 6D JC",
    "QH QD JS AC 10C KC",
]
MIXED_PLAYS = [
    "AS KS 6D KC",
    "QH 6C JH JC",
    "10S 6S 10D AC",
    "JS JD QC QS",
    "AH KD 10C 6H",
    "QD KH 10H AD",
]
MIXED_WINNERS = [3, 0, 3, 1, 3, 3]
MIXED_POINTS = [19, 7, 31, 10, 25, 28]


def first_legal(state: GameState) -> GameState:
    """Advance by one action: the first legal action of the first seat to act."""
    seat = k.to_act(state)[0]
    state, _ = k.apply(state, k.legal_actions(state, seat)[0])
    return state


def finish_deal(state: GameState) -> tuple[GameState, list[k.KozelEvent]]:
    """Play on with the first legal action until the deal is scored."""
    events: list[k.KozelEvent] = []
    while state.phase in (k.Phase.DECISIONS, k.Phase.PLAY):
        seat = k.to_act(state)[0]
        state, new = k.apply(state, k.legal_actions(state, seat)[0])
        events += new
    return state, events
