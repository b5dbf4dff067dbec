"""Who must act and what they may do: the one source of legality.

`legal_actions` lists exactly what `decide` accepts; `refusal` says, in the rules' words, why
a command is not among them. Both rest on the same judgements (`window`, `cards_allowed`).
Resignation is open to both seats while the match runs and is not listed (the seam's rule).
"""

from __future__ import annotations

from typing import assert_never

from app.domain.cards import Card
from app.domain.errors import DomainError, GameOver, IllegalAction, NotYourTurn, Reason
from app.domain.ranking import SUIT_ORDER
from app.domain.sixty_six.cards_allowed import Allowed, follows, leads
from app.domain.sixty_six.commands import (
    ClaimOut,
    CloseStock,
    CutDeck,
    DeclareMarriage,
    Draw,
    ExchangeTrump,
    LeadCard,
    PlayCard,
    SeatCommand,
)
from app.domain.sixty_six.deck import DECKS
from app.domain.sixty_six.options import Rules
from app.domain.sixty_six.state import Deal, GameState, Phase
from app.domain.sixty_six.window import (
    why_not_claim,
    why_not_close,
    why_not_declare,
    why_not_draw,
    why_not_exchange,
)
from app.domain.words import en, ru

MIN_CUT = 1


def to_act(state: GameState) -> tuple[int, ...]:
    deal = state.deal
    match state.phase:
        case Phase.SHUFFLE | Phase.GAME_OVER:
            return ()
        case Phase.CUT:
            assert deal is not None
            return (deal.forehand,)  # S66-6
        case Phase.CLOSE_OR_DRAW | Phase.LEAD:
            assert deal is not None
            return (deal.leader,)
        case Phase.FOLLOW:
            assert deal is not None
            return (deal.follower,)
        case _:
            assert_never(state.phase)


def phase_after_trick(deal: Deal, rules: Rules) -> Phase:
    """S66-20: in `66`, while closing before the draw is possible (S66-19), the winner
    chooses to close or to draw; otherwise the draw (if any) is made at once and he leads."""
    if not rules.schnapsen and deal.stock_open and deal.face_down >= 2 and not deal.cards_out:
        return Phase.CLOSE_OR_DRAW
    return Phase.LEAD


def max_cut(state: GameState) -> int:
    """S66-6: from 1 to N-1."""
    return DECKS[state.rules.deck].size - 1


def legal_actions(state: GameState, seat: int) -> tuple[SeatCommand, ...]:
    """Exactly the commands `seat` may give now, in the order of S66-20."""
    if seat not in to_act(state):
        return ()
    deal = state.deal
    assert deal is not None
    actions: list[SeatCommand] = []
    match state.phase:
        case Phase.CUT:
            actions += [CutDeck(seat, p) for p in range(MIN_CUT, max_cut(state) + 1)]
        case Phase.CLOSE_OR_DRAW:
            actions.append(Draw(seat))
            if why_not_close(state) is None:
                actions.append(CloseStock(seat))
            if why_not_claim(state) is None:
                actions.append(ClaimOut(seat))
        case Phase.LEAD:
            if why_not_exchange(state) is None:
                actions.append(ExchangeTrump(seat))
            if why_not_close(state) is None:
                actions.append(CloseStock(seat))
            for suit in SUIT_ORDER:
                if why_not_declare(state, suit) is None:
                    actions.append(DeclareMarriage(seat, suit))
            if why_not_claim(state) is None:
                actions.append(ClaimOut(seat))
            actions += [LeadCard(seat, card) for card in leads(deal, state.rules).cards]
        case Phase.FOLLOW:
            actions += [PlayCard(seat, card) for card in follows(deal, state.rules).cards]
        case Phase.SHUFFLE | Phase.GAME_OVER:
            pass
        case _:
            assert_never(state.phase)
    return tuple(actions)


def messages_allowed(state: GameState) -> bool:
    """The rules say nothing of table messages: they are open while the match runs."""
    return state.phase is not Phase.GAME_OVER


def is_legal(state: GameState, command: SeatCommand) -> bool:
    if isinstance(command, CutDeck):  # N-1 positions: judged without listing them
        return (
            state.phase is Phase.CUT
            and command.seat in to_act(state)
            and MIN_CUT <= command.position <= max_cut(state)
        )
    return command in legal_actions(state, command.seat)


def refusal(state: GameState, command: SeatCommand) -> DomainError:
    """Why `command` is not legal now (it is not: `is_legal` said so)."""
    if state.phase is Phase.GAME_OVER:
        return GameOver("the match is over")
    acting = to_act(state)
    if command.seat not in acting:
        if not acting:
            return NotYourTurn("nobody acts now: the next deal is being shuffled")
        return NotYourTurn(
            f"seat {command.seat} has nothing to do now: seat {acting[0]} is to {_doing(state)}"
        )
    return IllegalAction(reason(state, command))


def _doing(state: GameState) -> str:
    match state.phase:
        case Phase.CUT:
            return "cut (S66-6)"
        case Phase.CLOSE_OR_DRAW:
            return "close or draw (S66-20)"
        case Phase.LEAD:
            return "lead (S66-9)"
        case _:
            return "play to the trick (S66-9)"


def reason(state: GameState, command: SeatCommand) -> Reason:
    """Why `command` of a seat that must act is not legal now, in the rules' words."""
    deal = state.deal
    assert deal is not None
    match command:
        case CutDeck(position=position):
            if state.phase is not Phase.CUT:
                return Reason(
                    "cut_before_deal",
                    ("S66-6",),
                    "the deck is cut only before the deal",
                    "колоду снимают только перед сдачей",
                )
            high = max_cut(state)
            return Reason(
                "cut_position",
                ("S66-6",),
                f"cut at a position from {MIN_CUT} to {high}, not {position}",
                f"снимите колоду на месте от {MIN_CUT} до {high}, а не {position}",
            )
        case Draw():
            return why_not_draw(state) or _not_now("draw")
        case CloseStock():
            return why_not_close(state) or _not_now("close")
        case ExchangeTrump():
            return why_not_exchange(state) or _not_now("exchange")
        case DeclareMarriage(suit=suit):
            return why_not_declare(state, suit) or _not_now("declare")
        case ClaimOut():
            return why_not_claim(state) or _not_now("claim_out")
        case LeadCard(card=card):
            if state.phase is Phase.CLOSE_OR_DRAW:
                return Reason(
                    "close_or_draw_first",
                    ("S66-20",),
                    "first close or draw",
                    "сначала закройте колоду или возьмите карту",
                )
            if state.phase is not Phase.LEAD:
                return Reason(
                    "you_follow",
                    ("S66-20",),
                    "you follow now: send play, not lead",
                    "сейчас вы отвечаете: ход play, а не lead",
                )
            return card_reason(LEAD, card, deal.hands[deal.leader], leads(deal, state.rules))
        case PlayCard(card=card):
            if state.phase is not Phase.FOLLOW:
                return Reason(
                    "you_lead",
                    ("S66-20",),
                    "you are on lead: send lead, not play",
                    "сейчас ваш заход: ход lead, а не play",
                )
            allowed = follows(deal, state.rules)
            return card_reason(PLAY, card, deal.hands[deal.follower], allowed)
        case _:
            assert_never(command)


LEAD = ("lead", "заходить с")
PLAY = ("play", "ходить")


def card_reason(
    verb: tuple[str, str], card: Card, hand: tuple[Card, ...], allowed: Allowed
) -> Reason:
    """Why `card` of `hand` (or not of it) may not be led or played (`verb`) now."""
    if card not in hand:
        return Reason("not_in_hand", (), f"you do not hold {en(card)}", f"у вас нет {ru(card)}")
    rule = allowed.rule
    assert rule is not None, "every card may go"
    return Reason(
        rule.code,
        rule.rules,
        f"you may not {verb[0]} {en(card)} now: {rule.en}",
        f"сейчас нельзя {verb[1]} {ru(card)}: {rule.ru}",
    )


def _not_now(move: str) -> Reason:
    return Reason("not_now", ("S66-20",), f"no {move} now", f"ход {move} сейчас невозможен")
