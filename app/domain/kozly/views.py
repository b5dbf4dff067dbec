"""What one seat (or a spectator) may know of a Kozly game (KZ-15).

Every played card is face up; a taken trick goes face down to its winner, and the last one
stays visible until the next card is played. A seat sees its own hand only. The trump card
is public the whole deal: everyone sees which card it is, and who holds it until it is
played (KZ-10, KZ-13). Each seat sees its own running card points, never another's, until
the deal ends and all four are counted (`last_deal`); in `stock` the totals carried from
the deals before are public (KZ-17).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.domain.cards import Card, Suit
from app.domain.kozly import deck, legal, scoring
from app.domain.kozly.dealing import TRICKS_PER_HALF
from app.domain.kozly.state import SEATS, Deal, GameState, Phase, TakenTrick, Trick
from app.domain.view import Play, Result, StockView, Target, TrickView, View


@dataclass(frozen=True, slots=True)
class KozlyView:
    """What only Kozly shows."""

    deal_mode: str
    half: int | None
    """`halves`: 1 or 2 while a deal is dealt (KZ-8); None otherwise."""
    dealers: tuple[int, ...]
    """The round's dealers, who give 1 mark (KZ-18): `dealer`, `dealer + 1` in `halves`."""
    cutter: int | None
    cut: int | None
    trump_card: Card | None
    """KZ-10, KZ-12: the card turned for this deal, public the whole deal."""
    trump_suit: Suit | None
    trump_holder: int | None
    """The seat holding the trump card in hand, in public, until he plays it."""
    set_aside: int
    """`halves`: the cards of half 2, face down until half 1 is played (KZ-9)."""
    points: tuple[int | None, ...]
    """This deal's card points: the viewer's own only (KZ-15)."""
    carried: tuple[int, ...]
    """`stock`: the running totals carried in from the deals before (KZ-17), public."""
    tricks_taken: tuple[int, ...]
    received: tuple[int, ...]
    """KZ-18: the marks given to each player in this game (KZ-19 counts them)."""
    places: tuple[int, ...] | None
    goats: tuple[int, ...]


def view_for(state: GameState, seat: int | None) -> View[KozlyView]:
    """Everything `seat` may know now; None gives the public (spectator) view."""
    deal = state.deal
    running = _running(state)
    hands = ((),) * SEATS if running is None else running.hands
    ranking = None if running is None or running.trump is None else deck.ranking(running.trump)
    hand = None if seat is None else hands[seat]
    return View(
        seat=seat,
        phase=state.phase,
        deal_no=0 if deal is None else deal.no,
        dealer=None if deal is None else deal.dealer,
        to_act=legal.to_act(state),
        hand=hand if hand is None or ranking is None else ranking.in_order(hand),
        trumps=() if ranking is None else ranking.trumps,
        hand_sizes=tuple(map(len, hands)),
        scores=state.marks,
        trick=None if running is None or running.trick is None else _trick(running.trick),
        last_trick=None if state.last_trick is None else _taken(state.last_trick, seat),
        commitment=None if running is None else running.commitment,
        legal_actions=() if seat is None else legal.legal_actions(state, seat),
        refused=(),  # KZ-6: any card of the hand may be played
        pick=None,
        last_deal=state.last_deal,
        result=_result(state),
        stock=_stock(state, running),
        messages_allowed=legal.messages_allowed(state),
        target=_target(state),
        game=_game(state, running, seat),
    )


def _running(state: GameState) -> Deal | None:
    """The deal being played (from the shuffle to the count), if any."""
    return state.deal if state.phase in (Phase.CUT, Phase.PLAY) else None


def _trick(trick: Trick) -> TrickView:
    return TrickView(trick.leader, _plays(trick.leader, trick.cards))


def _taken(trick: TakenTrick, viewer: int | None) -> TrickView:
    """KZ-15: a trick's card points count to its winner's running total, so only he sees
    them."""
    points = trick.points if viewer == trick.winner else None
    return TrickView(trick.leader, _plays(trick.leader, trick.cards), trick.winner, points)


def _plays(leader: int, cards: tuple[Card, ...]) -> tuple[Play, ...]:
    return tuple(Play.up((leader + i) % SEATS, card) for i, card in enumerate(cards))


def _stock(state: GameState, deal: Deal | None) -> StockView | None:
    """KZ-12: the stock of the `stock` deal, with its face-up trump card while it lies
    there."""
    if state.options.halves or deal is None or deal.trump_card is None:
        return None
    return StockView(len(deal.undealt), deal.trump_card if deal.trump_under_stock() else None)


def _game(state: GameState, running: Deal | None, seat: int | None) -> KozlyView:
    options = state.options
    dealt = running if running is not None and running.trump_card is not None else None
    outcome = state.outcome
    return KozlyView(
        deal_mode=options.deal_mode,
        half=_half(dealt) if dealt is not None and options.halves else None,
        dealers=() if running is None else scoring.round_dealers(options, running.dealer),
        cutter=None if running is None else legal.cutter(running.dealer),
        cut=None if running is None else running.cut,
        trump_card=None if dealt is None else dealt.trump_card,
        trump_suit=None if dealt is None else dealt.trump,
        trump_holder=None if dealt is None else dealt.trump_holder(),
        set_aside=len(dealt.undealt) if dealt is not None and options.halves else 0,
        points=_own_points(dealt, seat),
        carried=state.carried,
        tricks_taken=tuple(
            0 if dealt is None else sum(t.winner == s for t in dealt.tricks) for s in range(SEATS)
        ),
        received=state.received,
        places=None if outcome is None else outcome.places,
        goats=() if outcome is None else outcome.goats,
    )


def _half(deal: Deal) -> int:
    return 1 if len(deal.tricks) < TRICKS_PER_HALF else 2


def _own_points(deal: Deal | None, seat: int | None) -> tuple[int | None, ...]:
    """KZ-15: the viewer's own running card points; the others' stay hidden."""
    if deal is None or seat is None:
        return (None,) * SEATS
    return tuple(p if s == seat else None for s, p in enumerate(deal.points()))


def _result(state: GameState) -> Result | None:
    """KZ-19, KZ-20: the winner (None after a resignation); the loser is the one goat, when
    there is only one."""
    outcome = state.outcome
    if outcome is None:
        return None
    loser = outcome.goats[0] if len(outcome.goats) == 1 else None
    return Result(
        outcome.winner, loser, state.marks, (scoring.TITLE,), outcome.reason, outcome.places
    )


def _target(state: GameState) -> Target | None:
    """KZ-19: under `received12` the game is won by the marks received (the scores are the
    balances, 12 each at the start, KZ-18); under `ruined` no figure ends it."""
    if state.options.end != "received12":
        return None
    return Target(state.options.target_marks, state.received, ("KZ-19",))


def hands(state: GameState) -> tuple[tuple[Card, ...], ...]:
    """Every hand face up in the deal's order while a deal is played (for a finished game's
    replay; a view shows only its own seat's)."""
    running = _running(state)
    if running is None:
        return ((),) * SEATS
    if running.trump is None:
        return running.hands
    ranking = deck.ranking(running.trump)
    return tuple(ranking.in_order(hand) for hand in running.hands)
