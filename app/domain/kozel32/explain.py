"""Why a command is refused, in the rules' words and in both languages, with cards as printed
and the rule's id: `decide` refuses with it, and a view says it of each card it refuses."""

from __future__ import annotations

from app.domain import words
from app.domain.cards import Card, Suit
from app.domain.errors import Reason
from app.domain.kozel32 import play, table
from app.domain.kozel32.commands import (
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
from app.domain.words import en_count, ru_count

SUIT_NAMES = {
    Suit.CLUBS: ("clubs", "треф"),
    Suit.SPADES: ("spades", "пик"),
    Suit.HEARTS: ("hearts", "червей"),
    Suit.DIAMONDS: ("diamonds", "бубен"),
}
"""A plain suit in each language (the Russian in the genitive: «масти треф»)."""


def refusal(state: State, command: SeatCommand, allowed: tuple[SeatCommand, ...]) -> Reason:
    moves = ", ".join(sorted({c.TYPE for c in allowed}))
    if command.TYPE not in moves.split(", "):
        return Reason(
            "not_now",
            (),
            f"no {command.TYPE} now; you may: {moves}",
            f"ход {command.TYPE} сейчас невозможен; можно: {moves}",
        )
    match command:
        case PlayCard(card=card):
            return card_refusal(state, command.seat, card)
        case Cut():
            high = max(c.position for c in allowed if isinstance(c, Cut))
            rule = "C32-16" if state.phase is Phase.BOASTING else "C32-6"
            return Reason(
                "cut_position",
                (rule,),
                f"cut at a position from 1 to {high}",
                f"снимите колоду на месте от 1 до {high}",
            )
        case PlayBlind():
            count = len(allowed)
            return Reason(
                "blind_position",
                ("C32-34",),
                f"the blind holds {en_count(count)}: pick a position from 1 to {count}",
                f"у болвана карт: {count}; выберите место от 1 до {count}",
            )
        case NameRounds():
            count = state.options.star_open_rounds
            return Reason(
                "star_rounds",
                ("C32-18",),
                f"name {count} distinct rounds from 1 to 8",
                f"назовите разные круги от 1 до 8, всего {count}",
            )
        case NameTrump(suit=None):
            signs = ", ".join(words.sign(suit) for suit in Suit)
            return Reason(
                "no_trump_suit",
                ("C32-19", "C32-5"),
                "no trump suit («бескозырка») only at part 2 of merry or sad, with queens and "
                f"jacks alone in hand; name {signs}",
                "«бескозырка» — только во второй части весёлой или грустной, когда на руке одни "
                f"дамы и валеты; назовите масть: {signs}",
            )
        case GiveCards():
            count = len(allowed[0].cards) if isinstance(allowed[0], GiveCards) else 0
            return give_rule(count)
        case Discard():
            return DISCARD_RULE
        case ChooseCard():
            cards = [c.card for c in allowed if isinstance(c, ChooseCard)]
            rule = "C32-21" if state.phase is Phase.BOASTING and _is_barrel(state) else "C32-15"
            return Reason(
                "choose_card",
                (rule,),
                f"you may choose {words.en_cards(cards)}",
                f"можно выбрать: {words.ru_cards(cards)}",
            )
        case ChooseLeader():
            leaders = ", ".join(str(c.leader) for c in allowed if isinstance(c, ChooseLeader))
            return Reason(
                "choose_leader",
                ("C32-7",),
                f"the first leader is a seat of the leading team: {leaders}",
                f"первым ходит игрок ведущей команды: место {leaders}",
            )
        case DeclareBoast():
            names = ", ".join(c.name.value for c in allowed if isinstance(c, DeclareBoast))
            return Reason(
                "boast_off",
                ("C32-8",),
                f"this table's boasts: {names or 'none'}",
                f"хвалёнки этого стола: {names or 'нет'}",
            )
    return Reason(
        "not_now",
        (),
        f"this {command.TYPE} is not open now; you may: {moves}",
        f"такой ход {command.TYPE} сейчас невозможен; можно: {moves}",
    )


def give_rule(count: int) -> Reason:
    """C32-13: what the partner gives for the offered trumps."""
    return Reason(
        "give_plain",
        ("C32-13",),
        f"give {en_count(count)} of your hand for the offered trumps: non-trumps while you "
        "hold any",
        f"отдайте за козыри {ru_count(count)} с руки: некозырные, пока они у вас есть",
    )


DISCARD_RULE = Reason(
    "discard_two",
    ("C32-35",),
    "discard two cards of your hand, taken talon included, face down",
    "снесите две карты с руки (прикуп тоже на руке) рубашкой вверх",
)


def card_refusal(state: State, seat: int, card: Card) -> Reason:
    """Why `seat` may not play `card` now (C32-22 … C32-24)."""
    deal = table.deal_of(state)
    hand = deal.hands[seat]
    if card not in hand:
        return Reason(
            "not_in_hand", (), f"you do not hold {words.en(card)}", f"у вас нет {words.ru(card)}"
        )
    trumps = table.trumps_of(state)
    if not deal.trick:
        return Reason(
            "trump_lead",
            ("C32-22",),
            f"you may not lead the trump {words.en(card)} while you hold a plain card: only "
            "the boaster may lead trumps freely",
            f"нельзя заходить с козыря {words.ru(card)}, пока у вас есть простая карта: "
            "с козыря свободно ходит только хваливший",
        )
    led = deal.trick[0].card
    if trumps.is_trump(led):
        return Reason(
            "follow_trump",
            ("C32-23",),
            f"a trump was led ({words.en(led)}): play a trump",
            f"зашли с козыря ({words.ru(led)}): кладите козырь",
        )
    name_en, name_ru = SUIT_NAMES[led.suit]
    if any(trumps.follows(c, led) for c in hand):
        return Reason(
            "follow_suit",
            ("C32-23",),
            f"{words.en(led)} was led: follow with a plain card of {name_en}",
            f"зашли с {words.ru(led)}: ходите в масть, простой картой {name_ru}",
        )
    if play.unled_ace(card, trumps, deal.suits_led):
        plain_en, plain_ru = SUIT_NAMES[card.suit]
        return Reason(
            "unled_ace",
            ("C32-24",),
            f"you may not discard {words.en(card)}: no trick of this deal was led with "
            f"{plain_en} yet",
            f"нельзя сбрасывать {words.ru(card)}: в этой сдаче ещё не заходили в масть {plain_ru}",
        )
    return Reason(
        "not_now",
        (),
        f"you may not play {words.en(card)} now",
        f"сейчас нельзя ходить {words.ru(card)}",
    )


def _is_barrel(state: State) -> bool:
    return table.kon_of(state).boast is Boast.BARREL
