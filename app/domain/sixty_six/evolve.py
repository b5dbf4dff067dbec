"""`evolve(state, event) -> state`: apply a fact. Events are facts: nothing is checked here.

Where an event moves the play on (a trick taken, a card drawn), the next phase follows from
the rules through `legal.phase_after_trick`, the same function `decide` relies on.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import assert_never

from app.domain.cards import Card
from app.domain.options import parse_options
from app.domain.sixty_six import legal
from app.domain.sixty_six.events import (
    CardDrawn,
    CardPlayed,
    CardsDealt,
    DealScored,
    DeckCut,
    DeckShuffled,
    GameEnded,
    GameStarted,
    MarriageDeclared,
    OutClaimed,
    PlayerResigned,
    SixtySixEvent,
    StockClosed,
    TrickTaken,
    TrumpExchanged,
)
from app.domain.sixty_six.options import Options, Rules
from app.domain.sixty_six.state import (
    Closing,
    Deal,
    DealSummary,
    Exchange,
    GameState,
    Marriage,
    Phase,
    Trick,
    Window,
)
from app.domain.view import Result, places

TITLES = ("bummerl",)
"""S66-27: the loser of the match "gets a Bummerl"."""
END_REASONS = ("match", "resigned")
"""S66-27: a player reached the match target; S66-28: a player resigned."""


def evolve(state: GameState | None, event: SixtySixEvent) -> GameState:
    if state is None:
        if not isinstance(event, GameStarted):
            raise TypeError(f"a game starts with game_started, not {event.TYPE}")
        rules = Rules.of(parse_options(Options, event.options))
        return GameState(rules=rules, first_dealer=event.first_dealer)
    match event:
        case GameStarted():
            raise TypeError("the game has already started")
        case DeckShuffled(deal_no=deal_no, dealer=dealer, seed=seed):  # the deck is the rules'
            return replace(state, phase=Phase.CUT, deal=Deal(deal_no, dealer, seed))
        case DeckCut(position=position):
            return _with_deal(state, replace(_deal(state), cut=position))
        case CardsDealt(hands=hands, trump_card=trump_card, stock=stock):
            deal = _deal(state)
            dealt = replace(
                deal,
                trump=trump_card.suit,
                trump_card=trump_card,
                hands=hands,
                stock=(*stock, trump_card),
                leader=deal.forehand,  # S66-9: the forehand leads the first trick
            )
            return replace(state, phase=Phase.LEAD, deal=dealt)
        case CardDrawn(seat=seat, card=card):
            deal = _deal(state)
            drawn = replace(
                deal,
                hands=_give(deal.hands, seat, card),
                stock=tuple(c for c in deal.stock if c != card),
            )
            return replace(state, phase=Phase.LEAD, deal=drawn)
        case StockClosed(seat=seat, opponent_points=o_pts, opponent_tricks=o_tricks):
            closing = Closing(seat, o_pts, o_tricks, event.before_draw)
            deal = replace(_deal(state), closing=closing, window=Window.CLOSED)
            return replace(state, phase=Phase.LEAD, deal=deal)
        case TrumpExchanged(seat=seat, exchange_card=given, trump_card=taken):
            deal = _deal(state)
            hands = _give(_take(deal.hands, seat, given), seat, taken)
            exchanged = replace(
                deal,
                hands=hands,
                stock=(*deal.stock[:-1], given),
                exchanges=(*deal.exchanges, Exchange(seat, given, taken)),
                window=Window.EXCHANGED,
            )
            return _with_deal(state, exchanged)
        case MarriageDeclared(seat=seat, suit=suit, points=points):
            deal = _deal(state)
            declared = replace(
                deal,
                marriages=(*deal.marriages, Marriage(seat, suit, points)),
                window=Window.DECLARED,
                declared=suit,
            )
            return _with_deal(state, declared)
        case CardPlayed(seat=seat, card=card):
            deal = _deal(state)
            played = replace(deal, hands=_take(deal.hands, seat, card), trick=(*deal.trick, card))
            return replace(state, phase=Phase.FOLLOW, deal=played)
        case TrickTaken(winner=winner):
            deal = _deal(state)
            lead, follow = deal.trick
            after = replace(
                deal,
                tricks=(*deal.tricks, Trick(deal.leader, (lead, follow), winner)),
                trick=(),
                leader=winner,
                window=Window.OPEN,
                declared=None,
            )
            return replace(state, phase=legal.phase_after_trick(after, state.rules), deal=after)
        case OutClaimed(seat=seat):
            return _with_deal(state, replace(_deal(state), claimer=seat))
        case PlayerResigned():
            return state
        case DealScored():
            return _scored(state, event)
        case GameEnded(winner=winner, loser=loser, game_points=game_points, reason=reason):
            ranked = places(tuple(0 if seat == winner else 1 for seat in (0, 1)))
            result = Result(winner, loser, game_points, TITLES, reason, ranked)
            return replace(state, phase=Phase.GAME_OVER, result=result)
        case _:
            assert_never(event)


def replay(events: Iterable[SixtySixEvent]) -> GameState:
    """The state that a log folds to."""
    state: GameState | None = None
    for event in events:
        state = evolve(state, event)
    if state is None:
        raise ValueError("an empty log has no state")
    return state


def _deal(state: GameState) -> Deal:
    assert state.deal is not None, "a deal event before any deal"
    return state.deal


def _with_deal(state: GameState, deal: Deal) -> GameState:
    return replace(state, deal=deal)


def _give(
    hands: tuple[tuple[Card, ...], ...], seat: int, card: Card
) -> tuple[tuple[Card, ...], ...]:
    return tuple((*hand, card) if s == seat else hand for s, hand in enumerate(hands))


def _take(
    hands: tuple[tuple[Card, ...], ...], seat: int, card: Card
) -> tuple[tuple[Card, ...], ...]:
    return tuple(
        tuple(c for c in hand if c != card) if s == seat else hand for s, hand in enumerate(hands)
    )


def _scored(state: GameState, event: DealScored) -> GameState:
    deal = _deal(state)
    summary = DealSummary(
        deal_no=event.deal_no,
        dealer=deal.dealer,
        trump=deal.trump,
        winner=event.winner,
        game_points=event.game_points,
        reason=event.reason,
        points=event.points,
        tricks=event.tricks,
        claimer=event.claimer,
        closer=event.closer,
    )
    first, second = state.game_points
    if event.winner == 0:
        first += event.game_points
    elif event.winner == 1:
        second += event.game_points
    game_points = (first, second)
    return replace(state, phase=Phase.SHUFFLE, game_points=game_points, last_deal=summary)
