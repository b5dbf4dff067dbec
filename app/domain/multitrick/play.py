"""Playing a trick of several cards: the legal moves of the seat on turn, the facts a move
states (the trick taken and the draws that follow it), the board after each fact, and why a
move is refused, in the rules' words.

The two games differ only in what they pass in: the ranking of the deal, whether leads of
one rank are allowed (`rank_leads`), whether discards are face up (B-10 `open_discards`), the
card everyone sees drawn (B-7), and their rule ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.domain.cards import Card
from app.domain.commands import Command
from app.domain.errors import DomainError, IllegalAction, NotYourTurn
from app.domain.events import Event
from app.domain.multitrick.board import Board
from app.domain.multitrick.commands import Beat, Discard, Lead
from app.domain.multitrick.deck import canonical
from app.domain.multitrick.events import (
    CardsBeaten,
    CardsDiscarded,
    CardsDrawn,
    CardsLed,
    TrickTaken,
)
from app.domain.multitrick.sets import beat_sets, discard_sets, lead_sets
from app.domain.multitrick.trick import Response, TrickPlay
from app.domain.ranking import Ranking

TrickMove = Lead | Beat | Discard


@dataclass(frozen=True, slots=True)
class Table:
    """What a game tells the trick about the deal being played."""

    ranking: Ranking
    lead_rule: str
    """The rule id of a lead (K4-11, B-9), cited when one is refused."""
    respond_rule: str
    rank_leads: bool = False
    open_discards: bool = False
    open_card: Card | None = None
    """A card everyone sees drawn (the trump card under the stock, B-7)."""


def to_play(board: Board) -> int:
    return board.trick.next_seat(board.seats)


def trick_moves(
    board: Board, seat: int, table: Table, extra_leads: Sequence[tuple[Card, ...]] = ()
) -> tuple[TrickMove, ...]:
    """The leads, beats and discards `seat` may make now (none when it is not on turn)."""
    trick = board.trick
    if seat != to_play(board):
        return ()
    hand = board.hands[seat]
    if not trick.led:
        leads = lead_sets(hand, table.ranking, table.rank_leads)
        extra = tuple(cards for cards in extra_leads if cards not in leads)
        return tuple(Lead(seat, cards) for cards in (*leads, *extra))
    top = trick.top.cards
    beats = tuple(Beat(seat, cards) for cards in beat_sets(hand, top, table.ranking))
    return beats + tuple(Discard(seat, cards) for cards in discard_sets(hand, trick.size))


@dataclass(frozen=True, slots=True)
class Moved:
    """The facts of a move, and the board they lead to."""

    events: list[Event]
    board: Board


def move_events(board: Board, move: TrickMove, table: Table) -> Moved:
    """The facts of a legal move: the play, and when it completes the trick, the trick taken
    and the draws from its winner (K4-13, K4-15, B-11, B-12)."""
    cards = canonical(move.cards)
    played: Event
    match move:
        case Lead(seat=seat):
            played = CardsLed(seat, cards)
        case Beat(seat=seat):
            played = CardsBeaten(seat, cards)
        case Discard(seat=seat):
            played = CardsDiscarded(seat, cards, table.open_discards)
    events: list[Event] = [played]
    board = board_after(board, played)
    if board.trick.is_complete(board.seats):
        winner = board.trick.owner
        events.append(TrickTaken(winner))
        board = board.take()
        draws = board.draws(winner)
        if draws:
            events.append(CardsDrawn(draws, table.open_card))
            board = board.drawn(draws)
    return Moved(events, board)


def board_after(board: Board, event: Event) -> Board:
    """The board after one of the trick's facts (any other event leaves it as it is)."""
    match event:
        case CardsLed(seat=seat, cards=cards):
            return board.play(TrickPlay(seat, Response.LEAD, cards, True))
        case CardsBeaten(seat=seat, cards=cards):
            return board.play(TrickPlay(seat, Response.BEAT, cards, True))
        case CardsDiscarded(seat=seat, cards=cards, face_up=face_up):
            return board.play(TrickPlay(seat, Response.DISCARD, cards, face_up))
        case TrickTaken():
            return board.take()
        case CardsDrawn(draws=draws):
            return board.drawn(draws)
    return board


def codes(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))


def held_refusal(hand: Sequence[Card], cards: Sequence[Card], rule: str) -> DomainError | None:
    """Cards named twice, or not in `hand`; `rule` is the rule of the move."""
    if len(set(cards)) != len(cards):
        return IllegalAction(f"{codes(cards)} names a card twice ({rule})")
    missing = [card for card in cards if card not in hand]
    if missing:
        return IllegalAction(f"you do not hold {codes(missing)} ({rule})")
    return None


def move_refusal(board: Board, command: Command, table: Table) -> DomainError:
    """Why a lead, beat or discard that is not among the legal moves is refused."""
    assert isinstance(command, Lead | Beat | Discard)
    seat, trick = command.seat, board.trick
    lead_rule, respond_rule = table.lead_rule, table.respond_rule
    if seat != to_play(board):
        doing = "respond to" if trick.led else "lead"
        return NotYourTurn(f"seat {to_play(board)} is to {doing} the trick ({respond_rule})")
    held = held_refusal(
        board.hands[seat], command.cards, lead_rule if not trick.led else respond_rule
    )
    if held is not None:
        return held
    if isinstance(command, Lead):
        if trick.led:
            return IllegalAction(
                f"the trick is led: beat or discard {trick.size} card(s) ({respond_rule})"
            )
        kinds = "one suit, or of one rank" if table.rank_leads else "one suit"
        return IllegalAction(
            f"a lead is cards of {kinds}: not {codes(command.cards)} ({lead_rule})"
        )
    if not trick.led:
        return IllegalAction(f"the trick has no lead yet: you lead it ({lead_rule})")
    if len(command.cards) != trick.size:
        return IllegalAction(
            f"a response is exactly {trick.size} card(s), not {len(command.cards)} ({respond_rule})"
        )
    top = trick.top.cards
    return IllegalAction(
        f"{codes(command.cards)} does not beat the top set {codes(top)} card by card: "
        f"discard them instead ({respond_rule})"
    )
