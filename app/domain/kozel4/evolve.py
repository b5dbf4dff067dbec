"""`evolve(state, event) -> state`: apply a fact. Events are facts: nothing is validated here."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from app.domain.cards import Card
from app.domain.events import Event
from app.domain.kozel4.events import (
    CardsExchanged,
    MolodkaClaimed,
    TrumpShown,
    TrumpsKept,
    TrumpsOffered,
)
from app.domain.kozel4.legal import eligible
from app.domain.kozel4.options import Options
from app.domain.kozel4.state import SEATS, Deal, Exchange, GameState
from app.domain.multitrick.board import Board
from app.domain.multitrick.events import TRICK_EVENTS, HandsDealt, TrickTaken
from app.domain.multitrick.play import board_after
from app.domain.multitrick.series import Phase, evolve_series, fold, started
from app.domain.seats import PARTNERS, partner


def evolve(state: GameState | None, event: Event) -> GameState:
    if state is None:
        return started(GameState, Options, event, PARTNERS.sides)
    after = evolve_series(state, event, state.options.eggs_double)
    if after is not None:
        return after
    match event:
        case HandsDealt(hands=hands, stock=stock):
            return _dealt(state, hands, stock)
        case TrumpShown(card=card, position=position):
            return _opened(_with_deal(state, trump_card=card, position=position))
        case TrumpsOffered(seat=seat, cards=cards):
            deal = state.running
            return _decided(
                state,
                open_options=deal.open_options - {seat, partner(seat)},
                offers=(*deal.offers, Exchange(seat, partner(seat), cards)),
            )
        case TrumpsKept(seat=seat):
            return _decided(state, open_options=state.running.open_options - {seat})
        case CardsExchanged():
            return _exchanged(state, event)
        case MolodkaClaimed(seat=seat, cards=cards):
            deal = state.running
            claimed = deal.claimed | set(cards)
            return _with_deal(state, board=deal.board.restart(seat), claimant=seat, claimed=claimed)
        case TrickTaken(winner=winner):
            board = board_after(state.running.board, event)
            return _with_deal(state, board=board, original_leader=winner, claimant=None)
        case _ if isinstance(event, TRICK_EVENTS):
            return _with_deal(state, board=board_after(state.running.board, event))
    raise ValueError(f"not an event of this game: {event.TYPE}")


def replay(events: Iterable[Event]) -> GameState:
    return fold(evolve, None, events)


def _first_leader(state: GameState) -> int:
    """K4-9: the dealer in deal 1 (and always with `dealer_leads`), else the last trick's
    taker."""
    series = state.series
    assert series.dealer is not None
    if state.options.dealer_leads or series.next_leader is None:
        return series.dealer
    return series.next_leader


def _dealt(
    state: GameState, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...]
) -> GameState:
    board = Board.dealt(hands, stock, _first_leader(state))
    state = replace(state, deal=Deal(board, None, None, board.trick.leader))
    return _opened(state) if state.options.ladder else state


def _opened(state: GameState) -> GameState:
    """K4-10: with `handoff`, the decision phase opens for every seat dealt 1 or 2 trumps;
    play begins when nobody has an option."""
    deal = state.running
    seats = range(SEATS) if state.options.handoff else range(0)
    options = frozenset(seat for seat in seats if eligible(deal.board.hands[seat], deal))
    return _decided(state, open_options=options)


def _decided(state: GameState, **changes: object) -> GameState:
    state = _with_deal(state, **changes)
    deal = state.running
    return replace(state, phase=Phase.DECISIONS if deal.open_options or deal.offers else Phase.PLAY)


def _exchanged(state: GameState, event: CardsExchanged) -> GameState:
    """K4-10: both sets change hands at once."""
    deal = state.running
    giver, taker = event.from_seat, event.to_seat
    board = deal.board.with_hand(
        giver, (*(c for c in deal.board.hands[giver] if c not in event.trumps), *event.given)
    ).with_hand(
        taker, (*(c for c in deal.board.hands[taker] if c not in event.given), *event.trumps)
    )
    done = Exchange(giver, taker, event.trumps, event.given)
    return _decided(
        state,
        board=board,
        offers=tuple(o for o in deal.offers if o.from_seat != giver),
        exchanges=(*deal.exchanges, done),
    )


def _with_deal(state: GameState, **changes: object) -> GameState:
    return replace(state, deal=replace(state.running, **changes))  # type: ignore[arg-type]
