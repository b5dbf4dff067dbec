"""Who must act and what they may do: the one source of legality. `decide`, the views and
the bots ask these functions; nothing else judges a move."""

from __future__ import annotations

from itertools import combinations

from app.domain.cards import Card
from app.domain.commands import Command
from app.domain.kozel4.commands import Claim, GiveBack, Keep, Offer
from app.domain.kozel4.deck import is_molodka, trumps_in
from app.domain.kozel4.state import Deal, Exchange, GameState
from app.domain.multitrick.deck import canonical
from app.domain.multitrick.play import Table, to_play, trick_moves
from app.domain.multitrick.series import Phase
from app.domain.seats import partner


def table(state: GameState) -> Table:
    deal = state.running
    return Table(deal.ranking, "K4-11", "K4-12", rank_leads=state.options.rank_leads)


def to_act(state: GameState) -> tuple[int, ...]:
    """The seats that must act now: the open options and owed give-backs of the decision
    phase (K4-10), or the seat on turn in the trick. A молодка claim is never owed."""
    match state.phase:
        case Phase.DECISIONS:
            deal = state.running
            return tuple(sorted(deal.open_options | {o.to_seat for o in deal.offers}))
        case Phase.PLAY:
            return (to_play(state.running.board),)
        case Phase.SHUFFLE | Phase.DEAL | Phase.GAME_OVER:
            return ()


def legal_actions(state: GameState, seat: int) -> tuple[Command, ...]:
    match state.phase:
        case Phase.DECISIONS:
            return _decisions(state.running, seat)
        case Phase.PLAY:
            claims = (
                (Claim(seat, state.running.board.hands[seat]),) if can_claim(state, seat) else ()
            )
            return (*trick_moves(state.running.board, seat, table(state)), *claims)
        case Phase.SHUFFLE | Phase.DEAL | Phase.GAME_OVER:
            return ()


def can_claim(state: GameState, seat: int) -> bool:
    """K4-14: a молодка, no card played to this trick since it last started, and nearer the
    original leader than the standing claimant."""
    deal = state.running
    board = deal.board
    if board.trick.has_played(seat) or not is_molodka(board.hands[seat], deal.ranking):
        return False
    return deal.claimant is None or deal.distance(seat) < deal.distance(deal.claimant)


def owed_offer(deal: Deal, seat: int) -> Exchange | None:
    """K4-10: the offer `seat` must answer with a `give_back`."""
    return next((offer for offer in deal.offers if offer.to_seat == seat), None)


def eligible(hand: tuple[Card, ...], deal: Deal) -> bool:
    """K4-10: a dealt hand with exactly 1 or 2 trumps."""
    return 1 <= len(trumps_in(hand, deal.ranking)) <= 2


def give_back_sets(deal: Deal, seat: int, count: int) -> tuple[tuple[Card, ...], ...]:
    """K4-10: `count` of the partner's own cards, non-trumps while he has any not chosen."""
    hand = deal.board.hands[seat]
    trumps = trumps_in(hand, deal.ranking)
    plain = tuple(card for card in hand if card not in trumps)
    if len(plain) >= count:
        return tuple(combinations(plain, count))
    return tuple(canonical((*plain, *extra)) for extra in combinations(trumps, count - len(plain)))


def _decisions(deal: Deal, seat: int) -> tuple[Command, ...]:
    if seat in deal.open_options:
        return (Offer(seat), Keep(seat))
    offer = owed_offer(deal, seat)
    if offer is None:
        return ()
    return tuple(GiveBack(seat, cards) for cards in give_back_sets(deal, seat, len(offer.trumps)))


def visible_to_act(state: GameState, viewer: int | None) -> tuple[int, ...]:
    """Who must act, as `viewer` may know it: in the decision phase an option is its holder's
    secret (K4-10), and an offerer knows his partner owes him a give-back."""
    acting = to_act(state)
    if state.phase is not Phase.DECISIONS:
        return acting
    if viewer is None:
        return ()
    offered = any(offer.from_seat == viewer for offer in state.running.offers)
    return tuple(s for s in acting if s == viewer or (offered and s == partner(viewer)))
