"""Seats and teams of a four-player partnership game (K-1).

Seats are `0..3` clockwise; partners sit opposite, so team 0 is seats 0 and 2 and team 1 is
seats 1 and 3. Seats and teams are plain ints on the wire and in the log.
"""

from __future__ import annotations

SEATS: tuple[int, ...] = (0, 1, 2, 3)


def next_seat(seat: int) -> int:
    """The next player clockwise."""
    return (seat + 1) % 4


def previous_seat(seat: int) -> int:
    """The next player counter-clockwise."""
    return (seat - 1) % 4


def partner(seat: int) -> int:
    return (seat + 2) % 4


def team_of(seat: int) -> int:
    return seat % 2


def other_team(team: int) -> int:
    return 1 - team


def seats_of(team: int) -> tuple[int, int]:
    return (team, team + 2)


def is_seat(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 4


def add_for_team(pair: tuple[int, ...], team: int, amount: int) -> tuple[int, int]:
    """A per-team pair with `amount` added to `team`'s count."""
    if team == 0:
        return (pair[0] + amount, pair[1])
    return (pair[0], pair[1] + amount)
