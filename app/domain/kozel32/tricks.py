"""C32-25: winning a trick — the one comparison for every kind of trick of the кон (a
play-phase trick, trick 1 of pants and mirror, the star's open rounds, the barrel's circles)."""

from __future__ import annotations

from app.domain.kozel32 import table
from app.domain.kozel32.deck import card_points
from app.domain.kozel32.events import TrickTaken
from app.domain.kozel32.state import Laid, State, TrickKind


def trick_taken(state: State, kind: TrickKind, leader: int, plays: tuple[Laid, ...]) -> TrickTaken:
    """The highest trump, else the highest card of the led card's suit, takes the trick; its
    cards are turned up (the boaster's face-down card of pants, C32-15). A coffin is taken
    by its face-up pair alone (`boasts.coffins`)."""
    cards = [p.card for p in plays]
    winner = plays[table.trumps_of(state).winner(cards)].seat
    face_up = tuple(Laid(p.seat, p.card) for p in plays)
    return TrickTaken(kind, leader, face_up, winner, card_points(cards))
