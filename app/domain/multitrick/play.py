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
from app.domain.errors import DomainError, IllegalAction, NotYourTurn, Reason
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
from app.domain.view import Face, Pick
from app.domain.words import en_cards, en_count, ru_cards, ru_count

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
        return IllegalAction(
            Reason(
                "card_twice",
                (rule,),
                f"{en_cards(cards)} names a card twice",
                f"{ru_cards(cards)}: карта названа дважды",
            )
        )
    missing = [card for card in cards if card not in hand]
    if missing:
        return IllegalAction(not_held(missing, rule))
    return None


def not_held(cards: Sequence[Card], rule: str) -> Reason:
    return Reason(
        "not_in_hand", (rule,), f"you do not hold {en_cards(cards)}", f"у вас нет {ru_cards(cards)}"
    )


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
            return IllegalAction(response_rule(trick.top.cards, table))
        return IllegalAction(
            Reason(
                "lead_one_suit",
                (lead_rule,),
                f"a lead is cards of {_kinds_en(table)}: not {en_cards(command.cards)}",
                f"заходят картами {_kinds_ru(table)}, а не {ru_cards(command.cards)}",
            )
        )
    if not trick.led:
        return IllegalAction(
            Reason(
                "no_lead_yet",
                (lead_rule,),
                "the trick has no lead yet: you lead it",
                "в этой взятке ещё не ходили: заходите вы",
            )
        )
    size, given = trick.size, len(command.cards)
    if given != size:
        return IllegalAction(
            Reason(
                "response_size",
                (respond_rule,),
                f"a response is exactly {en_count(size)}, not {given}",
                f"ответ — ровно {ru_count(size)}, а не {given}",
            )
        )
    top = trick.top.cards
    return IllegalAction(
        Reason(
            "no_beat",
            (respond_rule,),
            f"{en_cards(command.cards)} does not beat the top set {en_cards(top)} card by card: "
            "discard them instead",
            f"{ru_cards(command.cards)} не бьют {ru_cards(top)} карта за картой: такие карты "
            "только сбросить",
        )
    )


def _kinds_en(table: Table) -> str:
    return "one suit, or of one rank" if table.rank_leads else "one suit"


def _kinds_ru(table: Table) -> str:
    return "одной масти или одного достоинства" if table.rank_leads else "одной масти"


def response_rule(top: Sequence[Card], table: Table) -> Reason:
    """K4-12, B-10: what an answer to the top set must be."""
    size = len(top)
    way_en = "face up" if table.open_discards else "face down"
    way_ru = "в открытую" if table.open_discards else "рубашкой вверх"
    return Reason(
        "respond",
        (table.respond_rule,),
        f"answer with {en_count(size)}: beat {en_cards(top)} card by card, or discard "
        f"{en_count(size)} {way_en}",
        f"нужно {ru_count(size)}: побейте {ru_cards(top)} карта за картой или сбросьте "
        f"{ru_count(size)} {way_ru}",
    )


def trick_pick(board: Board, seat: int, table: Table, moves: Sequence[Command]) -> Pick | None:
    """What the lead or the answer of `seat` must hold now (none when it is not on turn): a
    lead of one to as many cards as its longest legal lead (K4-11, B-9), or exactly `k` cards
    to beat the top set or to discard (K4-12, B-10)."""
    if seat != to_play(board):
        return None
    trick = board.trick
    if trick.led:
        top = trick.top.cards
        way = Face.UP if table.open_discards else Face.DOWN
        answers = (Beat.TYPE, Discard.TYPE)
        return Pick(answers, len(top), len(top), way, top, response_rule(top, table))
    most = max((len(m.cards) for m in moves if isinstance(m, Lead)), default=1)
    if most == 1:
        rule = Reason("lead", (table.lead_rule,), "lead one card", "заходите одной картой")
    else:
        rule = Reason(
            "lead",
            (table.lead_rule,),
            f"lead 1 to {most} cards of {_kinds_en(table)}",
            f"заходите картами {_kinds_ru(table)}: от 1 до {most}",
        )
    return Pick((Lead.TYPE,), 1, most, None, (), rule)
