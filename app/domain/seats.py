"""Seats and sides.

Seats are `0..n-1` clockwise; "next" is `seat + 1 mod n` in every game. A **side** is what a
game scores: a team of partners, or a single player where each plays for himself
(`shared/rules/README.md`). Every per-side figure is a tuple indexed by side. Seats and sides
are plain ints on the wire and in the log.

The module-level helpers below are the four-seat partnership of K-1 (team 0 = seats 0 and 2,
team 1 = seats 1 and 3), which the team games of four share.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where at one table: `count` seats clockwise, and the teams, if any."""

    count: int
    teams: tuple[tuple[int, ...], ...] | None = None
    """The seats of each team, in side order; None where each plays for himself."""
    dummies: tuple[int, ...] = ()
    """Seats that no player takes: a blind dummy (C32-34), played by the player its game
    names (it never appears in `to_act`: its controller acts for it)."""

    def __post_init__(self) -> None:
        if self.teams is not None:
            seated = sorted(seat for team in self.teams for seat in team)
            if seated != list(range(self.count)):
                raise ValueError(f"teams {self.teams} do not seat 0..{self.count - 1} once each")

    @property
    def seats(self) -> range:
        return range(self.count)

    @property
    def players(self) -> tuple[int, ...]:
        """The seats a player (or a bot) takes."""
        return tuple(seat for seat in self.seats if seat not in self.dummies)

    @property
    def sides(self) -> int:
        """How many sides score: the teams, or the players."""
        return self.count if self.teams is None else len(self.teams)

    def next(self, seat: int, steps: int = 1) -> int:
        """The player `steps` places clockwise of `seat` (counter-clockwise when negative)."""
        return (seat + steps) % self.count

    def side_of(self, seat: int) -> int:
        if self.teams is None:
            return seat
        return next(side for side, team in enumerate(self.teams) if seat in team)

    def seats_of(self, side: int) -> tuple[int, ...]:
        return (side,) if self.teams is None else self.teams[side]

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of `seat`'s side (none where each plays for himself)."""
        return tuple(s for s in self.seats_of(self.side_of(seat)) if s != seat)

    def is_seat(self, value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < self.count


def each_for_himself(count: int) -> Seating:
    return Seating(count)


PARTNERS = Seating(4, ((0, 2), (1, 3)))
"""Four seats in two teams, partners opposite (K-1, C32-1, K4-1)."""

SEATS: tuple[int, ...] = (0, 1, 2, 3)


def next_seat(seat: int) -> int:
    """The next player clockwise (four seats)."""
    return (seat + 1) % 4


def previous_seat(seat: int) -> int:
    """The next player counter-clockwise (four seats)."""
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
    return PARTNERS.is_seat(value)


def add_for_team(pair: tuple[int, ...], team: int, amount: int) -> tuple[int, int]:
    """A per-team pair with `amount` added to `team`'s count."""
    if team == 0:
        return (pair[0] + amount, pair[1])
    return (pair[0], pair[1] + amount)
