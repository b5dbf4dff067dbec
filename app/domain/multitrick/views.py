"""What a seat sees of a trick of several cards and of the cards of a deal, and where every
card lies (the zones of the conformance suite).

A face-down discard shows its count, and its cards to its own player only (K4-17, B-14); the
last trick taken stays on view until the next lead (K4-17).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

from app.domain.cards import Card
from app.domain.chance import commitment
from app.domain.commands import Command
from app.domain.game import Zone
from app.domain.multitrick.board import Board
from app.domain.multitrick.commands import Beat, Discard, Lead
from app.domain.multitrick.play import Table, trick_pick
from app.domain.multitrick.record import DealSummary
from app.domain.multitrick.series import Series
from app.domain.multitrick.sets import pairing
from app.domain.multitrick.trick import Response, Trick
from app.domain.ranking import Ranking
from app.domain.view import (
    Caution,
    Pick,
    Play,
    Refusal,
    Result,
    StockView,
    Target,
    TrickView,
    View,
    refused_cards,
)

G = TypeVar("G")

NOBODY: frozenset[int] = frozenset()


def trick_view(trick: Trick, viewer: int | None, winner: int | None = None) -> TrickView:
    plays = tuple(
        Play.up(play.seat, *play.cards)
        if play.face_up
        else Play.down(play.seat, play.cards, shown=viewer == play.seat)
        for play in trick.plays
    )
    return TrickView(trick.leader, plays, winner)


@dataclass(frozen=True, slots=True)
class Cover:
    """K4-12, B-10: one card of a beat and the card of the set it beat that it covers."""

    seat: int
    """The seat that beat."""
    card: Card
    covers: Card
    """The card of the top set before this beat (the lead, or the previous beat)."""


def covers_of(trick: Trick, ranking: Ranking) -> tuple[Cover, ...]:
    """For every beat of `trick`, which of its cards covers which card of the top set it
    beat: one pairing the engine finds (`sets.pairing`). Only face-up cards are named."""
    found: list[Cover] = []
    top: tuple[Card, ...] = ()
    for play in trick.plays:
        if play.response is Response.LEAD:
            top = play.cards
        elif play.response is Response.BEAT:
            pairs = pairing(play.cards, top, ranking) or ()
            found.extend(Cover(play.seat, mine, theirs) for mine, theirs in pairs)
            top = play.cards
    return tuple(found)


def shown_trick(board: Board, running: bool) -> Trick | None:
    """The trick the envelope shows: the running one once led (while the deal runs), else
    the last one taken (K4-17)."""
    if board.trick.led:
        return board.trick if running else None
    return board.last_trick


@dataclass(frozen=True, slots=True)
class Choosing:
    """What the envelope says of the cards the viewer must move now: the refused ones, and
    how many a move takes."""

    refused: tuple[Refusal, ...] = ()
    pick: Pick | None = None


@dataclass(frozen=True, slots=True)
class Seen:
    """What a game tells the envelope of its state, as `viewer` may know it."""

    viewer: int | None
    phase: Enum
    series: Series
    board: Board | None
    """The running deal's cards (or the last deal's, between deals)."""
    seed: bytes | None
    running: bool
    trump_card: Card | None
    to_act: tuple[int, ...]
    legal_actions: tuple[Command, ...]
    last_deal: DealSummary | None
    result: Result | None
    ranking: Ranking | None
    """How the running deal's cards rank (its trumps), while it has a trump."""
    target: int
    """The penalty points that end the game (K4-20, B-21)."""
    target_rules: tuple[str, ...]
    choosing: Choosing = Choosing()
    cautions: tuple[Caution, ...] = ()
    """The viewer's moves that end the deal at once, with their cost (B-20)."""


def trick_choosing(
    board: Board, seat: int | None, table: Table, actions: tuple[Command, ...]
) -> Choosing:
    """The viewer's lead or answer (K4-11, K4-12, B-9, B-10): how many cards it takes, and
    each card no lead, beat or discard holds (a lead may be any one card and a discard any
    `k`, so none is refused while the rules stay as they are; one would be with `pick`'s
    rule)."""
    if seat is None:
        return Choosing()
    pick = trick_pick(board, seat, table, actions)
    if pick is None:
        return Choosing()
    hand = board.hands[seat]
    refused = refused_cards(hand, actions, (Lead, Beat, Discard), lambda _: pick.rule)
    return Choosing(refused, pick)


def envelope(seen: Seen, game: G) -> View[G]:
    """The view every game of the family shows: the hand in the deal's order and its trumps,
    the hand sizes, the trick (a face-down play with its count only, but to its player), the
    last trick until the next lead, the stock with its trump card while the deal runs, the
    penalties per side. Between deals and after the game no hand is held."""
    board, viewer = seen.board, seen.viewer
    running = seen.running and board is not None
    held = board if running else None
    ranking = seen.ranking if running else None
    hand = () if held is None or viewer is None else held.hands[viewer]
    return View(
        seat=viewer,
        phase=seen.phase,
        deal_no=seen.series.deal_no,
        dealer=seen.series.dealer,
        to_act=seen.to_act,
        hand=None if viewer is None else (hand if ranking is None else ranking.in_order(hand)),
        trumps=() if ranking is None else ranking.trumps,
        hand_sizes=held.hand_sizes if held is not None else (0,) * seen.series.seats,
        scores=seen.series.penalties,
        trick=trick_view(board.trick, viewer) if running and board is not None else None,
        last_trick=_last_trick_view(board, viewer) if board is not None else None,
        commitment=commitment(seen.seed) if running and seen.seed else None,
        legal_actions=seen.legal_actions,
        refused=seen.choosing.refused,
        pick=seen.choosing.pick,
        last_deal=seen.last_deal,
        result=seen.result,
        stock=StockView(len(board.stock), seen.trump_card) if running and board else None,
        messages_allowed=seen.result is None,
        target=Target(seen.target, seen.series.penalties, seen.target_rules),
        game=game,
        cautions=seen.cautions,
    )


def _last_trick_view(board: Board, viewer: int | None) -> TrickView | None:
    """The trick taken last, while the next trick has no lead (K4-17)."""
    last = board.last_trick
    if last is None or board.trick.led:
        return None
    return trick_view(last, viewer, last.owner)


def zones(board: Board, open_bottom: bool = False) -> list[Zone]:
    """Every card of a running deal, each in one zone: the hands (each its seat's), the stock
    (nobody's; with `open_bottom` its last card is the face-up trump card, B-7), and the
    trick and the piles on the table: face up to all, but a face-down card is its
    discarder's alone."""
    found = [Zone(f"hand {seat}", hand, frozenset({seat})) for seat, hand in enumerate(board.hands)]
    stock = board.stock
    if open_bottom and stock:
        found.append(Zone("trump card", stock[-1:], None))
        stock = stock[:-1]
    found.append(Zone("stock", stock, NOBODY))
    table = (*board.trick.cards, *(card for pile in board.piles for card in pile))
    hidden = frozenset().union(*board.down)
    found.append(Zone("table face up", tuple(c for c in table if c not in hidden), None))
    for seat, down in enumerate(board.down):
        found.append(
            Zone(f"face down by {seat}", tuple(c for c in table if c in down), frozenset({seat}))
        )
    return found


def hands_in_order(
    board: Board | None, seats: int, running: bool, ranking: Ranking | None
) -> tuple[tuple[Card, ...], ...]:
    """Every hand face up in the deal's order while the deal runs (for a finished game's
    replay; a view shows only its own seat's)."""
    if board is None or not running:
        return ((),) * seats
    if ranking is None:
        return board.hands
    return tuple(ranking.in_order(hand) for hand in board.hands)
