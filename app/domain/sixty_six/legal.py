"""Who must act and what they may do: the one source of legality.

`legal_actions` lists exactly what `decide` accepts; `refusal` says, in the rules' words, why
a command is not among them. Both rest on the same judgements (`window`, `cards_allowed`).
Resignation is open to both seats while the match runs and is not listed (the seam's rule).
"""

from __future__ import annotations

from typing import assert_never

from app.domain.cards import Card
from app.domain.errors import DomainError, GameOver, IllegalAction, NotYourTurn
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
    return IllegalAction(_reason(state, command))


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


def _reason(state: GameState, command: SeatCommand) -> str:
    deal = state.deal
    assert deal is not None
    match command:
        case CutDeck(position=position):
            if state.phase is not Phase.CUT:
                return "the deck is cut only before the deal (S66-6)"
            return f"cut at a position from {MIN_CUT} to {max_cut(state)}, not {position} (S66-6)"
        case Draw():
            return why_not_draw(state) or "no draw now"
        case CloseStock():
            return why_not_close(state) or "no closing now"
        case ExchangeTrump():
            return why_not_exchange(state) or "no exchange now"
        case DeclareMarriage(suit=suit):
            return why_not_declare(state, suit) or "no declaration now"
        case ClaimOut():
            return why_not_claim(state) or "no claim now"
        case LeadCard(card=card):
            if state.phase is Phase.CLOSE_OR_DRAW:
                return "first close or draw (S66-20)"
            if state.phase is not Phase.LEAD:
                return "you follow now: send play, not lead (S66-20)"
            return _card_reason("lead", card, deal.hands[deal.leader], leads(deal, state.rules))
        case PlayCard(card=card):
            if state.phase is not Phase.FOLLOW:
                return "you are on lead: send lead, not play (S66-20)"
            allowed = follows(deal, state.rules)
            return _card_reason("play", card, deal.hands[deal.follower], allowed)
        case _:
            assert_never(command)


def _card_reason(verb: str, card: Card, hand: tuple[Card, ...], allowed: Allowed) -> str:
    if card not in hand:
        return f"you do not hold {card}"
    return f"you may not {verb} {card} now: {allowed.rule}"
