"""`evolve(state, event) -> state`: apply a fact. Events are facts: nothing is checked here.

A state is the fold of its events (`replay`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TypeVar, assert_never

from app.domain.cards import Card
from app.domain.kozly import dealing, scoring
from app.domain.kozly.events import (
    CardDrawn,
    CardPlayed,
    DealScored,
    DeckCut,
    DeckShuffled,
    GameEnded,
    GameStarted,
    HandsDealt,
    KozlyEvent,
    PlayerResigned,
    TrickTaken,
    TrumpTurned,
)
from app.domain.kozly.options import Options
from app.domain.kozly.state import (
    SEATS,
    Deal,
    GameState,
    Outcome,
    Phase,
    TakenTrick,
    Trick,
)
from app.domain.options import parse_options

T = TypeVar("T")


def evolve(state: GameState | None, event: KozlyEvent) -> GameState:
    if isinstance(event, GameStarted):
        options = parse_options(Options, event.options)
        return GameState(options, Phase.SHUFFLE, next_dealer=event.first_dealer)
    assert state is not None, "a game starts with game_started"
    match event:
        case DeckShuffled():
            undealt = dealing.shuffled(event.seed)
            deal = Deal(event.deal_no, event.dealer, event.seed, event.commitment, None, undealt)
            # The cards are gathered for the shuffle: the last trick is no longer shown.
            return replace(state, phase=Phase.CUT, deal=deal, last_trick=None)
        case DeckCut(position=position):
            deal = _deal(state)
            return _set(
                state, replace(deal, cut=position, undealt=dealing.cut(deal.undealt, position))
            )
        case HandsDealt():
            return _hands_dealt(state, event)
        case TrumpTurned(card=card, holder=holder):
            deal = _deal(state)
            # KZ-12: in `stock` the trump card goes face up under the stock.
            undealt = deal.undealt if holder is not None else dealing.stock_after_turn(deal.undealt)
            return _set(state, replace(deal, trump_card=card, undealt=undealt))
        case CardPlayed(seat=seat, card=card):
            return _card_played(state, seat, card)
        case TrickTaken(winner=winner, points=points):
            deal = _deal(state)
            assert deal.trick is not None
            taken = TakenTrick(deal.trick.leader, deal.trick.cards, winner, points)
            # KZ-5, KZ-14: the winner takes the trick and leads the next.
            deal = replace(deal, trick=Trick(winner), tricks=(*deal.tricks, taken))
            return replace(state, deal=deal, last_trick=taken)
        case CardDrawn(seat=seat, card=card):
            deal = _deal(state)
            hands = _replaced(deal.hands, seat, (*deal.hands[seat], card))
            return _set(state, replace(deal, hands=hands, undealt=deal.undealt[1:]))
        case DealScored():
            return _deal_scored(state, event)
        case PlayerResigned():
            return state
        case GameEnded(winner=winner, reason=reason, marks=marks, places=places, goats=goats):
            outcome = Outcome(winner, reason, places, goats)
            return replace(state, phase=Phase.GAME_OVER, marks=marks, outcome=outcome)
        case GameStarted():
            raise AssertionError("a game starts only once")
        case _:
            assert_never(event)


def replay(events: Iterable[KozlyEvent]) -> GameState:
    state: GameState | None = None
    for event in events:
        state = evolve(state, event)
    assert state is not None, "an empty log"
    return state


def _deal(state: GameState) -> Deal:
    assert state.deal is not None
    return state.deal


def _set(state: GameState, deal: Deal) -> GameState:
    return replace(state, deal=deal)


def _replaced(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """`items` with the one at `index` replaced by `item` (a seat's hand, a seat's count)."""
    return tuple(item if i == index else old for i, old in enumerate(items))


def _hands_dealt(state: GameState, event: HandsDealt) -> GameState:
    """KZ-10 to KZ-12: the dealt cards leave the top of the undealt; the player left of this
    half's dealer leads (KZ-14)."""
    deal = _deal(state)
    dealt = sum(map(len, event.hands))
    return replace(
        state,
        phase=Phase.PLAY,
        deal=replace(
            deal,
            hands=event.hands,
            undealt=deal.undealt[dealt:],
            trick=Trick((event.dealer + 1) % SEATS),
        ),
    )


def _card_played(state: GameState, seat: int, card: Card) -> GameState:
    deal = _deal(state)
    assert deal.trick is not None
    hand = tuple(c for c in deal.hands[seat] if c != card)
    trick = Trick(deal.trick.leader, (*deal.trick.cards, card))
    deal = replace(deal, hands=_replaced(deal.hands, seat, hand), trick=trick)
    # KZ-15: the last trick stays visible only until the next card is played.
    return replace(state, deal=deal, last_trick=None)


def _deal_scored(state: GameState, event: DealScored) -> GameState:
    """KZ-17, KZ-18: the marks move to a round's winner; `stock` carries the totals while
    nobody has won; the deal passes (KZ-7)."""
    deal = _deal(state)
    winner = event.winner
    marks, received, carried = state.marks, state.received, state.carried
    if winner is not None:
        marks = scoring.settled(marks, winner, event.paid)
        received = _replaced(received, winner, received[winner] + sum(event.paid))
    if not state.options.halves:
        carried = event.totals if winner is None else (0,) * SEATS
    return replace(
        state,
        phase=Phase.SHUFFLE,
        next_dealer=scoring.next_dealer(state.options, deal.dealer),
        marks=marks,
        received=received,
        carried=carried,
        last_deal=scoring.summary_of(event),
    )
