"""How a reason (`errors.Reason`) names cards and suits in each of its two languages: a card
as the table prints it, its rank letter and its suit's sign (`A♦`, `10♥`; in Russian `Т♦`,
`10♥`, the letters of Russian cards: Т, К, Д, В), a suit as its sign (`♦`).

A reason's sentence says what a player sees, never a wire code (`AD`) or an engine's name;
its `code` is what a program reads.
"""

from __future__ import annotations

from collections.abc import Iterable

from app.domain.cards import Card, Rank, Suit

SIGNS: dict[Suit, str] = {Suit.CLUBS: "♣", Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}

_RU_RANKS: dict[Rank, str] = {Rank.ACE: "Т", Rank.KING: "К", Rank.QUEEN: "Д", Rank.JACK: "В"}
"""Туз, король, дама, валет; the numbered ranks are written alike."""


def sign(suit: Suit) -> str:
    return SIGNS[suit]


def en(card: Card) -> str:
    """`A♦`, `10♥`."""
    return card.rank.value + SIGNS[card.suit]


def ru(card: Card) -> str:
    """`Т♦`, `10♥`, `Д♣`."""
    return _RU_RANKS.get(card.rank, card.rank.value) + SIGNS[card.suit]


def en_cards(cards: Iterable[Card]) -> str:
    return " ".join(map(en, cards))


def ru_cards(cards: Iterable[Card]) -> str:
    return " ".join(map(ru, cards))


def en_count(count: int, noun: str = "card") -> str:
    """`1 card`, `3 cards`."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def ru_count(count: int) -> str:
    """`1 карту`, `3 карты`, `5 карт` (the accusative after a verb: «положите 3 карты»)."""
    if count % 10 == 1 and count % 100 != 11:
        return f"{count} карту"
    if count % 10 in (2, 3, 4) and count % 100 not in (12, 13, 14):
        return f"{count} карты"
    return f"{count} карт"
