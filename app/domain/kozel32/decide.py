"""`decide`: the events a command causes, or the rules' reason to refuse it.

A seat's command is accepted only if it is one of the seat's legal actions (`flow.choices`,
the one source of legality); its fact is then stated with every fact that follows without
anybody's choice (`flow.settle`).
"""

from __future__ import annotations

import dataclasses
import typing
from functools import cache
from typing import Any

from app.domain.chance import commitment
from app.domain.codec import Decoder, encode, field_decoder
from app.domain.commands import Command, PostMessage, Resign, ShuffleDeck
from app.domain.errors import (
    DomainError,
    GameOver,
    IllegalAction,
    MalformedCommand,
    NotYourTurn,
    Reason,
)
from app.domain.events import Event
from app.domain.kozel32 import boasts, flow, play, pre_play, scoring, table
from app.domain.kozel32.choices import WAIT
from app.domain.kozel32.commands import (
    COMMANDS,
    AcceptLastTrump,
    ChooseCard,
    ChooseLeader,
    Cut,
    DealPlain,
    DeclareBoast,
    DemandRedeal,
    Discard,
    GiveCards,
    KeepLastTrump,
    NameRounds,
    NameTrump,
    OfferLastTrump,
    PassRedeal,
    PlayBlind,
    PlayCard,
    RefuseLastTrump,
    SeatCommand,
)
from app.domain.kozel32.events import (
    BoastDeclared,
    CardPlayed,
    CardsDiscarded,
    CardsExchanged,
    DeckCut,
    DeckShuffled,
    LastTrumpAccepted,
    LastTrumpKept,
    LastTrumpOffered,
    LastTrumpRefused,
    PacketCut,
    PlainDealChosen,
    PlayStarted,
    RedealDemanded,
    RedealPassed,
    SideResigned,
    StarRoundsNamed,
    TrumpNamed,
)
from app.domain.kozel32.explain import refusal
from app.domain.kozel32.state import Phase, State
from app.domain.options import encode_options


def decide(state: State, command: Command) -> list[Event]:
    if state.phase is Phase.GAME_OVER:
        raise GameOver("the game is over")
    match command:
        case ShuffleDeck():
            return _shuffle(state, command)
        case Resign():
            return _resign(state, command)
        case PostMessage():
            raise MalformedCommand("a table message is posted to the table, not played")
    if command not in COMMANDS:
        raise MalformedCommand(f"not a move of this game: {getattr(command, 'TYPE', command)!r}")
    seat_command = typing.cast(SeatCommand, command)
    _check_fields(seat_command)
    return _seat_command(state, seat_command)


def is_chance_node(state: State) -> bool:
    return state.phase is Phase.SHUFFLE and flow.step(state) is WAIT


def _shuffle(state: State, command: ShuffleDeck) -> list[Event]:
    if not is_chance_node(state):
        raise IllegalAction(
            Reason(
                "not_between_deals",
                ("C32-6",),
                "the deck is shuffled only before a deal",
                "колоду тасуют только перед сдачей",
            )
        )
    if type(command.seed) is not bytes or not command.seed:
        raise MalformedCommand("a shuffle needs a non-empty seed of bytes")
    kon = state.kon
    redeal = kon is not None and not kon.scored  # C32-11, C32-12, C32-35: the same dealer
    dealer = kon.dealer if kon is not None and redeal else state.next_dealer
    deal_no = state.kon_no if redeal else state.kon_no + 1
    shuffled = DeckShuffled(
        deal_no,
        dealer,
        command.seed,
        commitment(command.seed),
        encode_options(state.options),
        state.players,
    )
    return flow.settle(state, [shuffled])


def _resign(state: State, command: Resign) -> list[Event]:
    """K-18 (C32-32): the seat's side loses; at the queen-of-spades table he loses alone."""
    seats = table.seats_of(state)
    seat = command.seat
    if not seats.is_seat(seat) or seat in seats.dummies:
        raise MalformedCommand(f"no player sits at seat {seat!r}")
    side = seats.side_of(seat)
    winner = 1 - side if seats.teams is not None else None
    ended = scoring.ended(state, winner, (side,), False, "resigned")
    return [SideResigned(seat, side), ended]


def _seat_command(state: State, command: SeatCommand) -> list[Event]:
    seats = table.seats_of(state)
    seat = command.seat
    if not seats.is_seat(seat):
        raise MalformedCommand(f"no seat {seat} at this table (seats 0..{seats.count - 1})")
    if seat in seats.dummies:
        raise NotYourTurn(f"seat {seat} is a blind: its controller plays for it (C32-34)")
    current = flow.choices(state)
    if state.phase is Phase.SHUFFLE:
        raise NotYourTurn("the server shuffles the deck now (C32-6)")
    mine = current.of(seat)
    if not mine:
        raise NotYourTurn(f"seat {seat} has nothing to do now")
    command = _canonical(state, command)
    if command not in mine:
        raise IllegalAction(refusal(state, command, mine))
    return flow.settle(state, [fact(state, command)])


def fact(state: State, command: SeatCommand) -> Event:
    """The fact a legal command states."""
    deal = table.deal_of(state)
    seat = command.seat
    match command:
        case DealPlain():
            return PlainDealChosen(seat)
        case DeclareBoast(name=name):
            return BoastDeclared(seat, name)
        case NameRounds(rounds=rounds):
            return StarRoundsNamed(seat, rounds)
        case Cut(position=position):
            return (
                PacketCut(seat, position)
                if state.phase is Phase.BOASTING
                else DeckCut(seat, position)
            )
        case DemandRedeal():
            return RedealDemanded(seat, deal.dealt[seat])
        case PassRedeal():
            return RedealPassed(seat)
        case OfferLastTrump():
            return LastTrumpOffered(seat, (seat + 2) % 4, pre_play.trump_count(state, seat))
        case KeepLastTrump():
            return LastTrumpKept(seat)
        case AcceptLastTrump():
            return LastTrumpAccepted(seat, (seat + 2) % 4)
        case RefuseLastTrump():
            return LastTrumpRefused(seat, (seat + 2) % 4)
        case GiveCards(cards=cards):
            offerer = (seat + 2) % 4
            trumps = table.trumps_of(state)
            offered = tuple(card for card in deal.hands[offerer] if trumps.is_trump(card))
            return CardsExchanged(offerer, seat, offered, cards)
        case ChooseLeader(leader=leader):
            return PlayStarted(leader, seat)
        case ChooseCard(card=card):
            return boasts.card_chosen(state, seat, card)
        case NameTrump(suit=suit):
            return TrumpNamed(seat, suit)
        case Discard(cards=cards):
            return CardsDiscarded(seat, cards)
        case PlayCard(card=card):
            return CardPlayed(seat, card)
        case PlayBlind(position=position):
            blind = play.to_play(state)
            return CardPlayed(blind, deal.hands[blind][position - 1])
    typing.assert_never(command)


def _canonical(state: State, command: SeatCommand) -> SeatCommand:
    """A set of cards or rounds is the same move in any order: the legal actions list it in
    hand order (cards) or increasing (rounds)."""
    match command:
        case NameRounds(rounds=rounds):
            return dataclasses.replace(command, rounds=tuple(sorted(rounds)))
        case GiveCards(cards=cards) | Discard(cards=cards):
            hand = table.deal_of(state).hands[command.seat]
            order = {card: i for i, card in enumerate(hand)}
            ordered = tuple(sorted(cards, key=lambda card: order.get(card, len(hand))))
            return dataclasses.replace(command, cards=ordered)
    return command


def _check_fields(command: SeatCommand) -> None:
    """`MalformedCommand` for a field whose value is not of its declared type (a seat that is
    no int, a card that is no `Card`, a bool for an int)."""
    for name, decoder in _decoders(typing.cast(type, type(command))):
        value: Any = getattr(command, name)
        try:
            decoded = decoder(encode(value), name)
        except (DomainError, TypeError, ValueError):
            decoded = _NOT_DECODED
        if decoded != value or type(decoded) is not type(value):
            raise MalformedCommand(f"a {command.TYPE}'s {name} is not valid: {value!r}")


@cache
def _decoders(cls: type) -> tuple[tuple[str, Decoder], ...]:
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    return tuple((f.name, field_decoder(hints[f.name])) for f in fields)


_NOT_DECODED = object()
