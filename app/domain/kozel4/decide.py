"""`decide(state, command) -> events`: check a command against the rules and state the facts.

Nothing here changes state; `evolve` applies the events. Legality comes from `legal`: a
command is accepted exactly when it is among the seat's legal actions (its cards read as a
set), and a refusal says why in the rules' words.
"""

from __future__ import annotations

from typing import assert_never

from app.domain.cards import Card
from app.domain.commands import Command, Resign, ShuffleDeck
from app.domain.errors import DomainError, GameOver, IllegalAction, NotYourTurn, Reason
from app.domain.events import Event
from app.domain.kozel4 import legal, scoring
from app.domain.kozel4.commands import Beat, Claim, Discard, GiveBack, Keep, Lead, Offer, SeatMove
from app.domain.kozel4.deck import is_molodka, shown_position, trumps_in
from app.domain.kozel4.events import (
    CardsExchanged,
    MolodkaClaimed,
    TrumpShown,
    TrumpsKept,
    TrumpsOffered,
)
from app.domain.kozel4.state import GameState
from app.domain.multitrick.dealing import shuffle_events
from app.domain.multitrick.events import CardsLed, SeatResigned
from app.domain.multitrick.play import Moved, held_refusal, move_events, move_refusal
from app.domain.multitrick.series import TARGET, Phase
from app.domain.multitrick.wire import admitted
from app.domain.seats import PARTNERS
from app.domain.words import en_cards, en_count, ru_cards, ru_count


def decide(state: GameState, command: Command) -> list[Event]:
    command = admitted(state, command, SeatMove, legal.legal_actions, _refusal)
    assert isinstance(command, SeatMove | ShuffleDeck | Resign)
    match command:
        case ShuffleDeck(seed=seed):
            return _shuffle(state, seed)
        case Resign(seat=seat):
            team = PARTNERS.side_of(seat)
            return [
                SeatResigned(seat),
                scoring.game_ended(state, team, state.series.penalties, "resigned"),
            ]
        case Lead(seat=seat, cards=cards) if _leads_molodka(state, seat, cards):
            return _claim(seat, cards)  # K4-14: the original leader's lead and claim are one
        case Lead() | Beat() | Discard():
            return _played(state, move_events(state.running.board, command, legal.table(state)))
        case Claim(seat=seat, cards=cards):
            return _claim(seat, cards)
        case Offer(seat=seat):
            deal = state.running
            return [TrumpsOffered(seat, trumps_in(deal.board.hands[seat], deal.ranking))]
        case Keep(seat=seat):
            return [TrumpsKept(seat)]
        case GiveBack(seat=seat, cards=cards):
            offer = legal.owed_offer(state.running, seat)
            assert offer is not None
            return [CardsExchanged(offer.from_seat, seat, offer.trumps, cards)]
        case _:
            assert_never(command)


def _shuffle(state: GameState, seed: bytes) -> list[Event]:
    """K4-7, K4-8: deal four cards each, then show a card from the middle of the stock."""
    if state.phase is not Phase.SHUFFLE:
        raise IllegalAction(SHUFFLE_ONLY_BETWEEN_DEALS)
    events, _, stock = shuffle_events(state.series, seed)
    if not state.options.ladder:
        position = shown_position(seed)
        events.append(TrumpShown(stock[position], position))
    return events


def _leads_molodka(state: GameState, seat: int, cards: tuple[Card, ...]) -> bool:
    deal = state.running
    hand = deal.board.hands[seat]
    return (
        deal.claimant is None
        and seat == deal.original_leader
        and cards == hand
        and is_molodka(hand, deal.ranking)
    )


def _claim(seat: int, cards: tuple[Card, ...]) -> list[Event]:
    """K4-14: the trick starts again, with the claimant's four cards as its lead."""
    return [MolodkaClaimed(seat, cards), CardsLed(seat, cards)]


def _played(state: GameState, moved: Moved) -> list[Event]:
    """A trick's facts, and when they empty every hand and the stock, the deal's score and
    perhaps the game's end (K4-16, K4-18, K4-20)."""
    events = moved.events
    if moved.board.exhausted:
        scored = scoring.deal_scored(state, moved.board)
        events.append(scored)
        totals = tuple(a + b for a, b in zip(state.series.penalties, scored.penalties, strict=True))
        losers = [team for team, total in enumerate(totals) if total >= TARGET]
        if losers:
            events.append(scoring.game_ended(state, losers[0], totals, "target"))
    return events


def _refusal(state: GameState, command: SeatMove) -> DomainError:
    """Why a well-formed command that is not among the seat's legal actions is refused."""
    seat = command.seat
    match state.phase:
        case Phase.SHUFFLE | Phase.DEAL:
            return NotYourTurn("the next deal is being shuffled and dealt (K4-7)")
        case Phase.DECISIONS:
            return _decision_refusal(state, command, seat)
        case Phase.PLAY:
            return _play_refusal(state, command, seat)
        case Phase.GAME_OVER:
            return GameOver("the game is over")
        case _:
            assert_never(state.phase)


def _decision_refusal(state: GameState, command: SeatMove, seat: int) -> DomainError:
    if isinstance(command, Lead | Beat | Discard | Claim):
        return NotYourTurn("the first lead waits for the hand-off decisions (K4-10)")
    if not legal.legal_actions(state, seat):
        return NotYourTurn(f"seat {seat} has no hand-off decision to make now (K4-10)")
    deal = state.running
    offer = legal.owed_offer(deal, seat)
    if offer is None:
        return IllegalAction(
            Reason(
                "answer_offer",
                ("K4-10",),
                "offer your trumps to your partner or keep them",
                "отдайте козыри партнёру или оставьте их себе",
            )
        )
    if isinstance(command, GiveBack):
        held = held_refusal(deal.board.hands[seat], command.cards, "K4-10")
        if held is not None:
            return held
    return IllegalAction(give_back_rule(len(offer.trumps)))


def give_back_rule(count: int) -> Reason:
    """K4-10: the partner's answer to an offer."""
    return Reason(
        "give_plain",
        ("K4-10",),
        f"give back {en_count(count)} of your own: non-trumps while you hold any",
        f"отдайте {ru_count(count)} из своих: некозырные, пока они у вас есть",
    )


def _play_refusal(state: GameState, command: SeatMove, seat: int) -> DomainError:
    deal = state.running
    match command:
        case Offer() | Keep() | GiveBack():
            return IllegalAction(
                Reason(
                    "handoff_over",
                    ("K4-10",),
                    "the hand-off is made before the first lead",
                    "передача козырей — только до первого хода",
                )
            )
        case Claim(cards=cards):
            board = deal.board
            held = held_refusal(board.hands[seat], cards, "K4-14")
            if held is not None:
                return held
            if not is_molodka(board.hands[seat], deal.ranking) or cards != board.hands[seat]:
                return IllegalAction(
                    Reason(
                        "no_molodka",
                        ("K4-14",),
                        f"a молодка is a hand of four cards of one suit: not {en_cards(cards)}",
                        f"молодка — четыре карты одной масти на руке, а не {ru_cards(cards)}",
                    )
                )
            if board.trick.has_played(seat):
                return IllegalAction(
                    Reason(
                        "claim_after_play",
                        ("K4-14",),
                        "you have played to this trick: no claim",
                        "вы уже положили карты в эту взятку: заявлять поздно",
                    )
                )
            return IllegalAction(
                Reason(
                    "claim_outranked",
                    ("K4-14",),
                    f"seat {deal.claimant}'s claim is nearer the original leader, seat "
                    f"{deal.original_leader}",
                    f"заявка места {deal.claimant} ближе к первому ходящему, месту "
                    f"{deal.original_leader}",
                )
            )
    return move_refusal(deal.board, command, legal.table(state))


SHUFFLE_ONLY_BETWEEN_DEALS = Reason(
    "not_between_deals",
    ("K4-7",),
    "the deck is shuffled only between deals",
    "колоду тасуют только между сдачами",
)
