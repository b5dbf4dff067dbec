"""The moves of a trick of several cards, in both games' words (K4-11..K4-14, B-9, B-10,
B-17): `lead`, `beat`, `discard` and `claim`, each with its `cards` (a set: any order is
read as the same set)."""

from __future__ import annotations

from dataclasses import dataclass

from app.domain.cards import Card
from app.domain.commands import Command


@dataclass(frozen=True, slots=True)
class Lead(Command):
    """K4-11, B-9: `k` cards of one suit (or class, or rank), face up."""

    TYPE = "lead"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Beat(Command):
    """K4-12, B-10: `k` cards that beat the top set card by card, face up."""

    TYPE = "beat"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Discard(Command):
    """K4-12, B-10: any `k` cards, face down."""

    TYPE = "discard"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Claim(Command):
    """K4-14: a молодка, laid as the new lead; B-17: a combination that takes the lead."""

    TYPE = "claim"
    seat: int
    cards: tuple[Card, ...]


CardsCommand = Lead | Beat | Discard | Claim
