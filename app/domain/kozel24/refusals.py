"""Why `decide` refuses a seat's command, in the rules' words and in both languages: cards as
printed and rule ids, never the engine's own names (the API sends the reason with the problem,
and a view says it of each card it refuses).

Only a refused command asks; a legal one never comes here, so the reasons may take their time.
"""

from __future__ import annotations

from typing import assert_never

from app.domain import words
from app.domain.cards import Card
from app.domain.errors import Reason
from app.domain.kozel24 import deck
from app.domain.kozel24.commands import (
    ClaimNoQueens,
    CutDeck,
    DecideExchange,
    GiveCard,
    PlayCard,
    PlayOn,
)
from app.domain.kozel24.state import CUT, DECISIONS, PLAY, GameState
from app.domain.seats import partner

Refusable = CutDeck | DecideExchange | GiveCard | ClaimNoQueens | PlayOn | PlayCard

_CLASS_NAMES = (
    ("trumps", "козыри"),
    ("spades", "пики"),
    ("hearts", "черви"),
    ("diamonds", "бубны"),
)
"""K-3: the classes a led card asks to follow, by `deck.CLASS_OF`, in both languages."""


def why_not(state: GameState, command: Refusable) -> Reason:
    """The reason `command` is not among its seat's legal actions now."""
    match command:
        case PlayCard(seat=seat, card=card):
            return _play(state, seat, card)
        case GiveCard(seat=seat, card=card):
            return _give(state, seat, card)
        case CutDeck(seat=seat, position=position):
            return _cut(state, seat, position)
        case DecideExchange(exchange=exchange):
            word = ("exchange", "меняться") if exchange else ("keep", "оставлять козырь")
            return Reason(
                "no_lone_trump",
                ("K-9",),
                f"you may not {word[0]} now: from deal 2 on a player dealt exactly one trump "
                "answers exchange or keep, once, before the first lead",
                f"сейчас нельзя {word[1]}: со второй сдачи игрок с единственным козырем решает, "
                "меняться или нет, один раз до первого хода",
            )
        case ClaimNoQueens():
            return Reason(
                "no_claim",
                ("K-10",),
                "your team may not claim no queens now: from deal 2 on, a team whose two "
                "hands hold no queen may claim it before the first card, once",
                "вашей команде сейчас нельзя заявить «без дам»: со второй сдачи команда без "
                "единой дамы на двух руках заявляет это один раз до первой карты",
            )
        case PlayOn():
            return Reason(
                "no_claim",
                ("K-10",),
                "your team has no claim of no queens to answer now",
                "вашей команде сейчас нечего решать о заявке «без дам»",
            )
        case _:
            assert_never(command)


def _play(state: GameState, seat: int, card: Card) -> Reason:
    refused = (f"you may not play {_en(card)} now", f"сейчас нельзя ходить {_ru(card)}")
    if state.phase is CUT:
        return _say(
            "cut_first", ("K-5",), refused, "the deck is cut first", "сначала снимают колоду"
        )
    if state.phase is DECISIONS:
        return _say(
            "decisions_first",
            ("K-9", "K-10"),
            refused,
            "the options before the first lead are answered first",
            "сначала решают, что открыто до первого хода",
        )
    if state.phase is not PLAY or seat != state.turn:
        return _say(
            "not_your_turn", ("K-11",), refused, "it is not your turn to play", "не ваш ход"
        )
    index = _index(card)
    if index is None:
        return _say(
            "not_in_deck",
            ("K-2",),
            refused,
            "it is not a card of the 24-card deck",
            "такой карты нет в колоде из 24 карт",
        )
    if not state.hands[seat] >> index & 1:
        return _say("not_in_hand", ("K-11",), refused, "it is not in your hand", "её нет у вас")
    if not state.trick_cards:
        ace = deck.CARDS[deck.ACE_OF_DIAMONDS]
        return _say(
            "first_lead",
            ("K-7",),
            refused,
            f"the first lead of deal 1 is the {words.en(ace)} itself",
            f"первый ход первой сдачи — сам {words.ru(ace)}",
        )
    led = deck.CARDS[state.trick_cards[0]]
    led_class = deck.CLASS_OF[state.trick_cards[0]]
    name_en, name_ru = _CLASS_NAMES[led_class]
    if led_class == deck.TRUMP:
        return _say(
            "follow_trump",
            ("K-11",),
            refused,
            f"{_en(led)} was led and you hold trumps, so you play one of them",
            f"зашли с козыря {_ru(led)}, а у вас есть козыри: кладите козырь",
        )
    return _say(
        "follow_suit",
        ("K-11",),
        refused,
        f"{_en(led)} was led and you hold {name_en}, so you play one of them",
        f"зашли с {_ru(led)}, а у вас есть {name_ru}: ходите в масть {words.sign(led.suit)}",
    )


def _give(state: GameState, seat: int, card: Card) -> Reason:
    refused = (f"you may not give {_en(card)} now", f"сейчас нельзя отдать {_ru(card)}")
    if partner(seat) not in state.decisions.gives:
        return _say(
            "no_give",
            ("K-9",),
            refused,
            "you give a card only after your partner exchanged its lone trump",
            "карту отдают, только когда партнёр меняет свой единственный козырь",
        )
    index = _index(card)
    if index is None or not state.hands[seat] >> index & 1:
        return _say("not_in_hand", ("K-9",), refused, "it is not in your hand", "её нет у вас")
    return _say(
        "give_plain",
        ("K-9",),
        refused,
        "you hold a non-trump, so you give a non-trump",
        "у вас есть некозырная карта: отдайте некозырную",
    )


def _cut(state: GameState, seat: int, position: object) -> Reason:
    if state.phase is CUT and seat == state.cutter:
        return Reason(
            "cut_position",
            ("K-5",),
            f"the cut is at a position 1..23, not {position!r}",
            f"колоду снимают с 1 по 23 карту, а не {position!r}",
        )
    return Reason(
        "not_cutter",
        ("K-5",),
        "you may not cut now: the player counter-clockwise of the dealer cuts, once, before "
        "the deal",
        "сейчас нельзя снимать: колоду снимает один раз до сдачи игрок справа от сдающего",
    )


def _say(code: str, rules: tuple[str, ...], refused: tuple[str, str], en: str, ru: str) -> Reason:
    """ "you may not play A♠ now: why" in both languages."""
    return Reason(code, rules, f"{refused[0]}: {en}", f"{refused[1]}: {ru}")


def _index(card: object) -> int | None:
    return deck.INDEX_BY_CODE.get(card.code) if isinstance(card, Card) else None


def _en(card: object) -> str:
    """A card as printed (whatever else a caller passed, as it came)."""
    return words.en(card) if isinstance(card, Card) else repr(card)


def _ru(card: object) -> str:
    return words.ru(card) if isinstance(card, Card) else repr(card)
