"""Commands and events as one line of text each, for literal tests and golden games.

    shuffle 0a1b…   cut 1 7   draw 0   close 1   exchange 0   declare 0 H   claim_out 1
    lead 0 AS       play 1 KH resign 0

An event renders as its type and its payload fields (`trick_taken winner=0 points=21`).
"""

from __future__ import annotations

from typing import Any

from app.domain.cards import Card, Suit
from app.domain.commands import Command, Resign, ShuffleDeck
from app.domain.events import Event
from app.domain.sixty_six import (
    ClaimOut,
    CloseStock,
    CutDeck,
    DeclareMarriage,
    Draw,
    ExchangeTrump,
    LeadCard,
    PlayCard,
)


def parse_command(line: str) -> Command:
    verb, *args = line.split()
    if verb == "shuffle":
        return ShuffleDeck(bytes.fromhex(args[0]))
    seat = int(args[0])
    match verb:
        case "cut":
            return CutDeck(seat, int(args[1]))
        case "draw":
            return Draw(seat)
        case "close":
            return CloseStock(seat)
        case "exchange":
            return ExchangeTrump(seat)
        case "declare":
            return DeclareMarriage(seat, Suit(args[1]))
        case "claim_out":
            return ClaimOut(seat)
        case "lead":
            return LeadCard(seat, Card.parse(args[1]))
        case "play":
            return PlayCard(seat, Card.parse(args[1]))
        case "resign":
            return Resign(seat)
    raise ValueError(f"unknown command: {line}")


def render_command(command: Command) -> str:
    match command:
        case ShuffleDeck(seed=seed):
            return f"shuffle {seed.hex()}"
        case CutDeck(seat=seat, position=position):
            return f"cut {seat} {position}"
        case DeclareMarriage(seat=seat, suit=suit):
            return f"declare {seat} {suit.value}"
        case LeadCard(seat=seat, card=card) | PlayCard(seat=seat, card=card):
            return f"{command.TYPE} {seat} {card}"
        case Draw(seat=seat) | CloseStock(seat=seat) | ExchangeTrump(seat=seat):
            return f"{command.TYPE} {seat}"
        case ClaimOut(seat=seat) | Resign(seat=seat):
            return f"{command.TYPE} {seat}"
    raise AssertionError(command)


def render_event(event: Event) -> str:
    fields = " ".join(f"{name}={_value(value)}" for name, value in event.payload().items())
    return f"{event.TYPE} {fields}"


def _value(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return ",".join(f"{key}:{_value(item)}" for key, item in value.items())
    if isinstance(value, list):
        if value and all(isinstance(item, list) for item in value):
            return "|".join(_value(item) for item in value)
        return ",".join(_value(item) for item in value)
    return str(value)
