"""What one seat (or a spectator) may know of a game: the only thing clients and bots receive.

A seat sees its own hand, the hand sizes, the current and the last trick, the counts and the
written totals. It never sees another hand, the seed of a running deal, the cards of an
exchange it took no part in, or another seat's private options (K-9: a lone trump is the
holder's secret unless it asks; K-10: a team's lack of queens is its own business).

The view is the shared envelope (`app.domain.view.View`); what only Kozel shows is its
`game` part, `Kozel24View`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from app.domain.cards import Card
from app.domain.kozel24 import deck, legal, refusals, scoring
from app.domain.kozel24.commands import GiveCard, PlayCard
from app.domain.kozel24.options import Options
from app.domain.kozel24.state import (
    DECISIONS,
    GAME_OVER,
    NO_HANDS,
    PLAY,
    SHUFFLE,
    GameResult,
    GameState,
    Phase,
)
from app.domain.seats import partner, team_of
from app.domain.tricks import TakenTrick
from app.domain.view import Play, Refusal, Result, Target, TrickView, places
from app.domain.view import View as Envelope


@dataclass(frozen=True, slots=True)
class ExchangeView:
    from_seat: int
    to_seat: int
    trump: Card | None = None
    """Shown to the two partners of the exchange only (K-9)."""
    given: Card | None = None


@dataclass(frozen=True, slots=True)
class Kozel24View:
    """What only the 24-card Kozel shows."""

    options: Options
    cutter: int | None
    cut_position: int | None
    first_leader: int | None
    tricks: tuple[TrickView, ...]
    """Every trick taken in this deal so far, in order."""
    tricks_taken: tuple[int, ...]
    points: tuple[int, ...]
    written: tuple[int, int]
    eggs_multiplier: int
    eggs_played: bool
    exchanges: tuple[ExchangeView, ...]


View = Envelope[Kozel24View]


def view_for(state: GameState, seat: int | None) -> View:
    """Everything `seat` may know now; `None` gives the public (spectator) view."""
    started = state.deal_no > 0
    phase = state.phase
    dealt = phase is not SHUFFLE and phase is not GAME_OVER
    hands = state.hands if dealt else NO_HANDS
    tricks = tuple(map(_taken_view, state.tricks))
    hand = None if seat is None else deck.cards_of(hands[seat])  # K-3: already in its order
    return Envelope(
        seat=seat,
        phase=state.phase,
        deal_no=state.deal_no,
        dealer=state.dealer if started else None,
        to_act=_visible_to_act(state, seat),
        hand=hand,
        trumps=_TRUMPS if dealt else (),
        hand_sizes=tuple(mask.bit_count() for mask in hands),
        scores=state.written,
        trick=None
        if state.leader is None or phase is GAME_OVER
        else _current_view(state.leader, state.trick_cards),
        last_trick=tricks[-1] if tricks else None,
        commitment=state.commitment if started else None,
        legal_actions=() if seat is None else legal.legal_actions(state, seat),
        refused=() if seat is None else _refused(state, seat),
        pick=None,
        last_deal=state.last_deal,
        result=None if state.result is None else _result(state.result),
        stock=None,
        messages_allowed=legal.messages_allowed(state),
        target=Target(scoring.GAME_LIMIT, state.written, ("K-17",)),
        game=Kozel24View(
            options=state.options,
            cutter=state.cutter if started else None,
            cut_position=state.cut_position,
            first_leader=state.first_leader,
            tricks=tricks,
            tricks_taken=state.tricks_taken,
            points=state.points,
            written=state.written,
            eggs_multiplier=state.eggs_multiplier,
            eggs_played=state.eggs_played,
            exchanges=tuple(
                ExchangeView(e.from_seat, e.to_seat, deck.CARDS[e.trump], deck.CARDS[e.given])
                if seat in (e.from_seat, e.to_seat)
                else ExchangeView(e.from_seat, e.to_seat)
                for e in state.exchanges
            ),
        ),
    )


_TRUMPS = deck.RANKING.trumps
"""K-3: the twelve permanent trumps, 6♣ first."""


def _refused(state: GameState, seat: int) -> tuple[Refusal, ...]:
    """The cards of the seat's hand that no play (K-7, K-11) or give (K-9) of its legal
    actions holds now (the masks `legal` offers them by), with why."""
    if state.phase is PLAY:
        if seat != state.turn:
            return ()
        refused = state.hands[seat] & ~state.playable
        return tuple(
            Refusal(card, refusals.why_not(state, PlayCard(seat, card)))
            for card in deck.cards_of(refused)
        )
    if state.phase is DECISIONS and partner(seat) in state.decisions.gives:
        refused = state.hands[seat] & ~legal.give_mask(state, seat)
        return tuple(
            Refusal(card, refusals.why_not(state, GiveCard(seat, card)))
            for card in deck.cards_of(refused)
        )
    return ()


def _result(result: GameResult) -> Result:
    """K-17: the losing team remains goats; the other team has won."""
    winner = 1 - result.loser
    ranked = places(tuple(0 if team == winner else 1 for team in (0, 1)))
    return Result(winner, result.loser, result.written, result.titles, result.reason, ranked)


# Views are values, like commands and events: a play is made once per seat and card, and a
# taken trick (public, the same for every viewer) once per trick while it is recent, so that
# the four views of a version, and the views of the versions after it, share them.
_PLAYS = tuple(tuple(Play.up(seat, card) for card in deck.CARDS) for seat in range(4))


def _plays(leader: int, cards: tuple[int, ...]) -> tuple[Play, ...]:
    """K-11: the cards of a trick, with the seats that played them, clockwise from the leader."""
    return tuple(_PLAYS[(leader + i) % 4][card] for i, card in enumerate(cards))


def _current_view(leader: int, cards: tuple[int, ...]) -> TrickView:
    return TrickView(leader, _plays(leader, cards))


@lru_cache(maxsize=4096)
def _taken_view(trick: TakenTrick) -> TrickView:
    return TrickView(trick.leader, _plays(trick.leader, trick.cards), trick.winner, trick.points)


def _visible_to_act(state: GameState, viewer: int | None) -> tuple[int, ...]:
    """Who must act, as `viewer` may know it. In the decision phase a seat's open option is
    private (K-9, K-10): the viewer sees its own, its team's claim, and the give it is owed."""
    acting = legal.to_act(state)
    if state.phase is not Phase.DECISIONS:
        return acting
    if viewer is None:
        return ()
    decisions = state.decisions
    return tuple(
        s
        for s in acting
        if s == viewer
        or (s == partner(viewer) and (team_of(s) in decisions.claims or viewer in decisions.gives))
    )


def hands(state: GameState) -> tuple[tuple[Card, ...], ...]:
    """Every seat's hand face up, in K-3's order, while a deal is dealt (for a finished
    game's replay; a view shows only its own seat's)."""
    dealt = state.phase is not SHUFFLE and state.phase is not GAME_OVER
    return tuple(deck.cards_of(mask) for mask in (state.hands if dealt else NO_HANDS))
