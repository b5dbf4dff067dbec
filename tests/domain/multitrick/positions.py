"""Helpers for literal positions of the family's games: card sets in the engine's spelling,
moves applied through the game interface, games started and deals played out."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from app.domain.cards import Card, parse_cards
from app.domain.commands import Command
from app.domain.events import Event
from app.domain.game import Game
from app.domain.multitrick.deck import canonical

Play = Callable[..., tuple[Any, list[Event]]]


def cards(codes: str) -> tuple[Card, ...]:
    """A set of cards in the engine's one spelling (`deck.canonical`)."""
    return canonical(parse_cards(codes))


def player(game: Game[Any, Any]) -> Play:
    """`play(state, *commands)`: apply each command in turn; the events of the last one are
    returned with the state."""

    def play(state: Any, *commands: Command) -> tuple[Any, list[Event]]:
        events: list[Event] = []
        for command in commands:
            events = game.decide(state, command)
            for event in events:
                state = game.evolve(state, event)
        return state, events

    return play


def started(game: Game[Any, Any], options: Any, seats: int, first_dealer: int) -> Any:
    state = None
    for event in game.start_game(options, seats, first_dealer):
        state = game.evolve(state, event)
    return state


def play_out_deal(game: Game[Any, Any], state: Any, seed: int = 0) -> Any:
    """Seeded random legal moves (never a declaration) until the deal is over."""
    rng, play = random.Random(seed), player(game)
    while game.deal_running(state):
        seat = game.to_act(state)[0]
        moves = [a for a in game.legal_actions(state, seat) if a.TYPE != "declare"]
        state, _ = play(state, rng.choice(moves))
    return state
