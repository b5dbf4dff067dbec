"""`decide(state, command) -> events`: check a command against the rules and state the facts.

Nothing here changes state; `evolve` applies the events. Legality comes from `legal`: a
command is accepted exactly when it is among the seat's legal actions (its cards read as a
set), and a refusal says why in the rules' words.
"""

from __future__ import annotations

from typing import assert_never

from app.domain.bura import legal, scoring
from app.domain.bura.combinations import NAMES, bura_winner, combination_of, is_bura
from app.domain.bura.commands import Beat, Claim, Declare, Discard, Lead, SeatMove
from app.domain.bura.events import BuraShown, CombinationClaimed, Declared, TrumpTurned
from app.domain.bura.evolve import evolve
from app.domain.bura.state import GameState
from app.domain.cards import Card
from app.domain.commands import Command, Resign, ShuffleDeck
from app.domain.errors import DomainError, IllegalAction, NotYourTurn, Reason
from app.domain.events import Event
from app.domain.multitrick.board import Board
from app.domain.multitrick.dealing import shuffle_events
from app.domain.multitrick.events import CardsDrawn, SeatResigned
from app.domain.multitrick.play import held_refusal, move_events, move_refusal, to_play
from app.domain.multitrick.series import Phase, fold
from app.domain.multitrick.wire import admitted
from app.domain.words import en_cards, ru_cards


def decide(state: GameState, command: Command) -> list[Event]:
    command = admitted(state, command, SeatMove, legal.legal_actions, _refusal)
    assert isinstance(command, SeatMove | ShuffleDeck | Resign)
    if isinstance(command, ShuffleDeck):
        return _shuffle(state, command.seed)
    if isinstance(command, Resign):
        return [SeatResigned(command.seat), scoring.resigned(state, command.seat)]
    deal = state.running
    match command:
        case Lead() | Beat() | Discard():
            moved = move_events(deal.board, command, legal.table(state))
            drew = any(isinstance(e, CardsDrawn) for e in moved.events)
            return [*moved.events, *_after(state, moved.board, drew)]
        case Claim(seat=seat, cards=cards):
            combination = combination_of(
                cards, deal.board.hands[seat], deal.trump_card.suit, state.options
            )
            assert combination is not None
            return [CombinationClaimed(seat, combination, cards)]
        case Declare(seat=seat):
            return [Declared(seat), *scoring.declared(state, deal.board, seat)]
        case _:
            assert_never(command)


def _shuffle(state: GameState, seed: bytes) -> list[Event]:
    """B-5 … B-7, B-16: deal four cards each, turn the top card of the stock under it, and
    end the deal at once on a bura."""
    if state.phase is not Phase.SHUFFLE:
        raise IllegalAction(
            Reason(
                "not_between_deals",
                ("B-6",),
                "the deck is shuffled only between deals",
                "колоду тасуют только между сдачами",
            )
        )
    events, _, stock = shuffle_events(state.series, seed)
    events.append(TrumpTurned(stock[0]))
    dealt = fold(evolve, state, events)
    return [*events, *_buras(dealt, dealt.running.board, stock[0])]


def _after(state: GameState, board: Board, drew: bool) -> list[Event]:
    """After a trick: a bura check when cards were drawn (B-16), the deal's end when every
    card is played (B-13)."""
    if drew:
        return _buras(state, board, state.running.trump_card)
    if board.exhausted:
        return scoring.played_out(state, board)
    return []


def _buras(state: GameState, board: Board, trump: Card) -> list[Event]:
    """B-16: every bura is shown; the one holding the highest trump wins the deal."""
    holders = [s for s, hand in enumerate(board.hands) if is_bura(hand, trump.suit)]
    if not holders:
        return []
    winner = bura_winner([(s, board.hands[s]) for s in holders])
    shown: list[Event] = [BuraShown(s, board.hands[s]) for s in holders]
    return [*shown, *scoring.bura(state, board, winner)]


def _refusal(state: GameState, command: SeatMove) -> DomainError:
    """Why a well-formed command that is not among the seat's legal actions is refused."""
    seat = command.seat
    if state.phase is not Phase.PLAY:
        return NotYourTurn("the next deal is being shuffled and dealt (B-6)")
    deal = state.running
    board = deal.board
    match command:
        case Declare():
            if not state.options.declare:
                return IllegalAction(
                    Reason(
                        "no_declaring",
                        ("B-20",),
                        "this table plays without declaring 61",
                        "за этим столом не объявляют 61",
                    )
                )
            return NotYourTurn(
                f"a declaration is made on one's own turn: seat {to_play(board)}'s now (B-20)"
            )
        case Claim(cards=cards):
            return _claim_refusal(state, seat, cards)
        case Lead() | Beat() | Discard():
            return move_refusal(board, command, legal.table(state))
        case _:
            assert_never(command)


def _claim_refusal(state: GameState, seat: int, cards: tuple[Card, ...]) -> DomainError:
    deal = state.running
    board = deal.board
    held = held_refusal(board.hands[seat], cards, "B-17")
    if held is not None:
        return held
    if seat == board.trick.leader and not board.trick.led:
        return IllegalAction(
            Reason(
                "claim_with_lead",
                ("B-17",),
                "you have the lead: no claim",
                "ход ваш: заявлять не нужно",
            )
        )
    if not legal.in_window(state, seat):
        if state.options.late_claims:
            when = ("before you have played to the trick", "пока вы не положили карты во взятку")
        else:
            when = ("before the trick's lead", "до захода во взятку")
        return IllegalAction(
            Reason("claim_window", ("B-17",), f"a claim is made {when[0]}", f"заявляют {when[1]}")
        )
    combination = combination_of(cards, board.hands[seat], deal.trump_card.suit, state.options)
    if combination is None:
        return IllegalAction(
            Reason(
                "no_combination",
                ("B-15",),
                f"{en_cards(cards)} is no четыре конца, молодка or Москва of your four cards",
                f"{ru_cards(cards)} — не четыре конца, не молодка и не Москва из ваших четырёх "
                "карт",
            )
        )
    standing = deal.claim
    assert standing is not None
    return IllegalAction(
        Reason(
            "claim_outranked",
            ("B-17",),
            f"seat {standing.seat}'s {NAMES[standing.combination]} stands: a claim must rank "
            f"higher, or rank equal and sit nearer the original leader, seat "
            f"{deal.original_leader}",
            f"стоит {NAMES[standing.combination]} места {standing.seat}: новая заявка должна "
            f"быть старше или равна ей и ближе к первому ходящему, месту {deal.original_leader}",
        )
    )
