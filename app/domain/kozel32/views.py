"""What one seat (or a spectator) may know: the only thing clients and bots receive.

A seat sees its own hand and batch, everyone's hand sizes, the cards on the table face up, a
face-down card of its own, the tricks taken (a coffin's hidden cards and points only once the
кон is over), the board, its own exchanges' cards, its own rest-pile cards and discards. It
never sees the deck, another hand, the blind's hand (nobody does, C32-34), a face-down card of
another seat, or another seat's private options (C32-10 steps 1 and 2).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.domain.cards import Card, Suit
from app.domain.chance import commitment
from app.domain.errors import Reason
from app.domain.kozel32 import explain, flow, legal, plain, scoring, table
from app.domain.kozel32.choices import Choices
from app.domain.kozel32.commands import DemandRedeal, Discard, GiveCards, PlayCard, SeatCommand
from app.domain.kozel32.deck import Preset
from app.domain.kozel32.options import Boast
from app.domain.kozel32.state import (
    DealSummary,
    Exchange,
    GameResult,
    Laid,
    Phase,
    State,
    Taken,
    TrickKind,
    VoidReason,
)
from app.domain.view import (
    Caution,
    Face,
    Pick,
    Play,
    Refusal,
    Result,
    Target,
    TrickView,
    View,
    places,
    refused_cards,
)


@dataclass(frozen=True, slots=True)
class BatchView:
    """Cards that came to a seat for a choice (C32-15, C32-21): the count to all, the cards
    to their seat."""

    seat: int
    count: int
    cards: tuple[Card, ...] | None


@dataclass(frozen=True, slots=True)
class ExchangeView:
    """C32-13: the others learn the seats and the count; the two partners see the cards."""

    from_seat: int
    to_seat: int
    count: int
    trumps: tuple[Card, ...] | None
    given: tuple[Card, ...] | None


@dataclass(frozen=True, slots=True)
class ShownHand:
    """C32-11: a demander's hand, open to all until the redeal."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Kozel32View:
    """What only the 32-card game shows."""

    players: int
    trump_preset: Preset
    """C32-3: which cards are the permanent trumps; with `trump_suit`, the deal's trumps."""
    blinds: tuple[int, ...]
    """The blind seats (C32-34); each is played by the seat opposite it."""
    board: tuple[int, ...]
    """Pairs per side (C32-30), as `scores`."""
    eggs_pending: int
    eggs_played: bool
    leading_side: int | None
    cutter: int | None
    cut: int | None
    first_leader: int | None
    boast: Boast | None
    boaster: int | None
    star_rounds: tuple[int, ...]
    soloist: int | None
    trump_suit: Suit | None
    """The trump suit in force (C32-5); None: the permanent trumps only."""
    trump_named: bool
    part: int
    demands: int
    """Redeal demands made in this кон (C32-11; the third is a misdeal)."""
    voided: tuple[VoidReason, ...]
    shown_hand: ShownHand | None
    deck_size: int
    """Undealt cards (the talon of the queen-of-spades deal)."""
    batch: BatchView | None
    rest_pile: int
    my_rest_pile: tuple[Card, ...]
    """The viewer's own cards on the rest pile, top first."""
    discards: tuple[Card, ...] | None
    """The soloist's discards: his to see, everyone's once the кон is over."""
    discard_count: int
    exchanges: tuple[ExchangeView, ...]
    tricks: tuple[TrickView, ...]
    """Every trick of the кон taken so far, in order."""
    tricks_taken: tuple[int, ...]
    points: tuple[int, ...]
    """Card points per side in the tricks whose cards are seen (a coffin's at the end)."""
    caught_by: int | None


def view_for(state: State, seat: int | None) -> View[Kozel32View]:
    kon, deal = state.kon, state.deal
    seats = table.seats_of(state)
    player = seat if seat is not None and seat not in seats.dummies else None
    running = legal.deal_running(state)
    # A resignation ends the game inside a кон: its cards stay secret, but are off the table.
    playing = running and state.phase is not Phase.GAME_OVER
    hands = deal.hands if deal is not None and playing else ((),) * seats.count
    over = kon is not None and kon.scored
    tricks = tuple(_taken(t, over) for t in deal.tricks) if deal is not None else ()
    result = state.result
    choices = flow.choices(state)
    actions = () if player is None else choices.of(player)
    ranking = table.trumps_of(state) if playing and deal is not None else None
    hand = None if player is None else hands[player]
    return View(
        seat=seat,
        phase=state.phase,
        deal_no=state.kon_no,
        dealer=None if kon is None else kon.dealer,
        to_act=_to_act(state, choices, player),
        hand=hand if hand is None or ranking is None else ranking.in_order(hand),
        trumps=() if ranking is None else ranking.trumps,
        hand_sizes=tuple(len(hand) for hand in hands),
        scores=state.boards,
        trick=_trick(deal.trick, player) if playing and deal is not None and deal.trick else None,
        last_trick=tricks[-1] if tricks else None,
        commitment=commitment(deal.seed) if deal is not None else None,
        legal_actions=actions,
        refused=() if hand is None else _refused(state, hand, actions),
        pick=_pick(actions),
        last_deal=state.last_deal,
        result=None if result is None else _result(result),
        stock=None,
        messages_allowed=legal.messages_allowed(state),
        target=Target(scoring.BOARD_TOP, state.boards, ("C32-30", "C32-31")),
        game=_game_part(state, player, tricks, running),
        cautions=_DEMAND if any(isinstance(a, DemandRedeal) for a in actions) else (),
    )


def _game_part(
    state: State, viewer: int | None, tricks: tuple[TrickView, ...], running: bool
) -> Kozel32View:
    kon, deal = state.kon, state.deal
    seats = table.seats_of(state)
    batch = None if deal is None else deal.batch
    shown = None
    if deal is not None and deal.shown is not None and state.phase is Phase.SHUFFLE:
        shown = ShownHand(deal.shown, deal.dealt[deal.shown])
    soloist = None if deal is None else deal.soloist
    discards = None
    if deal is not None and (viewer == soloist or not running):
        discards = deal.discards
    return Kozel32View(
        players=state.players,
        trump_preset=state.options.trump_preset,
        blinds=seats.dummies,
        board=state.boards,
        eggs_pending=state.eggs_pending,
        eggs_played=state.eggs_played,
        leading_side=None if kon is None else kon.leading_side,
        cutter=None if kon is None else plain.cutter(state),
        cut=None if deal is None else deal.cut,
        first_leader=None if deal is None else deal.first_leader,
        boast=None if kon is None else kon.boast,
        boaster=None if kon is None else kon.boaster,
        star_rounds=() if kon is None else kon.star_rounds,
        soloist=soloist,
        trump_suit=None if deal is None else deal.trump,
        trump_named=deal is not None and deal.trump_named,
        part=0 if deal is None else deal.part,
        demands=0 if kon is None else kon.demands,
        voided=() if kon is None else tuple(v.reason for v in kon.voided),
        shown_hand=shown,
        deck_size=0 if deal is None else len(deal.deck),
        batch=None
        if batch is None
        else BatchView(batch.seat, len(batch.cards), batch.cards if viewer == batch.seat else None),
        rest_pile=0 if deal is None else len(deal.rest_pile),
        my_rest_pile=()
        if deal is None
        else tuple(p.card for p in deal.rest_pile if p.seat == viewer),
        discards=discards,
        discard_count=0 if deal is None else len(deal.discards),
        exchanges=() if deal is None else tuple(_exchange(x, viewer) for x in deal.exchanges),
        tricks=tricks,
        tricks_taken=scoring.side_tricks(state) if deal is not None else (0,) * seats.sides,
        points=_points(state, tricks),
        caught_by=None if deal is None else deal.caught_by,
    )


def _refused(
    state: State, hand: tuple[Card, ...], actions: tuple[SeatCommand, ...]
) -> tuple[Refusal, ...]:
    """The cards of the viewer's hand no play (C32-22 … C32-24) or give (C32-13) holds."""
    if not actions:
        return ()
    seat = actions[0].seat
    if any(isinstance(a, GiveCards) for a in actions):
        rule = _give_rule(actions)
        return refused_cards(hand, actions, GiveCards, lambda _: rule)
    return refused_cards(
        hand, actions, PlayCard, lambda card: explain.card_refusal(state, seat, card)
    )


def _pick(actions: tuple[SeatCommand, ...]) -> Pick | None:
    """The cards a give (C32-13) or the soloist's discard (C32-35) takes."""
    sizes = {len(a.cards) for a in actions if isinstance(a, GiveCards | Discard)}
    if not sizes:
        return None
    (size,) = sizes
    if any(isinstance(a, Discard) for a in actions):
        return Pick((Discard.TYPE,), size, size, Face.DOWN, (), explain.DISCARD_RULE)
    return Pick((GiveCards.TYPE,), size, size, None, (), _give_rule(actions))


def _give_rule(actions: tuple[SeatCommand, ...]) -> Reason:
    return explain.give_rule(next(len(a.cards) for a in actions if isinstance(a, GiveCards)))


def _result(result: GameResult) -> Result:
    """C32-31, C32-36: the winner first; the losers share the next place (a resigner at the
    queen-of-spades table loses alone, and the two others share the first)."""
    losers = {side for side, titles in enumerate(result.titles_by_side) if titles}
    ranked = places([side in losers for side in range(len(result.boards))])
    return Result(result.winner, result.loser, result.boards, result.titles, result.reason, ranked)


def _to_act(state: State, choices: Choices, viewer: int | None) -> tuple[int, ...]:
    """Who must act, as `viewer` may know it: a private option (C32-10) is its holder's, and
    his partner's once an offer is made between them."""
    if not choices.private:
        return choices.seats
    if viewer is None:
        return ()
    deal = table.deal_of(state)
    offered = any(o.seat in (viewer, (viewer + 2) % 4) for o in deal.pre_play.offers)
    return tuple(s for s in choices.seats if s == viewer or (offered and s == (viewer + 2) % 4))


def _trick(plays: tuple[Laid, ...], viewer: int | None) -> TrickView:
    return TrickView(plays[0].seat, tuple(_play(p, viewer) for p in plays))


def _play(laid: Laid, viewer: int | None) -> Play:
    if laid.face_down:
        return Play.down(laid.seat, (laid.card,), shown=viewer == laid.seat)
    return Play.up(laid.seat, laid.card)


def _taken(trick: Taken, over: bool) -> TrickView:
    """A taken trick, face up; a coffin's face-down cards and points only once the кон is
    over (C32-20)."""
    hidden = trick.kind is TrickKind.COFFIN and not over
    plays = tuple(_play(p, None) if hidden else Play.up(p.seat, p.card) for p in trick.plays)
    return TrickView(trick.leader, plays, trick.winner, None if hidden else trick.points)


def _exchange(exchange: Exchange, viewer: int | None) -> ExchangeView:
    seen = viewer in (exchange.from_seat, exchange.to_seat)
    return ExchangeView(
        exchange.from_seat,
        exchange.to_seat,
        len(exchange.given),
        exchange.trumps if seen else None,
        exchange.given if seen else None,
    )


def _points(state: State, tricks: tuple[TrickView, ...]) -> tuple[int, ...]:
    seats = table.seats_of(state)
    points = [0] * seats.sides
    for trick in tricks:
        if trick.winner is not None and trick.points is not None:
            points[seats.side_of(trick.winner)] += trick.points
    return tuple(points)


__all__ = ["DealSummary", "Kozel32View", "view_for"]


_DEMAND = (
    Caution(
        "demand_redeal",
        Reason(
            "demand_stops_the_deal",
            ("C32-11",),
            "a redeal demand stops the deal at once and shows your cards to all; the third in "
            "a кон is a misdeal, a pair to the team that did not deal",
            "требование пересдачи сразу прерывает сдачу, а ваши карты покажут всем; третье "
            "за кон — это ошибка сдачи, пара команде, которая не сдавала",
        ),
    ),
)
"""C32-11: a demand stops the deal and shows the demander's hand (C32-27: the third is a
misdeal)."""


def hands(state: State) -> tuple[tuple[Card, ...], ...]:
    """Every hand face up (a blind's too) in the deal's order while a deal is played (for a
    finished game's replay; a view shows only its own seat's)."""
    deal = state.deal
    seats = table.seats_of(state)
    if deal is None or not legal.deal_running(state) or state.phase is Phase.GAME_OVER:
        return ((),) * seats.count
    ranking = table.trumps_of(state)
    if ranking is None:
        return deal.hands
    return tuple(ranking.in_order(hand) for hand in deal.hands)
