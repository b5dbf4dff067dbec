"""`evolve(state, event) -> state`: apply a fact. Events are facts: nothing is validated here."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from app.domain.bura.combinations import Combination, bura_winner
from app.domain.bura.events import BuraShown, CombinationClaimed, Declared, TrumpTurned
from app.domain.bura.options import Options
from app.domain.bura.state import Deal, GameState, Shown
from app.domain.events import Event
from app.domain.multitrick.board import Board
from app.domain.multitrick.events import (
    TRICK_EVENTS,
    CardsDrawn,
    DealScored,
    HandsDealt,
    TrickTaken,
)
from app.domain.multitrick.play import board_after
from app.domain.multitrick.record import DealSummary, ShownHand
from app.domain.multitrick.series import Phase, Series, evolve_series, fold, started


def evolve(state: GameState | None, event: Event) -> GameState:
    if state is None:
        return started(GameState, Options, event, None)
    after = evolve_series(state, event, state.options.eggs_double)
    if after is not None:
        if isinstance(event, DealScored) and after.last_deal is not None:
            return replace(after, last_deal=_summary(state.running, after.last_deal))
        return after
    match event:
        case HandsDealt(hands=hands, stock=stock):
            board = Board.dealt(hands, stock, _first_leader(state.series))
            deal = Deal(board, stock[0], board.trick.leader)
            return replace(state, deal=deal, phase=Phase.PLAY)
        case TrumpTurned(card=card):
            return _with_deal(state, board=state.running.board.turned(), trump_card=card)
        case CombinationClaimed(seat=seat, combination=combination, cards=cards):
            deal = state.running
            claim = Shown(seat, combination, cards)
            return _with_deal(
                state, board=deal.board.restart(seat), claim=claim, claims=(*deal.claims, claim)
            )
        case TrickTaken(winner=winner):
            board = board_after(state.running.board, event)
            return _with_deal(state, board=board, original_leader=winner, claim=None)
        case CardsDrawn(draws=draws):
            deal = state.running
            drawer = next((d.seat for d in draws if d.card == deal.trump_card), deal.trump_drawn_by)
            return _with_deal(state, board=board_after(deal.board, event), trump_drawn_by=drawer)
        case _ if isinstance(event, TRICK_EVENTS):
            return _with_deal(state, board=board_after(state.running.board, event))
        case BuraShown(seat=seat, cards=cards):
            shown = (*state.running.buras, Shown(seat, Combination.BURA, cards))
            return _with_deal(state, buras=shown)
        case Declared(seat=seat):
            return _with_deal(state, declared_by=seat)
    raise ValueError(f"not an event of this game: {event.TYPE}")


def _summary(deal: Deal, summary: DealSummary) -> DealSummary:
    """The deal's summary with who ended it and the buras it showed (B-16, B-20)."""
    shown = tuple(ShownHand(bura.seat, bura.cards) for bura in deal.buras)
    ended_by = deal.declared_by
    if deal.buras:
        ended_by = bura_winner([(bura.seat, bura.cards) for bura in deal.buras])
    return replace(summary, ended_by=ended_by, shown=shown)


def replay(events: Iterable[Event]) -> GameState:
    return fold(evolve, None, events)


def _first_leader(series: Series) -> int:
    """B-8: the player after the dealer in deal 1, and after a deal without a trick; else the
    taker of the last trick."""
    assert series.dealer is not None
    if series.next_leader is None:
        return (series.dealer + 1) % series.seats
    return series.next_leader


def _with_deal(state: GameState, **changes: object) -> GameState:
    return replace(state, deal=replace(state.running, **changes))  # type: ignore[arg-type]
