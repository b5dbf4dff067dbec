"""The engine's front door: start a game, apply commands, replay a log.

    events = start_game(Options(), first_dealer=0)
    state = replay(events)
    state, new = apply(state, ShuffleDeck(seed))

`apply` is `decide` followed by `evolve` over the new events; it returns both so the caller can
append the events to the log.
"""

from __future__ import annotations

from app.domain.errors import IllegalAction
from app.domain.kozel24.commands import Command, PlayCard
from app.domain.kozel24.decide import decide, decide_play
from app.domain.kozel24.events import CardPlayed, GameStarted, KozelEvent, TrickTaken
from app.domain.kozel24.evolve import card_played, fold, trick_closed
from app.domain.kozel24.options import Options
from app.domain.kozel24.state import SHUFFLE, GameState
from app.domain.seats import is_seat

VARIANT = "kozel24"


def start_game(options: Options, first_dealer: int) -> list[KozelEvent]:
    """K-7: the first dealer is chosen by the table (or at random by the server)."""
    if not is_seat(first_dealer):
        raise IllegalAction(f"no such seat: {first_dealer!r}")
    return [GameStarted(options, first_dealer)]


def apply(state: GameState, command: Command) -> tuple[GameState, list[KozelEvent]]:
    if type(command) is PlayCard:
        # The hot path: `decide` and `evolve` without their dispatch. A card that does not end
        # its trick is the one event `card_played`; the fourth card is followed by
        # `trick_taken` (and, at the end of the deal, by what the deal wrote).
        events = decide_play(state, command)
        played = events[0]
        if type(played) is CardPlayed:
            if len(events) == 1:
                return card_played(state, played), events
            taken = events[1]
            if type(taken) is TrickTaken:
                state = trick_closed(state, played, taken)
                return (state if len(events) == 2 else fold(state, events[2:])), events
    else:
        events = decide(state, command)
    return fold(state, events), events


def is_chance_node(state: GameState) -> bool:
    """The engine waits for a seed (`ShuffleDeck`), not for a seat."""
    return state.phase is SHUFFLE
