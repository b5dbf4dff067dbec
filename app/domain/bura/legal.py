"""Who must act and what they may do: the one source of legality. `decide`, the views and
the bots ask these functions; nothing else judges a move."""

from __future__ import annotations

from app.domain.bura.combinations import Combination, claimable
from app.domain.bura.commands import Claim, Declare
from app.domain.bura.state import Deal, GameState, Shown
from app.domain.cards import Card
from app.domain.commands import Command
from app.domain.multitrick.play import Table, to_play, trick_moves
from app.domain.multitrick.series import Phase

ACE_LEADS = (Combination.FOUR_ENDS, Combination.MOSCOW)


def table(state: GameState) -> Table:
    deal, options = state.running, state.options
    return Table(
        deal.ranking,
        "B-9",
        "B-10",
        rank_leads=options.rank_leads,
        open_discards=options.open_discards,
        open_card=deal.trump_card,
    )


def to_act(state: GameState) -> tuple[int, ...]:
    """The seat to lead or to respond; a claim is never owed (B-17)."""
    return (to_play(state.running.board),) if state.phase is Phase.PLAY else ()


def legal_actions(state: GameState, seat: int) -> tuple[Command, ...]:
    if state.phase is not Phase.PLAY:
        return ()
    deal = state.running
    moves = trick_moves(deal.board, seat, table(state), extra_leads(state, seat))
    declare = (Declare(seat),) if state.options.declare and seat == to_play(deal.board) else ()
    return (*moves, *declare, *(Claim(seat, cards) for cards in claims(state, seat)))


def extra_leads(state: GameState, seat: int) -> tuple[tuple[Card, ...], ...]:
    """B-9 `ace_leads`: the claimant of a Москва or четыре конца may lead the claimed cards."""
    claim = state.running.claim
    if not state.options.ace_leads or claim is None or claim.seat != seat:
        return ()
    return (claim.cards,) if claim.combination in ACE_LEADS else ()


def in_window(state: GameState, seat: int) -> bool:
    """B-17: a player who has the lead has no claim; by default a claim comes before the
    trick's lead, with `late_claims` at any moment before the claimant has played to it."""
    trick = state.running.board.trick
    if seat == trick.leader or trick.has_played(seat):
        return False
    return state.options.late_claims or not trick.led


def claims(state: GameState, seat: int) -> tuple[tuple[Card, ...], ...]:
    """The cards of each claim `seat` may make now (`offers`)."""
    return tuple(offer.cards for offer in offers(state, seat))


def offers(state: GameState, seat: int) -> tuple[Shown, ...]:
    """Each claim `seat` may make now, with the combination it names (B-15): a combination
    of its four cards that overrides the standing claim, in the window (B-17)."""
    deal = state.running
    if not in_window(state, seat):
        return ()
    hand = deal.board.hands[seat]
    return tuple(
        Shown(seat, combination, cards)
        for combination, cards in claimable(hand, deal.trump_card.suit, state.options)
        if overrides(deal, seat, combination)
    )


def overrides(deal: Deal, seat: int, combination: Combination) -> bool:
    """B-17: any claim stands where none does; a later one must rank higher, or rank equal
    and sit nearer the original leader."""
    standing = deal.claim
    if standing is None:
        return True
    if combination.rank != standing.combination.rank:
        return combination.rank > standing.combination.rank
    return deal.distance(seat) < deal.distance(standing.seat)
