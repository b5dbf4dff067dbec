"""Who sits where: four seats in two teams, a table of three with a blind (or two blinds at a
table of two), or the queen-of-spades game of three (C32-1, C32-33 … C32-36).

A table of `players` players maps to game seats so:
- 4 players: seats 0..3, team 0 = seats 0 and 2, team 1 = seats 1 and 3 (C32-1);
- 3 players, `three_player_mode = blind`: the four-seat game, seat 3 is the blind and its
  partner, seat 1, its controller (C32-34); the players take seats 0, 1 and 2;
- 3 players, `three_player_mode = queen_of_spades`: seats 0..2, each his own side (C32-36);
- 2 players: the four-seat game with two blinds, seats 2 and 3, controlled by the players
  opposite them, seats 0 and 1, who are on opposite teams (C32-34 "Two blinds").
"""

from __future__ import annotations

from functools import cache

from app.domain.kozel32.deck import ranking
from app.domain.kozel32.options import Options
from app.domain.kozel32.state import Deal, Kon, State
from app.domain.ranking import Ranking
from app.domain.seats import PARTNERS, Seating

PLAYER_COUNTS = (4, 3, 2)
TEAMS = ((0, 2), (1, 3))


@cache
def seating(players: int, queen_of_spades: bool) -> Seating:
    if players == 4:
        return PARTNERS
    if players == 3 and queen_of_spades:
        return Seating(3)
    return Seating(4, TEAMS, dummies=tuple(range(players, 4)))


def seating_for(players: int, options: Options) -> Seating:
    return seating(players, is_queen_of_spades(players, options))


def is_queen_of_spades(players: int, options: Options) -> bool:
    return players == 3 and options.three_player_mode == "queen_of_spades"


def controller(seats: Seating, seat: int) -> int:
    """The player who acts for `seat`: itself, or for a blind the player opposite it."""
    return (seat + 2) % 4 if seat in seats.dummies else seat


def partner(seats: Seating, seat: int) -> int | None:
    """The partner of `seat` at a table of teams; None where each plays for himself."""
    partners = seats.partners(seat)
    return partners[0] if partners else None


def seats_of(state: State) -> Seating:
    return seating(state.players, is_queen_of_spades(state.players, state.options))


def side_of(state: State, seat: int) -> int:
    return seats_of(state).side_of(seat)


def trumps_of(state: State) -> Ranking:
    """The trumps in force in the current deal (C32-3, C32-5)."""
    deal = state.deal
    assert deal is not None
    return ranking(state.options.trump_preset, deal.trump)


def privileged(state: State) -> int | None:
    """The seat C32-22 lets lead trumps freely: the boaster, or the soloist (C32-36)."""
    if state.deal is not None and state.deal.soloist is not None:
        return state.deal.soloist
    return None if state.kon is None else state.kon.boaster


def catch_sides(state: State, seat: int) -> int:
    """The "opposite teams" of the catch (C32-26): the teams, or at the queen-of-spades table
    the soloist against the two defenders (C32-36)."""
    deal = state.deal
    if deal is not None and deal.soloist is not None:
        return 0 if seat == deal.soloist else 1
    return side_of(state, seat)


def kon_of(state: State) -> Kon:
    """The running (or last) кон."""
    assert state.kon is not None, "no кон has been dealt yet"
    return state.kon


def deal_of(state: State) -> Deal:
    """The cards of the running (or last) deal."""
    assert state.deal is not None, "no deal has been shuffled yet"
    return state.deal
