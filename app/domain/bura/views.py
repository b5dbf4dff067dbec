"""What one seat (or a spectator) may know of a game of Bura (B-14).

A seat sees its own hand, the hand sizes, the stock's size, the trump card while it lies
under the stock (and who drew it, once drawn), every face-up card on the table, and of a
face-down discard only who made it and how many cards it had (its own it sees; with
`open_discards` everyone does). Claimed combinations are shown with their cards, and stay
known. Pile totals are hidden until the deal's end (`last_deal`).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.domain.bura import legal
from app.domain.bura.commands import Declare
from app.domain.bura.scoring import FALSE_DECLARATION
from app.domain.bura.state import Deal, GameState, Shown
from app.domain.cards import Card, Suit
from app.domain.errors import Reason
from app.domain.multitrick.scoring import result_of
from app.domain.multitrick.series import Phase
from app.domain.multitrick.views import Choosing, Seen, envelope, hands_in_order, trick_choosing
from app.domain.view import Caution, View


@dataclass(frozen=True, slots=True)
class BuraPart:
    trump: Suit | None
    trump_card: Card | None
    """B-7: the turned card (also once drawn: everyone saw it)."""
    trump_drawn_by: int | None
    """B-14: who drew the trump card."""
    original_leader: int | None
    """B-17: the seat that had the right to lead this trick."""
    claim: Shown | None
    """B-17: the standing claim: its seat has the lead."""
    claims: tuple[Shown, ...]
    """Every combination claimed in this deal, with its cards (B-14)."""
    buras: tuple[Shown, ...]
    """B-16: the bura hands that ended the deal."""
    top_seat: int | None
    """B-10: the seat whose cards are the top set (the trick's owner so far)."""
    tricks_taken: tuple[int, ...]
    eggs_multiplier: int
    winners: tuple[int, ...]
    """B-21, once the game is over: every player under the target (the envelope's `result`
    names one winner and one loser only where there is one)."""
    losers: tuple[int, ...]
    claimable: tuple[Shown, ...]
    """B-15, B-17: each claim the viewer may make now, with the combination it names (one
    per `claim` of its legal actions, the same cards)."""


def view_for(state: GameState, seat: int | None) -> View[BuraPart]:
    deal = state.deal
    running = state.phase is Phase.PLAY
    board = None if deal is None else deal.board
    under = deal is not None and board is not None and bool(board.stock)
    actions = () if seat is None else legal.legal_actions(state, seat)
    seen = Seen(
        viewer=seat,
        phase=state.phase,
        series=state.series,
        board=board,
        seed=state.series.seed,
        running=running,
        trump_card=deal.trump_card if under and deal is not None else None,
        to_act=legal.to_act(state),
        legal_actions=actions,
        last_deal=state.last_deal,
        result=result_of(state.ended),
        ranking=None if deal is None else deal.ranking,
        target=state.options.target,
        target_rules=("B-21",),
        choosing=Choosing()
        if deal is None or not running
        else trick_choosing(deal.board, seat, legal.table(state), actions),
        cautions=_cautions(state, actions),
    )
    claimable = legal.offers(state, seat) if running and seat is not None else ()
    return envelope(seen, _part(state, deal, running, claimable))


def _part(
    state: GameState, deal: Deal | None, running: bool, claimable: tuple[Shown, ...]
) -> BuraPart:
    seats, ended = state.series.seats, state.ended
    winners, losers = ((), ()) if ended is None else (ended.winners, ended.losers)
    if deal is None:
        return BuraPart(
            None, None, None, None, None, (), (), None, (0,) * seats, 1, winners, losers, ()
        )
    trick = deal.board.trick
    return BuraPart(
        trump=deal.trump_card.suit,
        trump_card=deal.trump_card,
        trump_drawn_by=deal.trump_drawn_by,
        original_leader=deal.original_leader if running else None,
        claim=deal.claim if running else None,
        claims=deal.claims,
        buras=deal.buras,
        top_seat=trick.owner if running and trick.led else None,
        tricks_taken=deal.board.tricks_taken,
        eggs_multiplier=state.series.multiplier,
        winners=winners,
        losers=losers,
        claimable=claimable,
    )


def _cautions(state: GameState, actions: tuple[object, ...]) -> tuple[Caution, ...]:
    """B-20: a declaration of 61 ends the deal at once; a false one costs its penalty points
    (doubled after eggs, B-19)."""
    if not any(isinstance(action, Declare) for action in actions):
        return ()
    cost = FALSE_DECLARATION * state.series.multiplier
    reason = Reason(
        "declare_ends_the_deal",
        ("B-20",),
        f"declaring 61 ends the deal at once: with fewer than 61 you take {cost} penalty points",
        f"объявление 61 сразу заканчивает сдачу: если у вас меньше 61 очка, вы получите "
        f"{cost} штрафных очков",
    )
    return (Caution("declare", reason),)


def hands(state: GameState) -> tuple[tuple[Card, ...], ...]:
    deal = state.deal
    board = None if deal is None else deal.board
    ranking = None if deal is None else deal.ranking
    return hands_in_order(board, state.series.seats, state.phase is Phase.PLAY, ranking)
