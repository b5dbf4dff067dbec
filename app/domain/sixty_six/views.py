"""What one seat (or a spectator) may know (S66-13, S66-26): the only thing clients and bots
receive.

A seat sees its hand, the trick on the table, the face-up trump card, the last completed
trick until the next card is played, the declared marriages and their cards still in hand,
the exchanges, who closed, and how many tricks each side has taken. In `soft` it also sees
its own taken tricks. It never sees the other hand, the stock's face-down cards, or a counted
score while `auto_out` is false. When a deal ends everything is shown in `last_deal`.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.domain.cards import Card, Suit
from app.domain.chance import commitment
from app.domain.errors import Reason
from app.domain.sixty_six import legal, scoring
from app.domain.sixty_six.commands import ClaimOut, LeadCard, PlayCard, SeatCommand
from app.domain.sixty_six.deck import DECKS
from app.domain.sixty_six.options import Rules
from app.domain.sixty_six.state import (
    PLAYING,
    Deal,
    Exchange,
    GameState,
    Marriage,
    Phase,
    Trick,
)
from app.domain.view import (
    Caution,
    Play,
    Refusal,
    StockView,
    Target,
    TrickView,
    View,
    refused_cards,
)


@dataclass(frozen=True, slots=True)
class ClosingView:
    closer: int
    before_draw: bool
    opponent_tricks: bool
    """`oTricks` (S66-19): whether the closer's opponent had won a trick (trick counts are
    public)."""
    opponent_points: int | None
    """`oPts`, a counted score: shown only with `auto_out` (S66-13)."""


@dataclass(frozen=True, slots=True)
class EndedDeal:
    """S66-26: between deals, every card of the deal just over."""

    held: tuple[tuple[Card, ...], ...]
    """The cards each seat still held when it ended."""
    stock: tuple[Card, ...]
    """The cards left in the stock, the trump card last."""
    tricks: tuple[TrickView, ...]


@dataclass(frozen=True, slots=True)
class SixtySixView:
    """What only Sixty-six shows."""

    rules: Rules
    forehand: int | None
    trump: Suit | None
    """The deal's trump suit (the suit of the card turned up, S66-7)."""
    tricks_won: tuple[int, int] | None
    """Per seat, the tricks won in the deal being played; None when no deal is (between
    deals, after the match)."""
    taken: tuple[TrickView, ...] | None
    """`soft`: the viewer's own taken tricks (S66-13); None in `hard` and for a spectator."""
    points: tuple[int, int] | None
    """Both counted scores (S66-21), only with `auto_out` (S66-13)."""
    marriages: tuple[Marriage, ...]
    shown: tuple[tuple[Card, ...], ...]
    """Per seat, the cards of its declared marriages still in its hand: public (S66-13)."""
    exchanges: tuple[Exchange, ...]
    closing: ClosingView | None
    declared: Suit | None
    """The marriage just declared: the lead must be one of its cards (S66-18)."""
    ended: EndedDeal | None = None
    """Between deals: the last deal's cards, all face up."""


def view_for(state: GameState, seat: int | None) -> View[SixtySixView]:
    deal = state.deal
    live = deal if deal is not None and state.phase in PLAYING else None  # its cards are out
    ranking = None
    if live is not None and live.trump is not None:
        ranking = DECKS[state.rules.deck].ranking(live.trump)
    hand = None if seat is None else (live.hands[seat] if live else ())
    actions = () if seat is None else legal.legal_actions(state, seat)
    return View(
        seat=seat,
        phase=state.phase,
        deal_no=0 if deal is None else deal.deal_no,
        dealer=None if deal is None else deal.dealer,
        to_act=legal.to_act(state),
        hand=hand if hand is None or ranking is None else ranking.in_order(hand),
        trumps=() if ranking is None else ranking.trumps,
        hand_sizes=(len(live.hands[0]), len(live.hands[1])) if live else (0, 0),
        scores=state.game_points,
        trick=_current(live) if live else None,
        last_trick=_last_trick(live) if live else None,
        commitment=commitment(deal.seed) if deal and state.phase in _RUNNING else None,
        legal_actions=actions,
        refused=() if hand is None else _refused(state, hand, actions),
        pick=None,
        last_deal=state.last_deal,
        result=state.result,
        stock=StockView(len(live.stock), live.face_up_card) if live else None,
        messages_allowed=legal.messages_allowed(state),
        target=Target(state.rules.match_target, state.game_points, ("S66-27",)),
        game=_game_part(state, live, seat),
        cautions=_CLAIM_OUT if any(isinstance(a, ClaimOut) for a in actions) else (),
    )


def _refused(
    state: GameState, hand: tuple[Card, ...], actions: tuple[SeatCommand, ...]
) -> tuple[Refusal, ...]:
    """The cards of the hand no lead (S66-18) or play (S66-12) holds now, with why."""
    if not actions:
        return ()
    seat = actions[0].seat
    if state.phase is Phase.FOLLOW:
        return refused_cards(
            hand, actions, PlayCard, lambda card: legal.reason(state, PlayCard(seat, card))
        )
    return refused_cards(
        hand, actions, LeadCard, lambda card: legal.reason(state, LeadCard(seat, card))
    )


_RUNNING = PLAYING | {Phase.CUT}
_BETWEEN = (Phase.SHUFFLE, Phase.GAME_OVER)


def _last_trick(deal: Deal) -> TrickView | None:
    """S66-13: both players see the last completed trick until the next card is played."""
    return _taken_view(deal.tricks[-1]) if deal.last_trick_shown else None


def _current(deal: Deal) -> TrickView:
    seats = (deal.leader, deal.follower)
    return TrickView(
        deal.leader, tuple(Play.up(s, card) for s, card in zip(seats, deal.trick, strict=False))
    )


def _taken_view(trick: Trick) -> TrickView:
    plays = (Play.up(trick.leader, trick.cards[0]), Play.up(1 - trick.leader, trick.cards[1]))
    return TrickView(trick.leader, plays, trick.winner, trick.points)


def _ended(state: GameState) -> EndedDeal | None:
    deal = state.deal
    if deal is None or state.phase not in _BETWEEN or deal.trump is None:
        return None
    return EndedDeal(deal.hands, deal.stock, tuple(map(_taken_view, deal.tricks)))


def _game_part(state: GameState, deal: Deal | None, seat: int | None) -> SixtySixView:
    rules = state.rules
    if deal is None:
        return SixtySixView(
            rules=rules,
            forehand=None,
            trump=None,
            tricks_won=None,
            taken=None,
            points=None,
            marriages=(),
            shown=((), ()),
            exchanges=(),
            closing=None,
            declared=None,
            ended=_ended(state),
        )
    auto = rules.auto_out
    own = seat is not None and not rules.hard
    return SixtySixView(
        rules=rules,
        forehand=deal.forehand,
        trump=deal.trump,
        tricks_won=(len(deal.tricks_of(0)), len(deal.tricks_of(1))),
        taken=tuple(map(_taken_view, deal.tricks_of(seat))) if own and seat is not None else None,
        points=scoring.tally(deal, rules).points if auto else None,
        marriages=deal.marriages,
        shown=tuple(
            tuple(c for m in deal.marriages if m.seat == s for c in m.cards if c in deal.hands[s])
            for s in (0, 1)
        ),
        exchanges=deal.exchanges,
        closing=None
        if deal.closing is None
        else ClosingView(
            deal.closing.closer,
            deal.closing.before_draw,
            deal.closing.opponent_tricks,
            deal.closing.opponent_points if auto else None,
        ),
        declared=deal.declared,
    )


_CLAIM_OUT = (
    Caution(
        "claim_out",
        Reason(
            "claim_out_ends_the_deal",
            ("S66-22",),
            "a claim of 66 ends the deal at once: with fewer than 66 your opponent scores 2 "
            "game points, or 3 if he has no trick",
            "заявка 66 сразу заканчивает сдачу: если у вас меньше 66, соперник получит 2 очка "
            "партии, а если у него нет взятки, 3",
        ),
    ),
)
"""S66-22: a claim out ends the deal; a false one scores for the opponent."""


def hands(state: GameState) -> tuple[tuple[Card, ...], ...]:
    """Both hands face up in the deal's order while a deal is played (for a finished game's
    replay; a view shows only its own seat's)."""
    deal = state.deal
    if deal is None or state.phase not in PLAYING:
        return ((), ())
    if deal.trump is None:
        return deal.hands
    ranking = DECKS[state.rules.deck].ranking(deal.trump)
    return tuple(ranking.in_order(hand) for hand in deal.hands)
