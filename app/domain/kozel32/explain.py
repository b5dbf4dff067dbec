"""Why a command is refused, in the rules' words, with wire codes and the rule's id."""

from __future__ import annotations

from app.domain.cards import Card, Suit
from app.domain.codec import encode
from app.domain.kozel32 import play, table
from app.domain.kozel32.commands import (
    COMMANDS,
    ChooseCard,
    ChooseLeader,
    Cut,
    DeclareBoast,
    Discard,
    GiveCards,
    NameRounds,
    NameTrump,
    PlayBlind,
    PlayCard,
    SeatCommand,
)
from app.domain.kozel32.options import Boast
from app.domain.kozel32.state import Phase, State

SUIT_NAMES = {
    Suit.CLUBS: "clubs",
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
}


def refusal(state: State, command: SeatCommand, allowed: tuple[SeatCommand, ...]) -> str:
    moves = sorted({c.TYPE for c in allowed})
    if command.TYPE not in moves:
        return f"no {command.TYPE} now; you may: {', '.join(moves)}"
    match command:
        case PlayCard(card=card):
            return _card_refusal(state, command.seat, card)
        case Cut():
            high = max(c.position for c in allowed if isinstance(c, Cut))
            rule = "C32-16" if state.phase is Phase.BOASTING else "C32-6"
            return f"cut at a position from 1 to {high} ({rule})"
        case PlayBlind():
            count = len(allowed)
            return f"the blind holds {count} cards: pick a position from 1 to {count} (C32-34)"
        case NameRounds():
            count = state.options.star_open_rounds
            return f"name {count} distinct rounds from 1 to 8 (C32-18)"
        case NameTrump(suit=None):
            return (
                "no trump suit («бескозырка») only at part 2 of merry or sad, with queens and "
                "jacks alone in hand (C32-19); name C, S, H or D (C32-5)"
            )
        case GiveCards():
            count = len(allowed[0].cards) if isinstance(allowed[0], GiveCards) else 0
            return (
                f"give {count} card(s) of your hand for the offered trump(s): non-trumps while "
                "you hold any (C32-13)"
            )
        case Discard():
            return "discard two cards of your hand, taken talon included (C32-35)"
        case ChooseCard():
            codes = ", ".join(str(c.card) for c in allowed if isinstance(c, ChooseCard))
            rule = "C32-21" if state.phase is Phase.BOASTING and _is_barrel(state) else "C32-15"
            return f"you may choose {codes} ({rule})"
        case ChooseLeader():
            leaders = ", ".join(str(c.leader) for c in allowed if isinstance(c, ChooseLeader))
            return f"the first leader is a seat of the leading team: {leaders} (C32-7)"
        case DeclareBoast():
            names = [c.name.value for c in allowed if isinstance(c, DeclareBoast)]
            return f"this table's boasts: {', '.join(names) or 'none'} (C32-8)"
    return f"{command.TYPE} {encode(_body(command))} is not open now; you may: {', '.join(moves)}"


def _card_refusal(state: State, seat: int, card: Card) -> str:
    deal = table.deal_of(state)
    hand = deal.hands[seat]
    if card not in hand:
        return f"you do not hold {card}"
    trumps = table.trumps_of(state)
    if not deal.trick:
        return (
            f"you may not lead the trump {card} while you hold a plain card: only the boaster "
            "may lead trumps freely (C32-22)"
        )
    led = deal.trick[0].card
    if trumps.is_trump(led):
        return f"a trump was led ({led}): play a trump (C32-23)"
    if any(trumps.follows(c, led) for c in hand):
        return f"{led} was led: follow with a plain card of {SUIT_NAMES[led.suit]} (C32-23)"
    if play.unled_ace(card, trumps, deal.suits_led):
        return (
            f"you may not discard {card}: no trick of this deal was led with "
            f"{SUIT_NAMES[card.suit]} yet (C32-24)"
        )
    return f"you may not play {card} now"


def _is_barrel(state: State) -> bool:
    return table.kon_of(state).boast is Boast.BARREL


def _body(command: SeatCommand) -> dict[str, object]:
    return COMMANDS.body(command)
