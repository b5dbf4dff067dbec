"""What one seat (or a spectator) may know of a game of Kozel with 4 cards (K4-17).

A seat sees its own hand, the hand sizes, the stock's size and the shown trump card (for the
whole deal, also once drawn), every face-up card on the table, and of a face-down discard only
who made it and how many cards it had (its own discards it sees). A hand-off shows the other
team only that `n` cards passed between two seats (K4-10). Team point totals are hidden until
the deal's end, when every pile is shown (`last_deal`).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.domain.cards import Card, Suit
from app.domain.commands import Command
from app.domain.kozel4 import legal
from app.domain.kozel4.commands import GiveBack
from app.domain.kozel4.decide import give_back_rule
from app.domain.kozel4.state import Deal, GameState
from app.domain.multitrick.scoring import result_of
from app.domain.multitrick.series import TARGET, Phase
from app.domain.multitrick.views import (
    Choosing,
    Cover,
    Seen,
    covers_of,
    envelope,
    hands_in_order,
    shown_trick,
    trick_choosing,
)
from app.domain.ranking import Ranking
from app.domain.view import Pick, View, refused_cards


@dataclass(frozen=True, slots=True)
class ExchangeView:
    from_seat: int
    to_seat: int
    count: int
    trumps: tuple[Card, ...] | None = None
    """Shown to the two partners only (K4-10)."""
    given: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class Kozel4Part:
    trump: Suit | None
    """K4-8: the deal's trump suit; None under `ladder` (K4-4) or before the first deal."""
    ladder: bool
    original_leader: int | None
    """K4-14: the seat that had the right to lead this trick."""
    claimant: int | None
    """K4-14: the seat whose молодка is this trick's lead."""
    top_seat: int | None
    """K4-12: the seat whose cards are the top set (the trick's owner so far)."""
    tricks_taken: tuple[int, ...]
    """Per seat, in this deal."""
    exchanges: tuple[ExchangeView, ...]
    eggs_multiplier: int
    eggs_played: bool
    covers: tuple[Cover, ...] = ()
    """K4-12: for the trick on view (`trick` once led, else `last_trick`), which card of each
    beat covers which card of the set it beat (one pairing that beats)."""


def view_for(state: GameState, seat: int | None) -> View[Kozel4Part]:
    deal = state.deal
    running = state.phase in (Phase.DECISIONS, Phase.PLAY)
    actions = () if seat is None else legal.legal_actions(state, seat)
    seen = Seen(
        viewer=seat,
        phase=state.phase,
        series=state.series,
        board=None if deal is None else deal.board,
        seed=state.series.seed,
        running=running,
        trump_card=None if deal is None else deal.trump_card,
        to_act=legal.visible_to_act(state, seat),
        legal_actions=actions,
        last_deal=state.last_deal,
        result=result_of(state.ended),
        ranking=_ranking(state, deal),
        target=TARGET,
        target_rules=("K4-20",),
        choosing=_choosing(state, seat, actions) if running else Choosing(),
    )
    return envelope(seen, _part(state, deal, seat, running))


def _ranking(state: GameState, deal: Deal | None) -> Ranking | None:
    """K4-3, K4-4, K4-8: the ladder's trumps, or the shown card's suit once it is shown."""
    if deal is None or (deal.trump_card is None and not state.options.ladder):
        return None
    return deal.ranking


def _choosing(state: GameState, seat: int | None, actions: tuple[Command, ...]) -> Choosing:
    """A give-back's cards (K4-10), or the lead or answer of the trick (K4-11, K4-12)."""
    deal = state.running
    if state.phase is Phase.PLAY:
        return trick_choosing(deal.board, seat, legal.table(state), actions)
    offer = None if seat is None else legal.owed_offer(deal, seat)
    if seat is None or offer is None:
        return Choosing()
    rule = give_back_rule(len(offer.trumps))
    refused = refused_cards(deal.board.hands[seat], actions, GiveBack, lambda _: rule)
    count = len(offer.trumps)
    return Choosing(refused, Pick((GiveBack.TYPE,), count, count, None, (), rule))


def _part(state: GameState, deal: Deal | None, seat: int | None, running: bool) -> Kozel4Part:
    series = state.series
    if deal is None:
        return Kozel4Part(None, state.options.ladder, None, None, None, (0,) * 4, (), 1, False)
    shown = shown_trick(deal.board, running)
    return Kozel4Part(
        trump=None if deal.trump_card is None else deal.trump_card.suit,
        ladder=state.options.ladder,
        original_leader=deal.original_leader if running else None,
        claimant=deal.claimant if running else None,
        top_seat=deal.board.trick.owner if running and deal.board.trick.led else None,
        tricks_taken=deal.board.tricks_taken,
        exchanges=tuple(
            ExchangeView(e.from_seat, e.to_seat, len(e.trumps), e.trumps, e.given)
            if seat in (e.from_seat, e.to_seat)
            else ExchangeView(e.from_seat, e.to_seat, len(e.trumps))
            for e in deal.exchanges
        ),
        eggs_multiplier=series.multiplier,
        eggs_played=series.eggs_played,
        covers=() if shown is None else covers_of(shown, deal.ranking),
    )


def hands(state: GameState) -> tuple[tuple[Card, ...], ...]:
    deal = state.deal
    running = state.phase in (Phase.DECISIONS, Phase.PLAY)
    board = None if deal is None else deal.board
    return hands_in_order(board, state.series.seats, running, _ranking(state, deal))
